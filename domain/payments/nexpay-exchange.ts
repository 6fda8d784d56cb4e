// A NexPay delivery for a premium quoted in another currency (issue 25): NexPay pays out AUD at its
// own rate, so what arrives differs a little from what was quoted; within FX_TOLERANCE_BPS the
// premium settles at the quoted amount and the difference is posted to house:fx.
import { and, desc, eq, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { exchangeRateQuotes } from '../../db/schema'
import { config } from '../shared/config'
import { formatCents } from '../shared/format'
import { postFxDifference } from '../money/fx-postings'
import { fxDifference } from './payments.rules'
import { NEXPAY_ACTOR } from './nexpay-actor'

type Payment = {
  id: number
  policy_id: number
  agency_id: number
  payment_type: string
  amount: number
  surcharge_amount: number
  received_amount: number
}

/**
 * The exchange difference of a delivery of `cents` AUD (received - owed), posted in `sp` and noted
 * in `meta`, when the policy's newest exchange quote that is not AUD is for the whole of what the
 * payment asks and the delivery is within FX_TOLERANCE_BPS of what is still owed; null otherwise
 * (no such quote, or too far off: a short or over payment like any other). The quote's own AUD
 * figure is the caller's (quotesCreate), so it must be the payment's: a quote for less makes no
 * shortfall an exchange loss.
 */
export async function postExchangeDifference(
  sp: DbOrTx,
  r: { payment: Payment; deliveryId: string; cents: number; meta: Record<string, unknown> },
) {
  const { payment } = r
  const due = payment.amount + payment.surcharge_amount
  const owed = due - payment.received_amount
  const [quote] = await sp
    .select({
      currency: exchangeRateQuotes.payment_currency,
      amount: exchangeRateQuotes.payment_amount,
      rate: exchangeRateQuotes.client_rate,
      total: exchangeRateQuotes.total_amount,
    })
    .from(exchangeRateQuotes)
    .where(
      and(
        eq(exchangeRateQuotes.policy_id, payment.policy_id),
        ne(exchangeRateQuotes.payment_currency, 'AUD'),
      ),
    )
    .orderBy(desc(exchangeRateQuotes.id))
    .limit(1)
  if (!quote || quote.total !== due) return null
  const diff = fxDifference(owed, r.cents, config().FX_TOLERANCE_BPS)
  if (diff === null) return null
  await postFxDifference(sp, payment, {
    deliveryId: r.deliveryId,
    cents: diff,
    actor: NEXPAY_ACTOR,
    note: `NexPay delivery ${r.deliveryId}: ${formatCents(r.cents)} for ${formatCents(owed)} quoted as ${(quote.amount / 100).toFixed(2)} ${quote.currency} at ${quote.rate}`,
    paid: { currency: quote.currency, amount: quote.amount, rate: quote.rate },
  })
  Object.assign(r.meta, { fx_difference: diff, fx_currency: quote.currency })
  return { diff, currency: quote.currency }
}

/** "A$1.20 exchange loss" / "A$0.80 exchange gain". */
export const fxWords = (diff: number) =>
  `${formatCents(Math.abs(diff))} exchange ${diff < 0 ? 'loss' : 'gain'}`
