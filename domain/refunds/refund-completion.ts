// The effects of paying an APPROVED full refund, composed by completeRefund in its one transaction
// (the refund row locked, then the policy): the net paid through its writers (the FULL_REFUND
// invoice, the balance ledger or the journal, the invoice payment), the commission deducted kept by
// the house, a commission not paid out cancelled, one paid out clawed back (openClawback), the
// refund and the policy completed, the task closed and the agency notified.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { fullRefunds, identities, oshcUsers } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { isoDate } from '../shared/clock'
import { formatCents } from '../shared/format'
import { PAYMENT_METHOD_LABELS } from '../shared/labels'
import { notify } from '../notifications/notify'
import { closeWorkflowTasks } from '../tasks/workflow-tasks'
import { lockPolicyFor, transitionPolicy } from '../policies/policy-history'
import { recordInvoicePayment } from '../finance/invoices/invoice-payments'
import { postBalanceEntry } from '../finance/ledger/ledger'
import { modifyPolicyFinance } from '../finance/policy-payments/modify-policy-finance'
import { staffAsNow } from '../money/authority'
import { account, COMMISSION_PAYABLE_STATUSES } from '../money/accounts'
import { postTransfers } from '../money/journal'
import { postCommissionChange, postPremiumReturned } from '../money/money-postings'
import { openClawback } from '../clawbacks/open-clawback'
import { markPremiumsFullRefunded } from '../finance/policy-payments/premium-payments'
import { cancelCommission } from '../finance/payouts/commission-changes'
import { agencyPolicyPath, policyMoney, type RefundRow } from './refund-loading'
import { assertCommissionSettled } from './refund-guards'
import { staffOf } from './refund-decision'
import { clawbackRest, COMMISSION_NOT_PAID_OUT, COMMISSION_PAID_OUT, netRefund } from './refunds.rules'

/** The refund being paid, with what its approval fixed and the amounts it pays. */
type Completion = {
  tx: DbOrTx
  r: RefundRow
  decidedBy: number
  method: NonNullable<RefundRow['payment_method']>
  staff: StaffActor
  now: Date
  refundable: number
  deducted: number
  net: number
  receiptId: string
  policy: Awaited<ReturnType<typeof lockPolicyFor>>
  money: Awaited<ReturnType<typeof policyMoney>>
}

/**
 * Reads what the approval fixed (the approver as staff), locks the policy and refuses while the
 * commission sits in a payout request (409).
 */
export async function refundCompletion(
  tx: DbOrTx,
  r: RefundRow & { decided_by: number; payment_method: Completion['method'] },
  now: Date,
): Promise<Completion> {
  const [decider] = await tx
    .select({ email: identities.email, userId: oshcUsers.id })
    .from(identities)
    .leftJoin(oshcUsers, eq(oshcUsers.identity_id, identities.id))
    .where(eq(identities.id, r.decided_by))
  const staff = staffOf({
    identityId: r.decided_by,
    userId: decider?.userId ?? 0,
    email: decider?.email ?? '',
  })
  const refundable = r.refundable_premium_amount ?? 0
  const deducted = r.deductable_commission_amount ?? 0
  const receiptId = `FR-${r.id}-${isoDate(now).replaceAll('-', '')}`
  const policy = await lockPolicyFor(tx, r.policy_id, 'completeFullRefund')
  const money = await policyMoney(r.policy_id, tx)
  assertCommissionSettled(money.commission)
  const net = netRefund(refundable, deducted)
  return {
    tx,
    r,
    decidedBy: r.decided_by,
    method: r.payment_method,
    staff,
    now,
    refundable,
    deducted,
    net,
    receiptId,
    policy,
    money,
  }
}

/** Pays the refund and completes it; the refund as it now is (with the clawback it opened). */
export async function payRefund(c: Completion, workflowId: string): Promise<RefundRow> {
  const invoiceId = c.net > 0 ? await payNet(c) : null
  await markPremiumsFullRefunded(c.tx, c.r.policy_id, c.now)
  await keepDeductedCommission(c)
  await cancelUnpaidCommission(c)
  const refund = await markCompleted(c, invoiceId)
  const clawbackId = await clawBackPaidCommission(c)
  await closeWorkflowTasks(workflowId, 'approved', c.tx)
  await notify(
    c.tx,
    {
      eventType: 'FULL_REFUND_COMPLETED',
      title: `Full refund of ${c.policy.ref} paid`,
      message: `${formatCents(c.net)} refunded (${methodLabel(c)}), receipt ${c.receiptId}`,
      link: agencyPolicyPath(c.r.policy_id),
      meta: { policy_id: c.r.policy_id, full_refund_id: c.r.id, clawback_id: clawbackId },
    },
    { agencyId: c.r.agency_id },
  )
  return { ...refund, clawback_id: clawbackId }
}

const methodLabel = (c: Completion) => PAYMENT_METHOD_LABELS[c.method] ?? c.method

/**
 * The net reaches the agency: a FULL_REFUND invoice of it (modifyPolicyFinance CANCELLATION),
 * AGENCY_BALANCE credits the balance (POLICY_PREMIUM_REFUNDED), BANK returns the premium through the
 * bank's clearing account (the transfer proof came with the approval), and a COMPLETED invoice
 * payment pays the invoice. Returns the invoice.
 */
