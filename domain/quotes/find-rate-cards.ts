import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { insuranceProviders, providerRates } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { assertPricingEditor } from './pricing-guards'
import { presentRateCard } from './rate-cards'
import type { RateCardListQuery } from './quotes.schemas'
import { defineUseCase } from '../shared/authorize'

/**
 * GET /oshc/pricing/getRateCards (staff with `finance`): every rate card, by insurer, policy type
 * and newest window first, optionally for one insurer and/or type.
 */
export const findRateCards = defineUseCase(
  { staff: ['finance'] },
  async function findRateCards(opts: { actor: Actor; input?: RateCardListQuery }) {
    assertPricingEditor(opts.actor)
    const where: SQL[] = []
    if (opts.input?.provider_id) where.push(eq(providerRates.provider_id, opts.input.provider_id))
    if (opts.input?.policy_type) where.push(eq(providerRates.policy_type, opts.input.policy_type))
    const rows = await getDb()
      .select({ card: providerRates, provider: { id: insuranceProviders.id, name: insuranceProviders.name } })
      .from(providerRates)
      .innerJoin(insuranceProviders, eq(insuranceProviders.id, providerRates.provider_id))
      .where(where.length ? and(...where) : undefined)
      .orderBy(
        asc(insuranceProviders.id),
        asc(providerRates.policy_type),
        desc(providerRates.valid_from),
        desc(providerRates.id),
      )
    return rows.map((r) => presentRateCard(r.card, r.provider))
  },
)
