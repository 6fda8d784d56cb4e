// The effects of a staff decision on a full refund, composed by applyRefundDecision in its one
// transaction (the refund row locked, the decision's start status checked): the refund's row, the
// policy's status through transitionPolicy, the cancellation withdrawn on a rejection, the task
// and the agency's notification.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { fullRefunds, policyCancellationSteps } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { forbidden, invalidTransition, validation } from '../shared/errors'
import { formatCents } from '../shared/format'
import { PAYMENT_METHOD_LABELS } from '../shared/labels'
import { notify } from '../notifications/notify'
import { closeWorkflowTasks } from '../tasks/workflow-tasks'
import { lockPolicyFor, recordPolicyHistory, transitionPolicy } from '../policies/policy-history'
import { MAKER_CHECKER_MSG } from '../finance/finance.rules'
import { agencyPolicyPath, type policyMoney, type RefundRow } from './refund-loading'
import { assertCommissionSettled, assertRefundAmounts } from './refund-guards'
import {
  awaitsBatch,
  netRefund,
  NOT_BATCHED_MSG,
  NOTHING_TO_BATCH_MSG,
  refundWorkflowId,
  type RefundDecision,
} from './refunds.rules'

export const staffOf = (by: { identityId: number; userId: number; email: string }): StaffActor => ({
  kind: 'Oshc',
  identityId: by.identityId,
  userId: by.userId,
  email: by.email,
  // The use case checked `finance` before the decision entered the workflow; modifyPolicyFinance
  // (called inside the completion) checks it again.
  permissions: new Set(['finance']),
})

/** A decision being applied: the locked refund, the decider, its time, the policy's money. */
export type RefundCtx = {
  tx: DbOrTx
  r: RefundRow
  staff: StaffActor
  now: Date
  money: Awaited<ReturnType<typeof policyMoney>>
}

type Decision<K extends RefundDecision['kind']> = Extract<RefundDecision, { kind: K }>

/** The refund after the decision (initiate, approve or reject). */
export function decideRefund(ctx: RefundCtx, decision: RefundDecision): Promise<RefundRow> {
  switch (decision.kind) {
    case 'initiate':
      return initiateRefund(ctx, decision)
    case 'approve':
      return approveRefund(ctx, decision)
    case 'reject':
      return rejectRefund(ctx, decision.rejection_reason)
    case 'paid':
      return batchPaidRefund(ctx, decision)
  }
}

async function updateRefund(ctx: RefundCtx, set: Partial<typeof fullRefunds.$inferInsert>) {
  const [refund] = await ctx.tx
    .update(fullRefunds)
    .set({ ...set, updated_at: ctx.now })
    .where(eq(fullRefunds.id, ctx.r.id))
    .returning()
  return refund
}

/** Amounts set -> INITIATED, policy FULL_REFUND_INITIATED, the agency notified. */
async function initiateRefund(ctx: RefundCtx, d: Decision<'initiate'>) {
  const { r, staff } = ctx
  assertRefundAmounts(ctx.money, d)
  const policy = await lockPolicyFor(ctx.tx, r.policy_id, 'initiateFullRefund')
  const refund = await updateRefund(ctx, {
    status: 'INITIATED',
    refundable_premium_amount: d.refundable_premium_amount,
    deductable_commission_amount: d.deductable_commission_amount,
    is_full_refund: d.is_full_refund,
    initiated_by: staff.identityId,
  })
  const net = netRefund(d.refundable_premium_amount, d.deductable_commission_amount)
  await transitionPolicy(ctx.tx, policy, 'initiateFullRefund', {
    actor: staff,
    set: { full_refundable_premium: d.refundable_premium_amount },
    note: `Refundable premium ${formatCents(d.refundable_premium_amount)}, commission deducted ${formatCents(d.deductable_commission_amount)}: the agency receives ${formatCents(net)}`,
    meta: { full_refund_id: r.id },
  })
  await notify(
    ctx.tx,
    {
      eventType: 'FULL_REFUND_INITIATED',
      title: `Full refund of ${policy.ref} assessed`,
      message: `You will receive ${formatCents(net)} once the refund is approved`,
      link: agencyPolicyPath(r.policy_id),
      meta: { policy_id: r.policy_id, full_refund_id: r.id },
    },
    { agencyId: r.agency_id },
  )
  return refund
}

