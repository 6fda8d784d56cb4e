import { getDb } from '../../db/client'
import { exchangeRates } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { assertPricingEditor } from './pricing-guards'
import { presentExchangeRate } from './find-exchange-rates'
import type { ExchangeRateInput } from './quotes.schemas'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'

/**
 * PUT /oshc/pricing/updateExchangeRate (staff with `finance`): sets 1 AUD = `rate` units of
 * `currency` (rate > 0), creating the currency's row when missing. Exchange-rate quotes issued
 * from now on use it; quotes already issued keep their rate. Idempotent.
 */
export const updateExchangeRate = defineUseCase(
  { staff: ['finance'] },
  async function updateExchangeRate(opts: { actor: Actor; input: ExchangeRateInput }) {
    assertPricingEditor(opts.actor)
    const { currency, rate } = opts.input
    const [row] = await getDb()
      .insert(exchangeRates)
      .values({ currency, rate })
      .onConflictDoUpdate({ target: exchangeRates.currency, set: { rate, updated_at: clock.now() } })
      .returning()
    return presentExchangeRate(row)
  },
)
