import { allHandlersFinished, setHandler, workflowInfo } from '@temporalio/workflow'
import {
  refundDecideUpdate,
  refundDecisionRefusal,
  refundStateQuery,
  type FullRefundActivities,
  type FullRefundInput,
  type FullRefundStatus,
  type RefundDecision,
  type RefundState,
} from './full-refund.contract'
import { DecisionWait } from '../await-decision'
import { toMs } from '../duration'
import { stepActivities } from '../step-activities'

const activities = stepActivities<FullRefundActivities>('full-refund-local-activities')

const WAITS: readonly FullRefundStatus[] = ['REQUESTED', 'INITIATED']
/** Waiting for staff: to assess, to approve, or approved to be paid by a payout batch. */
const waiting = (s: RefundState) => WAITS.includes(s.status) || s.awaitingBatch === true
/** Approved with its proof (or by balance): paid at once. */
const payable = (s: RefundState) => s.status === 'APPROVED' && !s.awaitingBatch

/**
 * One per full-refund request (id `full-refund-<policyId>`; a new request after a rejection is a
 * new run), from the agency's request until the refund is COMPLETED or REJECTED. Each wait for
 * staff (assess = initiate, then approve) opens its inbox task and has its own deadline: a reminder
 * `durations.reminder` into the wait, an escalation at `durations.escalation`. Decisions are the
 * `decide` update: the validator refuses an illegal one synchronously (wrong state, missing reason
 * or proof, the initiator approving); the activity applies an accepted one in one transaction
 * against the database, which stays the authority. An approval is then paid (completeFullRefund)
 * before the update answers, so the caller sees COMPLETED; one to be paid by a payout batch waits
 * (its task for finance, with the same deadlines) for the batch's `paid` decision, then is paid.
 */
export async function fullRefund(input: FullRefundInput): Promise<FullRefundStatus> {
  const acts = activities()
  const { refundId, durations } = input
  const workflowId = workflowInfo().workflowId
  const w = DecisionWait.define<RefundState, RefundState, [RefundDecision]>({
    update: refundDecideUpdate,
    refusal: refundDecisionRefusal,
    apply: async (wait, decision) => {
      wait.state = await acts.applyFullRefundDecision({ refundId, decision })
      if (payable(wait.state)) wait.state = await acts.completeFullRefund({ refundId, workflowId })
      return wait.state
    },
  })
  setHandler(refundStateQuery, () => ({
    state: w.state ?? null,
    deciding: w.deciding,
    reminders: w.reminders,
  }))

  w.state = await acts.loadFullRefund(refundId)
  // An approval applied by an earlier run that did not get to pay it.
  if (payable(w.state)) w.state = await acts.completeFullRefund({ refundId, workflowId })
  const reminderMs = toMs(durations.reminder)
  while (waiting(w.state)) {
    const stage = w.state.status
    const batch = w.state.awaitingBatch
    await acts.openFullRefundTask({ refundId, workflowId, dueInMs: reminderMs })
    w.reminders = 0
    await w
      .wait({
        deadlines: [reminderMs, toMs(durations.escalation)],
        key: (n) => `${stage}/reminder-${n}`,
        remind: ({ escalate, key }) =>
          acts.remindFullRefund({ refundId, workflowId, status: stage, escalate, key }),
      })
      .until(() => w.state!.status !== stage || w.state!.awaitingBatch !== batch)
    // An approval is paid inside the update; wait for it to finish before looking again.
    await w.settled()
  }
  // The task sync of the last wait may have run beside the decision that ended it: sync once more.
  await acts.openFullRefundTask({ refundId, workflowId, dueInMs: 0 })
  // Approved but not paid (the payment failed inside the update): pay it here; a failure for good
  // fails this run, and the next decision or start takes the refund up again.
  if (payable(w.state)) w.state = await acts.completeFullRefund({ refundId, workflowId })
  await allHandlersFinished()
  return w.state.status
}
