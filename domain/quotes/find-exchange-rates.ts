import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { exchangeRates } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { assertPricingEditor } from './pricing-guards'
import { defineUseCase } from '../shared/authorize'

export const presentExchangeRate = (r: typeof exchangeRates.$inferSelect) => ({
  id: r.id,
  base: 'AUD' as const,
  currency: r.currency,
  rate: Number(r.rate),
  updated_at: r.updated_at,
})

/** GET /oshc/pricing/getExchangeRates (staff with `finance`): 1 AUD in each other currency, by code. */
export const findExchangeRates = defineUseCase(
  { staff: ['finance'] },
  async function findExchangeRates(opts: { actor: Actor }) {
    assertPricingEditor(opts.actor)
    const rows = await getDb()
      .select()
      .from(exchangeRates)
      .orderBy(sql`${exchangeRates.currency}::text`)
    return rows.map(presentExchangeRate)
  },
)