/** Payment method (and proof) -> APPROVED, policy FULL_REFUND_APPROVED; the workflow then pays it. */
async function approveRefund(ctx: RefundCtx, d: Decision<'approve'>) {
  const { r, staff } = ctx
  if (r.initiated_by === staff.identityId) throw forbidden(MAKER_CHECKER_MSG)
  assertCommissionSettled(ctx.money.commission)
  const byBatch = d.payment_method === 'BANK' && d.pay_by_batch === true
  if (d.payment_method === 'BANK' && !byBatch && !d.payment_url?.trim())
    throw validation('payment_url', 'payment_url is required')
  if (byBatch && netRefund(r.refundable_premium_amount ?? 0, r.deductable_commission_amount ?? 0) <= 0)
    throw validation('pay_by_batch', NOTHING_TO_BATCH_MSG)
  const policy = await lockPolicyFor(ctx.tx, r.policy_id, 'approveFullRefund')
  const proof = d.payment_method === 'BANK' && !byBatch ? d.payment_url : null
  const refund = await updateRefund(ctx, {
    status: 'APPROVED',
    payment_method: d.payment_method,
    payment_url: proof,
    decided_by: staff.identityId,
  })
  await transitionPolicy(ctx.tx, policy, 'approveFullRefund', {
    actor: staff,
    set: { full_refund_payment_method: d.payment_method, full_refund_payment_proof_url: proof },
    note: `Approved: ${PAYMENT_METHOD_LABELS[d.payment_method] ?? d.payment_method}${byBatch ? ', to be paid in a payout batch' : ''}`,
    meta: { full_refund_id: r.id },
  })
  return refund
}

/**
 * A payout batch paid a refund waiting for one (its debit confirmed on a statement): the batch's
 * file and statement line become the transfer proof, so the refund is APPROVED with proof and the
 * workflow pays it (completeRefund, which sets the policy's proof) as it pays one approved with
 * proof. A refund approved with proof of its own is not a batch's to pay (409).
 */
async function batchPaidRefund(ctx: RefundCtx, d: Decision<'paid'>) {
  const { r } = ctx
  if (!awaitsBatch(r) && r.payment_url !== d.payment_url) throw invalidTransition(NOT_BATCHED_MSG)
  const refund = await updateRefund(ctx, { payment_url: d.payment_url })
  await recordPolicyHistory(ctx.tx, {
    policyId: r.policy_id,
    action: 'FULL_REFUND_PAID_BY_BATCH',
    actor: ctx.staff,
    note: `Paid by payout batch #${d.batch_id}`,
    meta: { full_refund_id: r.id, batch_id: d.batch_id, payment_url: d.payment_url },
  })
  return refund
}

/**
 * Reason -> REJECTED, policy FULL_REFUND_REJECTED; a cancellation not yet approved is withdrawn
 * (NO_CANCELLATION, its ticks cleared: history keeps them). The task closed, the agency notified.
 */
async function rejectRefund(ctx: RefundCtx, reason: string) {
  const { r, staff } = ctx
  const policy = await lockPolicyFor(ctx.tx, r.policy_id, 'rejectFullRefund')
  const refund = await updateRefund(ctx, {
    status: 'REJECTED',
    rejection_reason: reason,
    decided_by: staff.identityId,
  })
  const withdrawCancellation = !policy.policy_cancellation_date
  if (withdrawCancellation)
    await ctx.tx.delete(policyCancellationSteps).where(eq(policyCancellationSteps.policy_id, r.policy_id))
  await transitionPolicy(ctx.tx, policy, 'rejectFullRefund', {
    actor: staff,
    set: {
      full_refund_rejection_reason: reason,
      ...(withdrawCancellation ? { cancellation_request_status: 'NO_CANCELLATION' as const } : {}),
    },
    note: reason,
    meta: { full_refund_id: r.id, cancellation_withdrawn: withdrawCancellation },
  })
  await closeWorkflowTasks(refundWorkflowId(r.policy_id), 'rejected', ctx.tx)
  await notify(
    ctx.tx,
    {
      eventType: 'FULL_REFUND_REJECTED',
      title: `Full refund of ${policy.ref} rejected`,
      message: reason,
      link: agencyPolicyPath(r.policy_id),
      meta: { policy_id: r.policy_id, full_refund_id: r.id },
    },
    { agencyId: r.agency_id },
  )
  return refund
}
