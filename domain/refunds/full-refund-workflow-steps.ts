// The steps of the fullRefund workflow (its activities call these): load the refund, open the inbox
// task of the current wait, remind staff, apply a decision and pay an approved refund. Each checks
// the database first, so a retried activity changes nothing twice.
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import {
  agencies,
  commissions,
  fullRefunds,
  identities,
  oshcUsers,
  policies,
  policyCancellationSteps,
  policyHistories,
  policyPremiumPayments,
} from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { isoDate } from '../shared/clock'
import { financeTeamEmail } from '../shared/config'
import { conflict, forbidden, invalidTransition, notFound, validation } from '../shared/errors'
import { formatCents } from '../shared/format'
import { PAYMENT_METHOD_LABELS } from '../shared/labels'
import { sharedStepDeps, type StepDeps } from '../shared/step-deps'
import { financeRecipient } from '../mail/finance-mails'
import { refundMails } from '../mail/refund-mails'
import { notify } from '../notifications/notify'
import { remindOnce } from '../tasks/remind-once'
import { closeWorkflowTasks, syncWorkflowTasks } from '../tasks/workflow-tasks'
import { lockPolicyFor, recordPolicyHistory, transitionPolicy } from '../policies/policy-history'
import { recordInvoicePayment } from '../finance/invoice-payments'
import { postBalanceEntry } from '../finance/ledger'
import { staffAsNow } from '../money/authority'
import { account, COMMISSION_PAYABLE_STATUSES } from '../money/accounts'
import { postTransfers } from '../money/journal'
import { postCommissionChange, postPremiumReturned } from '../payments/money-postings'
import { modifyPolicyFinance } from '../finance/modify-policy-finance'
import { openClawback } from '../clawbacks/open-clawback'
import { MAKER_CHECKER_MSG } from '../finance/finance.rules'
import {
  agencyPolicyPath,
  policyMoney,
  refundById,
  staffPolicyPath,
  stateOf,
  type RefundRow,
} from './refund-loading'
import {
  clawbackRest,
  COMMISSION_NOT_PAID_OUT,
  COMMISSION_PAID_OUT,
  DECISION_FROM,
  netRefund,
  REFUND_TASK_KIND,
  refundWorkflowId,
  statusAfter,
  type RefundDecision,
  type RefundState,
} from './refunds.rules'

/** The shared step dependencies and the port that starts a clawback's workflow. */
export type RefundStepDeps = StepDeps & {
  /** Starts the clawback's workflow after commit (the worker's port; absent until it exists). */
  startClawback?: (clawbackId: number) => Promise<void>
}

export const PAYOUT_IN_FLIGHT_MSG =
  'The commission of this policy is in a commission payout request; decide that payout first'

async function refundWithPolicy(db: DbOrTx, refundId: number) {
  const [row] = await db
    .select({
      refund: fullRefunds,
      ref: policies.ref,
      agencyName: agencies.full_company_name,
      agencyEmail: agencies.email,
      financeEmail: agencies.finance_comms_email,
    })
    .from(fullRefunds)
    .innerJoin(policies, eq(policies.id, fullRefunds.policy_id))
    .innerJoin(agencies, eq(agencies.id, fullRefunds.agency_id))
    .where(eq(fullRefunds.id, refundId))
  if (!row) throw notFound('Full refund')
  return row
}

export async function loadRefundState(
  refundId: number,
  { db }: Pick<RefundStepDeps, 'db'> = sharedStepDeps(),
) {
  return stateOf(await refundById(refundId, db))
}

/**
 * Opens the staff task of the refund's current wait: `full_refund_initiate` while REQUESTED,
 * `full_refund_approve` while INITIATED (the first closes as the second opens); once decided, closes
 * any still open. Idempotent: an open task of the same kind keeps its due date.
 */
