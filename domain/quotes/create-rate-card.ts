import { getDb } from '../../db/client'
import { providerRates } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { assertPricingEditor } from './pricing-guards'
import { lockProviderForRateCard, presentRateCard } from './rate-cards'
import type { RateCardInput } from './quotes.schemas'
import { defineUseCase } from '../shared/authorize'

/**
 * POST /oshc/pricing/createRateCard (staff with `finance`): adds a rate card. 404 for an unknown
 * insurer; 409 when its window overlaps another card of the same insurer and policy type.
 */
export const createRateCard = defineUseCase(
  { staff: ['finance'] },
  async function createRateCard(opts: { actor: Actor; input: RateCardInput }) {
    const { actor, input } = opts
    assertPricingEditor(actor)
    return getDb().transaction(async (tx) => {
      const provider = await lockProviderForRateCard(tx, input)
      const [row] = await tx
        .insert(providerRates)
        .values({
          provider_id: input.provider_id,
          policy_type: input.policy_type,
          monthly_rate: input.monthly_rate,
          currency: input.currency,
          valid_from: input.valid_from,
          valid_to: input.valid_to,
        })
        .returning()
      return presentRateCard(row, provider)
    })
  },
)
