// The steps of the fullRefund workflow (its activities call these): load the refund, open the inbox
// task of the current wait, remind staff, apply a decision and pay an approved refund. Each checks
// the database first, so a retried activity changes nothing twice.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { agencies, fullRefunds, policies, policyHistories } from '../../db/schema'
import { financeTeamEmail } from '../shared/config'
import { staffLinks } from '../shared/links'
import { invalidTransition, notFound } from '../shared/errors'
import { formatCents } from '../shared/format'
import { PAYMENT_METHOD_LABELS } from '../shared/labels'
import { sharedStepDeps, type StepDeps } from '../shared/step-deps'
import { financeRecipient } from '../mail/finance-mails'
import { refundMails } from '../mail/refund-mails'
import { notify } from '../notifications/notify'
import { remindOnce } from '../tasks/remind-once'
import { syncWorkflowTasks } from '../tasks/workflow-tasks'
import { recordPolicyHistory } from '../policies/policy-history'
import { policyMoney, refundById, staffPolicyPath, stateOf, type RefundRow } from './refund-loading'
import { decideRefund, staffOf } from './refund-decision'
import { payRefund, refundCompletion } from './refund-completion'
import {
  AWAITS_BATCH_MSG,
  awaitsBatch,
  DECISION_FROM,
  netRefund,
  refundTaskKind,
  statusAfter,
  type RefundDecision,
  type RefundState,
} from './refunds.rules'

/** The shared step dependencies and the port that starts a clawback's workflow. */
export type RefundStepDeps = StepDeps & {
  /** Starts the clawback's workflow after commit (the worker's port; absent until it exists). */
  startClawback?: (clawbackId: number) => Promise<void>
}

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
 * `full_refund_approve` while INITIATED (the first closes as the second opens), `full_refund_batch`
 * while APPROVED to be paid by a payout batch; once decided, closes
 * any still open. Idempotent: an open task of the same kind keeps its due date.
 */
export async function openRefundTask(
  input: { refundId: number; workflowId: string; dueInMs: number },
  { db, clock }: Pick<RefundStepDeps, 'db' | 'clock'> = sharedStepDeps(),
) {
  const { refund: r, ref, agencyName, agencyEmail } = await refundWithPolicy(db, input.refundId)
  const kind = refundTaskKind(r)
  // Decided: close whatever a sync racing the decision may have opened.
  if (!kind) return syncWorkflowTasks(input.workflowId, null)
  const who = agencyName ?? agencyEmail
  const net = netRefund(r.refundable_premium_amount ?? 0, r.deductable_commission_amount ?? 0)
  const subjects = {
    full_refund_initiate: `Assess the full refund of policy ${ref} for ${who}`,
    full_refund_approve: `Approve the full refund of ${formatCents(net)} on policy ${ref} for ${who}`,
    full_refund_batch: `Pay the full refund of ${formatCents(net)} on policy ${ref} to ${who} in a payout batch`,
  }
  await syncWorkflowTasks(input.workflowId, {
    kind,
    audience: 'staff',
    subject: subjects[kind],
    agencyId: r.agency_id,
    link: kind === 'full_refund_batch' ? staffLinks.payoutBatches : staffPolicyPath(r.policy_id),
    dueAt: new Date(clock.now().getTime() + input.dueInMs),
    amount: r.status === 'REQUESTED' ? null : net,
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
  const step =
    r.status === 'REQUESTED'
      ? 'to be assessed'
      : awaitsBatch(r)
        ? 'to be paid in a payout batch'
        : 'to be approved'
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
    return { refund: await decideRefund({ tx, r, staff, now, money }, decision), changed: true }
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
    if (awaitsBatch(r)) throw invalidTransition(AWAITS_BATCH_MSG)
    if (!r.decided_by || !r.payment_method) throw invalidTransition('This full refund has no approval to pay')
    const completion = await refundCompletion(
      tx,
      { ...r, decided_by: r.decided_by, payment_method: r.payment_method },
      deps.clock.now(),
    )
    return { refund: await payRefund(completion, input.workflowId), changed: true }
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