export async function openRefundTask(
  input: { refundId: number; workflowId: string; dueInMs: number },
  { db, clock }: Pick<RefundStepDeps, 'db' | 'clock'> = sharedStepDeps(),
) {
  const { refund: r, ref, agencyName, agencyEmail } = await refundWithPolicy(db, input.refundId)
  const kind = REFUND_TASK_KIND[r.status]
  // Decided: close whatever a sync racing the decision may have opened.
  if (!kind) return syncWorkflowTasks(input.workflowId, null)
  const who = agencyName ?? agencyEmail
  const amount = r.refundable_premium_amount
  await syncWorkflowTasks(input.workflowId, {
    kind,
    audience: 'staff',
    subject:
      r.status === 'REQUESTED'
        ? `Assess the full refund of policy ${ref} for ${who}`
        : `Approve the full refund of ${formatCents(netRefund(amount ?? 0, r.deductable_commission_amount ?? 0))} on policy ${ref} for ${who}`,
    agencyId: r.agency_id,
    link: staffPolicyPath(r.policy_id),
    dueAt: new Date(clock.now().getTime() + input.dueInMs),
    amount: r.status === 'INITIATED' ? netRefund(amount ?? 0, r.deductable_commission_amount ?? 0) : null,
  })
}

/**
 * A deadline passed while the refund still waits in `status`: a policy history row, a notification
 * to staff holding finance and a mail to the finance team; an escalation the second time (the task
 * is marked escalated). Once per `key`, however often the activity is retried.
 */
export async function remindRefund(
  input: { refundId: number; workflowId: string; status: string; escalate: boolean; key: string },
  { db, mail }: Pick<RefundStepDeps, 'db' | 'mail'> = sharedStepDeps(),
) {
  const { refund: r, ref, agencyName, agencyEmail } = await refundWithPolicy(db, input.refundId)
  if (r.status !== input.status) return
  const step = r.status === 'REQUESTED' ? 'to be assessed' : 'to be approved'
  const what = `the full refund of policy ${ref} for ${agencyName ?? agencyEmail} is waiting ${step}`
  const path = staffPolicyPath(r.policy_id)
  await remindOnce(
    {
      key: input.key,
      workflowId: input.workflowId,
      escalate: input.escalate,
      history: { table: policyHistories, of: eq(policyHistories.policy_id, r.policy_id) },
      record: async (tx) => {
        await recordPolicyHistory(tx, {
          policyId: r.policy_id,
          action: input.escalate ? 'FULL_REFUND_ESCALATED' : 'FULL_REFUND_REMINDER_SENT',
          actor: `workflow:${input.workflowId}`,
          note: what,
          meta: { key: input.key, full_refund_id: r.id, staff_only: true },
        })
        await notify(
          tx,
          {
            eventType: input.escalate ? 'FULL_REFUND_ESCALATED' : 'FULL_REFUND_REMINDER',
            title: input.escalate ? 'Full refund escalated' : 'Full refund waiting',
            message: what,
            link: path,
            meta: { policy_id: r.policy_id, full_refund_id: r.id },
          },
          { staffPermission: 'finance' },
        )
      },
      mail: { to: financeTeamEmail(), what, path },
    },
    { db, mail },
  )
}

const staffOf = (by: { identityId: number; userId: number; email: string }): StaffActor => ({
  kind: 'Oshc',
  identityId: by.identityId,
  userId: by.userId,
  email: by.email,
  // The use case checked `finance` before the decision entered the workflow; modifyPolicyFinance
  // (called inside the completion) checks it again.
  permissions: new Set(['finance']),
})

/**
 * The amounts a refund may be initiated with: refundable premium at most what was received for the
 * policy and not yet returned (amendment credits, earlier refunds: policyPremiumHeld), deducted
 * commission at most its commission and at most the refundable premium, a full refund returning
 * exactly that rest. Field errors (400) otherwise.
 */
