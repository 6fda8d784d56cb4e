import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { exchangeRateQuotes, exchangeRates } from '../../db/schema'
import type { CURRENCIES } from '../../db/schema/enums'
import type { Actor } from '../shared/actor'
import { clock } from '../shared/clock'
import { conflict } from '../shared/errors'
import { fromCents } from '../shared/money'
import { convertCents, QUOTE_VALIDITY_MS } from './payments.rules'
import { findPaymentLink } from './get-payment-link'
import { loadPolicyFor } from './purchase-loading'
import { defineUseCase } from '../shared/authorize'

type Currency = (typeof CURRENCIES)[number]

/** Stores a 15-minute quote for paying `totalCents` AUD in `paymentCurrency` (1 AUD = rate units). */
async function writeExchangeQuote(opts: {
  totalCents: number
  paymentCurrency: Currency
  policyId?: number | null
}) {
  let rate = '1'
  if (opts.paymentCurrency !== 'AUD') {
    const [r] = await getDb()
      .select()
      .from(exchangeRates)
      .where(eq(exchangeRates.currency, opts.paymentCurrency))
    if (!r) throw conflict(`No exchange rate for ${opts.paymentCurrency} is set`)
    rate = r.rate
  }
  const now = clock.now()
  const [q] = await getDb()
    .insert(exchangeRateQuotes)
    .values({
      policy_id: opts.policyId ?? null,
      currency_pair: `AUD/${opts.paymentCurrency}`,
      client_rate: rate,
      total_amount: opts.totalCents,
      payment_amount: convertCents(opts.totalCents, rate),
      payment_currency: opts.paymentCurrency,
      valid_from: now,
      valid_to: new Date(now.getTime() + QUOTE_VALIDITY_MS),
      // Clients refresh a minute before the quote lapses.
      refresh_at: new Date(now.getTime() + QUOTE_VALIDITY_MS - 60_000),
    })
    .returning()
  return {
    id: q.id,
    policy_id: q.policy_id,
    client_rate: Number(q.client_rate),
    currency_pair: q.currency_pair,
    total_amount: fromCents(q.total_amount),
    total_currency: 'AUD',
    payment_amount: fromCents(q.payment_amount),
    payment_currency: q.payment_currency,
    valid_from: q.valid_from,
    valid_to: q.valid_to,
    refresh_at: q.refresh_at,
  }
}

/**
 * quotesCreate: an exchange-rate quote for paying an AUD amount (cents) in `paymentCurrency`,
 * from the staff-editable rate table (AUD itself is rate 1), valid 15 minutes and stored. The
 * agency side or staff; a policy_id must be one they may see.
 */
export const createExchangeQuote = defineUseCase(
  { staff: ['finance'], agency: ['purchase', 'finance'] },
  async function createExchangeQuote(opts: {
    actor: Actor
    totalCents: number
    paymentCurrency: Currency
    policyId?: number | null
  }) {
    if (opts.policyId) await loadPolicyFor(opts.actor, opts.policyId)
    return writeExchangeQuote(opts)
  },
)

/**
 * The public payment page's quote for its own link: anyone holding the unguessable reference may
 * see the link's amount in another currency. The amount is the link's, never the caller's.
 */
export async function quotePaymentLink(opts: { reference: string; paymentCurrency: Currency }) {
  const { link } = await findPaymentLink(opts.reference)
  return writeExchangeQuote({ totalCents: link.amount, paymentCurrency: opts.paymentCurrency })
}
