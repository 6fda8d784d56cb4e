import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { providerRates } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { assertPricingEditor } from './pricing-guards'
import { lockProviderForRateCard, presentRateCard } from './rate-cards'
import type { RateCardInput } from './quotes.schemas'
import { defineUseCase } from '../shared/authorize'

/**
 * PUT /oshc/pricing/updateRateCard/{id} (staff with `finance`): replaces a rate card's insurer,
 * type, rate and window. 404 for an unknown card or insurer; 409 when the new window overlaps
 * another card of the same insurer and type. Policies already priced keep their premium.
 */
export const updateRateCard = defineUseCase(
  { staff: ['finance'] },
  async function updateRateCard(opts: { actor: Actor; id: number; input: RateCardInput }) {
    const { actor, input } = opts
    assertPricingEditor(actor)
    return getDb().transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(providerRates)
        .where(eq(providerRates.id, opts.id))
        .for('update')
      if (!current) throw notFound('Rate card')
      const provider = await lockProviderForRateCard(tx, input, current.id)
      const [row] = await tx
        .update(providerRates)
        .set({
          provider_id: input.provider_id,
          policy_type: input.policy_type,
          monthly_rate: input.monthly_rate,
          currency: input.currency,
          valid_from: input.valid_from,
          valid_to: input.valid_to,
        })
        .where(eq(providerRates.id, current.id))
        .returning()
      return presentRateCard(row, provider)
    })
  },
)