export function assertRefundAmounts(
  money: Awaited<ReturnType<typeof policyMoney>>,
  d: { refundable_premium_amount: number; deductable_commission_amount: number; is_full_refund: boolean },
) {
  // What was received for the policy and not yet returned (amendment credits, earlier refunds).
  const held = money.refundableCents
  if (d.refundable_premium_amount > held)
    throw validation(
      'refundable_premium_amount',
      held === money.premiumPaidCents
        ? `refundable_premium_amount cannot exceed the premium paid (${formatCents(held)})`
        : `refundable_premium_amount cannot exceed the premium received and not yet returned (${formatCents(held)})`,
    )
  const commission = money.commission?.amount ?? 0
  if (d.deductable_commission_amount > commission)
    throw validation(
      'deductable_commission_amount',
      `deductable_commission_amount cannot exceed the commission (${formatCents(commission)})`,
    )
  if (d.deductable_commission_amount > d.refundable_premium_amount)
    throw validation(
      'deductable_commission_amount',
      'deductable_commission_amount cannot exceed refundable_premium_amount',
    )
  if (d.is_full_refund && d.refundable_premium_amount !== held)
    throw validation(
      'refundable_premium_amount',
      held === money.premiumPaidCents
        ? `A full refund returns the whole premium paid (${formatCents(held)})`
        : `A full refund returns the premium received and not yet returned (${formatCents(held)})`,
    )
}

/** Refuses an approval while the policy's commission sits in a payout request (409). */
export function assertCommissionSettled(commission: { status: string } | null) {
  if (commission?.status === 'PAYOUT_REQUESTED') throw conflict(PAYOUT_IN_FLIGHT_MSG)
}

/**
 * Applies a staff decision in one transaction (the activity of the `decide` update). A refund
 * already at the decision's outcome is answered as it is (a retried activity); a decision whose
 * start status has passed is refused (409). Limits and maker-checker are checked again here.
 *
 * initiate: amounts set -> INITIATED, policy FULL_REFUND_INITIATED, the agency notified and mailed.
 * approve: payment method (and proof) -> APPROVED, policy FULL_REFUND_APPROVED; the workflow then
 * pays it (completeRefund). reject: reason -> REJECTED, policy FULL_REFUND_REJECTED; a cancellation
 * not yet approved is withdrawn (NO_CANCELLATION, its ticks cleared: history keeps them).
 */
