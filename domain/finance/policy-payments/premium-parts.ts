// The one writer of a premium received in parts and of a receipt over it, whichever channel brought
// the money (a bank statement line, a NexPay delivery), and of the parts given back when its payment
// is rejected: DESIGN.md §14, short stays due, over goes to suspense, and nothing is kept for a
// premium no longer due. Always in the caller's transaction, with the policy locked.
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import type { policies } from '../../../db/schema'
import type { PAYMENT_METHODS } from '../../../db/schema/enums'
import type { Actor, StaffActor } from '../../shared/actor'
import type { PolicyStatus } from '../../policies/policies.rules'
import { recordPolicyHistory } from '../../policies/policy-history'
import { postDeliveryExcess, postPremiumDelivery, premiumKeys } from '../../money/money-postings'
import { account } from '../../money/accounts'
import { postTransfers, type TransferInput } from '../../money/journal'
import { formatCents } from '../../shared/format'
import { reissuePremiumInvoice } from '../../policies/premium-invoices'
import { withoutGst } from '../../quotes/pricing.rules'
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

/**
 * The parts of a premium received before its payment was rejected (DESIGN.md §14: nothing is kept
 * for a premium no longer due): each source's parts leave the policy's premium received for
 * suspense, where a decision refunds, allocates or credits them. A part that came by a channel is
 * returned to that channel's clearing account and held from there (so the suspense item knows
 * whom to refund); one allocated from suspense goes straight back. Answers the cents moved.
 */
async function postPartsReturned(tx: DbOrTx, p: Payment, d: { actor: Actor | string; note: string }) {
  const { rows } = await tx.execute<{ source: string; cents: string }>(sql`
    select a.code as source, sum(t.amount) as cents from money_transfers t
    join money_accounts a on a.id = t.debit_account_id
    where t.idempotency_key like ${premiumKeys.delivery(p.id, '%')} and t.state = 'POSTED'
    group by a.code order by a.code`)
  const links = {
    agencyId: p.agency_id,
    policyId: p.policy_id,
    paymentId: p.id,
    actor: d.actor,
    note: d.note,
  }
  const received = account.policyPremiumReceived(p.policy_id)
  const transfers: TransferInput[] = []
  for (const { source, cents } of rows) {
    const amount = Number(cents)
    const back = { ...links, amount, code: 'ADJUSTMENT' as const }
    transfers.push({ ...back, key: premiumKeys.returned(p.id, source), debit: received, credit: source })
    // From a channel it is held in suspense from there, so that the item knows whom to refund.
    if (source !== account.suspense)
      transfers.push({
        ...links,
        amount,
        code: 'OVERPAYMENT',
        key: premiumKeys.held(p.id, source),
        debit: source,
        credit: account.suspense,
      })
  }
  await postTransfers(tx, transfers)
  return rows.reduce((sum, r) => sum + Number(r.cents), 0)
}

/**
 * A payment rejected with parts of its premium received (DESIGN.md §14: nothing is kept for a
 * premium no longer due): the parts leave the policy for suspense, where finance refunds, allocates
 * or credits them by a decision (maker-checker), and the premium invoice they were paid on is
 * replaced by a fresh one for the full premium, which the agency pays again. Answers the cents held
 * (0 when no part was received).
 */
export async function returnPremiumParts(
  tx: DbOrTx,
  r: { policy: typeof policies.$inferSelect; payment: Payment; actor: StaffActor; reason: string },
) {
  const { policy, payment, actor, reason } = r
  if (payment.received_amount <= 0) return 0
  const note = `Payment for policy ${policy.ref} rejected (${reason}): what was received is held in suspense`
  const cents = await postPartsReturned(tx, payment, { actor, note })
  const premium = policy.premium ?? payment.amount
  const gst = policy.gst_rate ?? '0'
  await reissuePremiumInvoice(
    tx,
    {
      ...policy,
      premium,
      premium_without_gst: policy.premium_without_gst ?? withoutGst(premium, gst),
      gst_rate: gst,
    },
    `The payment was rejected after ${formatCents(cents)} was received: that is held for a refund, and the premium is due again in full`,
    actor.identityId,
  )
  return cents
}