async function payNet(c: Completion) {
  const { tx, r, staff, net } = c
  const { invoiceId } = await modifyPolicyFinance({
    actor: staff,
    policyId: r.policy_id,
    input: { type: 'CANCELLATION', total_premium_amount: net },
    tx,
  })
  const note = `Full refund of policy ${c.policy.ref}, receipt ${c.receiptId}`
  const entry =
    c.method === 'AGENCY_BALANCE'
      ? await postBalanceEntry(tx, {
          agencyId: r.agency_id,
          type: 'POLICY_PREMIUM_REFUNDED',
          amount: net,
          actor: staff,
          policyId: r.policy_id,
          invoiceId,
          note,
          // The writer's backstop: the approver as they are now, never the one who initiated.
          decision: { by: (await staffAsNow(tx, c.decidedBy)) ?? staff, makers: [r.initiated_by] },
        })
      : null
  // Paid outside the balance: the premium received goes back through the channel's clearing
  // account (the floor refuses more than was received and not yet returned: 409).
  if (c.method !== 'AGENCY_BALANCE')
    await postPremiumReturned(tx, {
      key: `full-refund:${r.id}`,
      policyId: r.policy_id,
      agencyId: r.agency_id,
      amount: net,
      method: c.method,
      actor: staff,
      refundId: r.id,
      note,
    })
  await recordInvoicePayment(tx, {
    invoiceId,
    method: c.method === 'BANK' ? 'BANK' : 'AGENCY_BALANCE',
    amount: net,
    status: 'COMPLETED',
    actor: staff,
    ref: c.receiptId,
    notes: `Full refund of policy ${c.policy.ref}`,
    meta: { full_refund_id: r.id, payment_url: r.payment_url, ledger_id: entry?.id ?? null },
  })
  return invoiceId
}

/**
 * The commission deducted from the refund stays with the house: it leaves the policy's premium
 * received for the insurer, so the account holds what was paid less the whole refundable.
 */
async function keepDeductedCommission(c: Completion) {
  const kept = c.refundable - c.net
  if (kept > 0)
    await postTransfers(c.tx, [
      {
        key: `full-refund:${c.r.id}:commission`,
        debit: account.policyPremiumReceived(c.r.policy_id),
        credit: account.house('insurer'),
        amount: kept,
        code: 'CLAWBACK',
        note: `Commission deducted from the full refund of policy ${c.policy.ref}`,
        agencyId: c.r.agency_id,
        policyId: c.r.policy_id,
        refundId: c.r.id,
        actor: c.staff,
      },
    ])
}

/**
 * A commission not paid out yet becomes FULL_REFUNDED; banked, it is no longer payable to the
 * agency (commission payable -> insurer).
 */
async function cancelUnpaidCommission(c: Completion) {
  const commission = c.money.commission
  if (!commission || !(COMMISSION_NOT_PAID_OUT as readonly string[]).includes(commission.status)) return
  const cancelled = await cancelCommission(c.tx, commission.id, COMMISSION_NOT_PAID_OUT, c.now)
  if (cancelled && (COMMISSION_PAYABLE_STATUSES as readonly string[]).includes(commission.status))
    await postCommissionChange(c.tx, {
      key: `commission-cancelled:${commission.id}`,
      agencyId: commission.agency_id,
      policyId: commission.policy_id,
      delta: -commission.amount,
      actor: c.staff,
      note: `Commission cancelled by the full refund of policy ${c.policy.ref}`,
    })
}

/** Refund COMPLETED with its invoice and receipt, policy FULL_REFUND_COMPLETED. */
async function markCompleted(c: Completion, invoiceId: number | null) {
  const { r, now } = c
  const [refund] = await c.tx
    .update(fullRefunds)
    .set({
      status: 'COMPLETED',
      invoice_id: invoiceId,
      receipt_id: c.receiptId,
      completed_at: now,
      updated_at: now,
    })
    .where(eq(fullRefunds.id, r.id))
    .returning()
  await transitionPolicy(c.tx, c.policy, 'completeFullRefund', {
    actor: c.staff,
    // A refund paid by a payout batch got its proof after the approval: the policy shows it now.
    set: { full_refundable_premium: c.refundable, full_refund_payment_proof_url: r.payment_url },
    note: `${formatCents(c.net)} refunded (${methodLabel(c)}), receipt ${c.receiptId}`,
    meta: { full_refund_id: r.id, invoice_id: invoiceId, net_cents: c.net },
  })
  return refund
}

/**
 * A commission already paid out and not wholly deducted opens a clawback of the rest (openClawback;
 * its workflow starts after commit), linked from the refund; openClawback sets the policy's
 * clawback_amount to it. Returns its id or null.
 */
async function clawBackPaidCommission(c: Completion) {
  const { r, deducted } = c
  const commission = c.money.commission
  const rest = clawbackRest(commission, deducted)
  if (!commission || !COMMISSION_PAID_OUT.includes(commission.status) || rest <= 0) return null
  const { clawbackId } = await openClawback(c.tx, {
    policyId: r.policy_id,
    premiumAmount: c.refundable,
    commissionAmount: rest,
    actor: c.staff,
    note: `Commission paid out on refunded policy ${c.policy.ref}: ${formatCents(deducted)} deducted from the refund, ${formatCents(rest)} to claw back`,
  })
  await c.tx.update(fullRefunds).set({ clawback_id: clawbackId }).where(eq(fullRefunds.id, r.id))
  return clawbackId
}