export async function applyRefundDecision(
  input: { refundId: number; decision: RefundDecision },
  deps: RefundStepDeps = sharedStepDeps(),
): Promise<RefundState> {
  const { refundId, decision } = input
  const staff = staffOf(decision.by)
  const target = statusAfter(decision)
  const outcome = await deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(fullRefunds).where(eq(fullRefunds.id, refundId)).for('update')
    if (!r) throw notFound('Full refund')
    if (r.status === target || (decision.kind === 'approve' && r.status === 'COMPLETED'))
      return { refund: r, changed: false }
    if (!DECISION_FROM[decision.kind].includes(r.status))
      throw invalidTransition(
        `This full refund is ${r.status}; ${decision.kind} needs ${DECISION_FROM[decision.kind].join(' or ')}`,
      )
    const now = deps.clock.now()
    const money = await policyMoney(r.policy_id, tx)
    if (decision.kind === 'initiate') {
      assertRefundAmounts(money, decision)
      const policy = await lockPolicyFor(tx, r.policy_id, 'initiateFullRefund')
      const [refund] = await tx
        .update(fullRefunds)
        .set({
          status: 'INITIATED',
          refundable_premium_amount: decision.refundable_premium_amount,
          deductable_commission_amount: decision.deductable_commission_amount,
          is_full_refund: decision.is_full_refund,
          initiated_by: staff.identityId,
          updated_at: now,
        })
        .where(eq(fullRefunds.id, r.id))
        .returning()
      const net = netRefund(decision.refundable_premium_amount, decision.deductable_commission_amount)
      await transitionPolicy(tx, policy, 'initiateFullRefund', {
        actor: staff,
        set: { full_refundable_premium: decision.refundable_premium_amount },
        note: `Refundable premium ${formatCents(decision.refundable_premium_amount)}, commission deducted ${formatCents(decision.deductable_commission_amount)}: the agency receives ${formatCents(net)}`,
        meta: { full_refund_id: r.id },
      })
      await notify(
        tx,
        {
          eventType: 'FULL_REFUND_INITIATED',
          title: `Full refund of ${policy.ref} assessed`,
          message: `You will receive ${formatCents(net)} once the refund is approved`,
          link: agencyPolicyPath(r.policy_id),
          meta: { policy_id: r.policy_id, full_refund_id: r.id },
        },
        { agencyId: r.agency_id },
      )
      return { refund, changed: true }
    }
    if (decision.kind === 'approve') {
      if (r.initiated_by === staff.identityId) throw forbidden(MAKER_CHECKER_MSG)
      assertCommissionSettled(money.commission)
      if (decision.payment_method === 'BANK' && !decision.payment_url?.trim())
        throw validation('payment_url', 'payment_url is required')
      const policy = await lockPolicyFor(tx, r.policy_id, 'approveFullRefund')
      const [refund] = await tx
        .update(fullRefunds)
        .set({
          status: 'APPROVED',
          payment_method: decision.payment_method,
          payment_url: decision.payment_method === 'BANK' ? decision.payment_url : null,
          decided_by: staff.identityId,
          updated_at: now,
        })
        .where(eq(fullRefunds.id, r.id))
        .returning()
      await transitionPolicy(tx, policy, 'approveFullRefund', {
        actor: staff,
        set: {
          full_refund_payment_method: decision.payment_method,
          full_refund_payment_proof_url: decision.payment_method === 'BANK' ? decision.payment_url : null,
        },
        note: `Approved: ${PAYMENT_METHOD_LABELS[decision.payment_method] ?? decision.payment_method}`,
        meta: { full_refund_id: r.id },
      })
      return { refund, changed: true }
    }
    const policy = await lockPolicyFor(tx, r.policy_id, 'rejectFullRefund')
    const [refund] = await tx
      .update(fullRefunds)
      .set({
        status: 'REJECTED',
        rejection_reason: decision.rejection_reason,
        decided_by: staff.identityId,
        updated_at: now,
      })
      .where(eq(fullRefunds.id, r.id))
      .returning()
    const withdrawCancellation = !policy.policy_cancellation_date
    if (withdrawCancellation)
      await tx.delete(policyCancellationSteps).where(eq(policyCancellationSteps.policy_id, r.policy_id))
    await transitionPolicy(tx, policy, 'rejectFullRefund', {
      actor: staff,
      set: {
        full_refund_rejection_reason: decision.rejection_reason,
        ...(withdrawCancellation ? { cancellation_request_status: 'NO_CANCELLATION' as const } : {}),
      },
      note: decision.rejection_reason,
      meta: { full_refund_id: r.id, cancellation_withdrawn: withdrawCancellation },
    })
    await closeWorkflowTasks(refundWorkflowId(r.policy_id), 'rejected', tx)
    await notify(
      tx,
      {
        eventType: 'FULL_REFUND_REJECTED',
        title: `Full refund of ${policy.ref} rejected`,
        message: decision.rejection_reason,
        link: agencyPolicyPath(r.policy_id),
        meta: { policy_id: r.policy_id, full_refund_id: r.id },
      },
      { agencyId: r.agency_id },
    )
    return { refund, changed: true }
  })
  if (outcome.changed && outcome.refund.status !== 'APPROVED') await mailDecision(outcome.refund, deps)
  return stateOf(outcome.refund)
}

/**
 * Pays an APPROVED refund, in one transaction (the row locked: a retry or a second caller finds it
 * COMPLETED and changes nothing). The agency receives refundable - deducted commission:
 * AGENCY_BALANCE credits it at once (ledger POLICY_PREMIUM_REFUNDED); BANK counts as paid on the
 * transfer proof staff gave with the approval (payment_url; the money left by transfer, no ledger
 * row). A FULL_REFUND invoice of that net (modifyPolicyFinance CANCELLATION) is paid by a COMPLETED
 * invoice payment. The PAID premium payment becomes FULL_REFUNDED; a commission not paid out yet is
 * FULL_REFUNDED; one already paid out and not wholly deducted opens a clawback of the rest
 * (openClawback; its workflow starts after commit). Refund COMPLETED with receipt, policy
 * FULL_REFUND_COMPLETED, inbox task closed, agency notified and mailed (once).
 */
