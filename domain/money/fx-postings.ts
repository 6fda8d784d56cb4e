// The exchange difference of a receipt in another currency (issue 25): what a premium quoted in
// another currency brought in AUD against what was due, between house:fx and the channel's
// clearing account, in the caller's transaction. Keys are persisted: change them only by adding.
import type { DbOrTx } from '../../db/client'
import { account, premiumChannel } from './accounts'
import { postTransfers } from './journal'
import type { Actor } from '../shared/actor'

type PremiumPayment = { id: number; policy_id: number; agency_id: number; payment_type: string }

/** The key of a payment's exchange difference on one delivery. */
export const fxKey = (paymentId: number, deliveryId: string) =>
  `premium-payment:${paymentId}:fx:${deliveryId}`

/**
 * A receipt of a premium quoted in another currency brought `cents` AUD more (> 0) or less (< 0)
 * than was due (FX_DIFFERENCE): a gain moves from the channel's clearing account to house:fx, a
 * loss from house:fx to the clearing account, so the clearing account then holds what was due and
 * the premium settles from it at the quoted amount. The quote's currency, amount and rate are
 * recorded on the transfer.
 */
export function postFxDifference(
  tx: DbOrTx,
  p: PremiumPayment,
  d: {
    deliveryId: string
    cents: number
    actor: Actor | string
    note: string
    paid: { currency: string; amount: number; rate: string }
  },
) {
  if (d.cents === 0) return Promise.resolve([])
  const clearing = account.clearing(premiumChannel(p.payment_type) ?? 'nexpay')
  const fx = account.house('fx')
  return postTransfers(tx, [
    {
      key: fxKey(p.id, d.deliveryId),
      debit: d.cents > 0 ? clearing : fx,
      credit: d.cents > 0 ? fx : clearing,
      amount: Math.abs(d.cents),
      code: 'FX_DIFFERENCE',
      note: d.note,
      agencyId: p.agency_id,
      policyId: p.policy_id,
      paymentId: p.id,
      actor: d.actor,
      paid: d.paid,
    },
  ])
}
