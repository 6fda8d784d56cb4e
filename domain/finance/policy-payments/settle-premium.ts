import { and, eq, isNull, notInArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { commissions, invoiceLineItems, invoices, policyPremiumPayments } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { lockPolicyFor, transitionPolicy } from '../../policies/policy-history'
import { notifyPolicyPurchased } from '../../policies/policy-notices'
import { CLOSED_INVOICE_STATUSES, recordInvoicePayment } from '../invoices/invoice-payments'
import { markPremiumLinesCommissionBanked } from '../invoices/premium-invoice-settlement'
import { clock } from '../../shared/clock'
import { formatCents } from '../../shared/format'
import { notify } from '../../notifications/notify'
import { postCommissionBanked, postPremiumSettled } from '../../money/money-postings'
import { agencyLinks } from '../../shared/links'

/**
 * The one way a premium becomes paid, in `tx`: the premium payment turns PAID, the policy moves
 * to PAYMENT_APPROVED (from PURCHASED on staff approval or a NexPay webhook, or directly on a
 * balance or card purchase), the commission is banked and the policy's PREMIUM invoice is paid
 * (a COMPLETED invoice payment of its outstanding, with the premium payment's method). The money
 * journal records it beside: the premium received from the channel's clearing account (card, bank,
 * NexPay: postPremiumSettled) and the commission banked (postCommissionBanked).
 * `action` picks the allowed start statuses; anything else is a 409. Callers settle only money
 * received in full (a NexPay delivery short of the premium is recorded as a partial payment by
 * the webhook and never reaches here), so the commission banks only on a whole premium.
 */
export async function settlePremiumPayment(
  tx: DbOrTx,
  opts: {
    policyId: number
    paymentId: number
    action: 'approvePayment' | 'purchasePaid'
    actor: Actor | string
    decidedBy?: number | null
    note?: string | null
    set?: Parameters<typeof transitionPolicy>[3]['set']
  },
) {
  const policy = await lockPolicyFor(tx, opts.policyId, opts.action)
  const premiumPayment = await markPremiumPaid(tx, opts.paymentId, opts.decidedBy ?? null)
  // The journal receives the premium in the same transaction (card, bank, NexPay; the balance and
  // BNPL purchases posted through their ledgers already).
  if (premiumPayment) await postPremiumSettled(tx, premiumPayment, opts.actor)
  await transitionPolicy(tx, policy, opts.action, {
    actor: opts.actor,
    note: opts.note,
    set: opts.set,
    meta: { payment_id: opts.paymentId },
  })
  await bankPolicyCommission(tx, policy, opts.actor)
  // The premium invoice is paid by a COMPLETED payment of what it still owes, so that every paid
  // invoice is explained by its payments.
  for (const inv of await openPremiumInvoices(tx, policy.id)) {
    if (inv.outstanding <= 0) continue
    await recordInvoicePayment(tx, {
      invoiceId: inv.id,
      method: premiumPayment?.payment_type ?? 'BANK',
      amount: inv.outstanding,
      status: 'COMPLETED',
      actor: opts.actor,
      ref: premiumPayment?.receipt_id ?? null,
      meta: { premium_payment_id: opts.paymentId },
    })
  }
  await markPremiumLinesCommissionBanked(tx, [policy.id])
  // Paid: the policy team has a certificate to issue.
  await notifyPolicyPurchased(tx, policy, premiumPayment?.payment_type ?? policy.payment_method ?? 'BANK')
  return policy
}

/** The premium payment is PAID, received in full: its received_amount is its whole amount from here. */
async function markPremiumPaid(tx: DbOrTx, paymentId: number, decidedBy: number | null) {
  const [premiumPayment] = await tx
    .update(policyPremiumPayments)
    .set({
      status: 'PAID',
      paid_at: clock.now(),
      decided_by: decidedBy,
      received_amount: sql`${policyPremiumPayments.amount} + ${policyPremiumPayments.surcharge_amount}`,
    })
    .where(eq(policyPremiumPayments.id, paymentId))
    .returning()
  return premiumPayment
}

/** The policy's PENDING commission is banked, posted to the journal, and the agency notified. */
async function bankPolicyCommission(
  tx: DbOrTx,
  policy: { id: number; ref: string; agency_id: number },
  actor: Actor | string,
) {
  const [banked] = await tx
    .update(commissions)
    .set({ status: 'COMMISSION_BANKED' })
    .where(and(eq(commissions.policy_id, policy.id), eq(commissions.status, 'PENDING')))
    .returning({
      id: commissions.id,
      agency_id: commissions.agency_id,
      policy_id: commissions.policy_id,
      amount: commissions.amount,
    })
  if (!banked) return
  await postCommissionBanked(tx, [banked], actor)
  await notify(
    tx,
    {
      eventType: 'COMMISSION_GENERATED',
      title: `Commission banked on policy ${policy.ref}`,
      message: `${formatCents(banked.amount)} is banked for your agency and can be requested in a payout.`,
      link: agencyLinks.commission,
      meta: { policy_id: policy.id },
    },
    { agencyId: policy.agency_id },
  )
}

/** The policy's issued premium invoices that are not closed yet, with what each still owes. */
export function openPremiumInvoices(tx: DbOrTx, policyId: number) {
  return tx
    .selectDistinct({ id: invoices.id, outstanding: invoices.total_outstanding_amount })
    .from(invoices)
    .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
    .where(
      and(
        eq(invoiceLineItems.policy_id, policyId),
        eq(invoices.invoice_type, 'PREMIUM'),
        isNull(invoices.amendment_id),
        notInArray(invoices.status, ['DRAFT', ...CLOSED_INVOICE_STATUSES]),
      ),
    )
}