export async function completeRefund(
  input: { refundId: number; workflowId: string },
  deps: RefundStepDeps = sharedStepDeps(),
): Promise<RefundState> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(fullRefunds).where(eq(fullRefunds.id, input.refundId)).for('update')
    if (!r) throw notFound('Full refund')
    if (r.status === 'COMPLETED') return { refund: r, changed: false }
    if (r.status !== 'APPROVED')
      throw invalidTransition(`This full refund is ${r.status}; only an APPROVED refund is paid`)
    if (!r.decided_by || !r.payment_method) throw invalidTransition('This full refund has no approval to pay')
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
    const now = deps.clock.now()
    const refundable = r.refundable_premium_amount ?? 0
    const deducted = r.deductable_commission_amount ?? 0
    const net = netRefund(refundable, deducted)
    const receiptId = `FR-${r.id}-${isoDate(now).replaceAll('-', '')}`
    const policy = await lockPolicyFor(tx, r.policy_id, 'completeFullRefund')
    const money = await policyMoney(r.policy_id, tx)
    assertCommissionSettled(money.commission)

    let invoiceId: number | null = null
    if (net > 0) {
      invoiceId = (
        await modifyPolicyFinance({
          actor: staff,
          policyId: r.policy_id,
          input: { type: 'CANCELLATION', total_premium_amount: net },
          tx,
        })
      ).invoiceId
      const entry =
        r.payment_method === 'AGENCY_BALANCE'
          ? await postBalanceEntry(tx, {
              agencyId: r.agency_id,
              type: 'POLICY_PREMIUM_REFUNDED',
              amount: net,
              actor: staff,
              policyId: r.policy_id,
              invoiceId,
              note: `Full refund of policy ${policy.ref}, receipt ${receiptId}`,
              // The writer's backstop: the approver as they are now, never the one who initiated.
              decision: { by: (await staffAsNow(tx, r.decided_by)) ?? staff, makers: [r.initiated_by] },
            })
          : null
      // Paid outside the balance: the premium received goes back through the channel's clearing
      // account (the floor refuses more than was received and not yet returned: 409).
      if (r.payment_method !== 'AGENCY_BALANCE')
        await postPremiumReturned(tx, {
          key: `full-refund:${r.id}`,
          policyId: r.policy_id,
          agencyId: r.agency_id,
          amount: net,
          method: r.payment_method,
          actor: staff,
          refundId: r.id,
          note: `Full refund of policy ${policy.ref}, receipt ${receiptId}`,
        })
      await recordInvoicePayment(tx, {
        invoiceId,
        method: r.payment_method === 'BANK' ? 'BANK' : 'AGENCY_BALANCE',
        amount: net,
        status: 'COMPLETED',
        actor: staff,
        ref: receiptId,
        notes: `Full refund of policy ${policy.ref}`,
        meta: { full_refund_id: r.id, payment_url: r.payment_url, ledger_id: entry?.id ?? null },
      })
    }
    await tx
      .update(policyPremiumPayments)
      .set({ status: 'FULL_REFUNDED', updated_at: now })
      .where(and(eq(policyPremiumPayments.policy_id, r.policy_id), eq(policyPremiumPayments.status, 'PAID')))
    const commission = money.commission
    let clawbackId: number | null = null
    const rest = clawbackRest(commission, deducted)
    // The commission deducted from the refund stays with the house: it leaves the policy's premium
    // received for the insurer, so the account holds what was paid less the whole refundable.
    const kept = refundable - net
    if (kept > 0)
      await postTransfers(tx, [
        {
          key: `full-refund:${r.id}:commission`,
          debit: account.policyPremiumReceived(r.policy_id),
          credit: account.house('insurer'),
          amount: kept,
          code: 'CLAWBACK',
          note: `Commission deducted from the full refund of policy ${policy.ref}`,
          agencyId: r.agency_id,
          policyId: r.policy_id,
          refundId: r.id,
          actor: staff,
        },
      ])
    if (commission && (COMMISSION_NOT_PAID_OUT as readonly string[]).includes(commission.status)) {
      const [cancelled] = await tx
        .update(commissions)
        .set({ status: 'FULL_REFUNDED', updated_at: now })
        .where(
          and(eq(commissions.id, commission.id), inArray(commissions.status, [...COMMISSION_NOT_PAID_OUT])),
        )
        .returning({ id: commissions.id })
      // Banked and not paid out: no longer payable to the agency (commission payable -> insurer).
      if (cancelled && (COMMISSION_PAYABLE_STATUSES as readonly string[]).includes(commission.status))
        await postCommissionChange(tx, {
          key: `commission-cancelled:${commission.id}`,
          agencyId: commission.agency_id,
          policyId: commission.policy_id,
          delta: -commission.amount,
          actor: staff,
          note: `Commission cancelled by the full refund of policy ${policy.ref}`,
        })
    }
    const [refund] = await tx
      .update(fullRefunds)
      .set({
        status: 'COMPLETED',
        invoice_id: invoiceId,
        receipt_id: receiptId,
        completed_at: now,
        updated_at: now,
      })
      .where(eq(fullRefunds.id, r.id))
      .returning()
    await transitionPolicy(tx, policy, 'completeFullRefund', {
      actor: staff,
      set: { full_refundable_premium: refundable },
      note: `${formatCents(net)} refunded (${PAYMENT_METHOD_LABELS[r.payment_method] ?? r.payment_method}), receipt ${receiptId}`,
      meta: { full_refund_id: r.id, invoice_id: invoiceId, net_cents: net },
    })
    if (commission && COMMISSION_PAID_OUT.includes(commission.status) && rest > 0) {
      clawbackId = (
        await openClawback(tx, {
          policyId: r.policy_id,
          premiumAmount: refundable,
          commissionAmount: rest,
          actor: staff,
          note: `Commission paid out on refunded policy ${policy.ref}: ${formatCents(deducted)} deducted from the refund, ${formatCents(rest)} to claw back`,
        })
      ).clawbackId
      await tx.update(fullRefunds).set({ clawback_id: clawbackId }).where(eq(fullRefunds.id, r.id))
      await tx.update(policies).set({ clawback_amount: rest }).where(eq(policies.id, r.policy_id))
    }
    await closeWorkflowTasks(input.workflowId, 'approved', tx)
    await notify(
      tx,
      {
        eventType: 'FULL_REFUND_COMPLETED',
        title: `Full refund of ${policy.ref} paid`,
        message: `${formatCents(net)} refunded (${PAYMENT_METHOD_LABELS[r.payment_method] ?? r.payment_method}), receipt ${receiptId}`,
        link: agencyPolicyPath(r.policy_id),
        meta: { policy_id: r.policy_id, full_refund_id: r.id, clawback_id: clawbackId },
      },
      { agencyId: r.agency_id },
    )
    return { refund: { ...refund, clawback_id: clawbackId }, changed: true }
  })
  if (outcome.changed) {
    if (outcome.refund.clawback_id && deps.startClawback) await deps.startClawback(outcome.refund.clawback_id)
    await mailDecision(outcome.refund, deps)
  }
  return stateOf(outcome.refund)
}

