// The one writer of a premium received in parts and of a receipt over it, whichever channel brought
// the money (a bank statement line, a NexPay delivery): DESIGN.md §14, short stays due, over goes
// to suspense. Always in the caller's transaction, with the policy locked.
import type { DbOrTx } from '../../../db/client'
import type { PAYMENT_METHODS } from '../../../db/schema/enums'
import type { Actor } from '../../shared/actor'
import type { PolicyStatus } from '../../policies/policies.rules'
import { recordPolicyHistory } from '../../policies/policy-history'
import { postDeliveryExcess, postPremiumDelivery } from '../../money/money-postings'
import { recordInvoicePayment } from '../invoices/invoice-payments'
import { setPremiumReceived } from './premium-payments'
import { openPremiumInvoices } from './settle-premium'

type Payment = Parameters<typeof postPremiumDelivery>[1] & {
  received_amount: number
  payment_type: (typeof PAYMENT_METHODS)[number]
}

/** What arrived for a premium and how it is recorded: the receipt's key, and its history row. */
export type PremiumReceipt = {
  policy: { id: number; status: PolicyStatus }
  payment: Payment
  cents: number
  actor: Actor | string
  /** The journal's delivery key part (unique per receipt of the payment). */
  key: string
  /** The invoice payment's reference and meta. */
  invoiceRef: string
  invoiceMeta: Record<string, unknown>
  journalNote?: string
  /** The account the money comes from when not the payment's channel (suspense). */
  from?: string
  history: { action: string; note: string; meta: Record<string, unknown> }
}

/**
 * A receipt short of what is still due: the payment's received_amount grows by `cents`, the
 * policy's open premium invoice is paid in part, the journal receives it for the policy from the
 * payment's channel, and a history row is written. The policy keeps waiting for the rest.
 */
export async function receivePremiumPart(tx: DbOrTx, r: PremiumReceipt) {
  await setPremiumReceived(tx, r.payment.id, r.payment.received_amount + r.cents)
  const [invoice] = await openPremiumInvoices(tx, r.policy.id)
  if (invoice)
    await recordInvoicePayment(tx, {
      invoiceId: invoice.id,
      method: r.payment.payment_type,
      amount: r.cents,
      status: 'COMPLETED',
      actor: r.actor,
      ref: r.invoiceRef,
      meta: r.invoiceMeta,
    })
  await postPremiumDelivery(tx, r.payment, {
    deliveryId: r.key,
    cents: r.cents,
    actor: r.actor,
    note: r.journalNote,
    from: r.from,
  })
  await recordPolicyHistory(tx, {
    policyId: r.policy.id,
    action: r.history.action,
    actor: r.actor,
    fromStatus: r.policy.status,
    status: r.policy.status,
    note: r.history.note,
    meta: r.history.meta,
  })
}

/** What a receipt paid over the premium: held in suspense for staff, with a history row. */
export async function holdPremiumExcess(
  tx: DbOrTx,
  r: Omit<PremiumReceipt, 'invoiceRef' | 'invoiceMeta' | 'policy'> & { policyId: number },
) {
  await postDeliveryExcess(tx, r.payment, {
    deliveryId: r.key,
    cents: r.cents,
    actor: r.actor,
    note: r.journalNote,
  })
  await recordPolicyHistory(tx, {
    policyId: r.policyId,
    action: r.history.action,
    actor: r.actor,
    note: r.history.note,
    meta: r.history.meta,
  })
}