/** The agency's mail about a decision, once per refund and outcome (retries send nothing more). */
async function mailDecision(r: RefundRow, { db, mail }: Pick<RefundStepDeps, 'db' | 'mail'>) {
  const { ref, agencyEmail, financeEmail } = await refundWithPolicy(db, r.id)
  const to = financeRecipient({ email: agencyEmail, finance_comms_email: financeEmail })
  const body =
    r.status === 'INITIATED'
      ? refundMails.initiated({
          ref,
          policyId: r.policy_id,
          refundableCents: r.refundable_premium_amount ?? 0,
          deductableCents: r.deductable_commission_amount ?? 0,
        })
      : r.status === 'COMPLETED'
        ? refundMails.completed({
            ref,
            policyId: r.policy_id,
            netCents: netRefund(r.refundable_premium_amount ?? 0, r.deductable_commission_amount ?? 0),
            method: PAYMENT_METHOD_LABELS[r.payment_method ?? ''] ?? r.payment_method ?? '',
            receiptId: r.receipt_id ?? '',
          })
        : r.status === 'REJECTED'
          ? refundMails.rejected({ ref, policyId: r.policy_id, reason: r.rejection_reason ?? '' })
          : null
  if (body) await mail({ to, ...body }, { idempotencyKey: `full-refund-${r.id}-${r.status}` })
}
