import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow'
import {
  refundDecideUpdate,
  refundDecisionRefusal,
  refundStateQuery,
  type FullRefundActivities,
  type FullRefundInput,
  type FullRefundStatus,
  type RefundState,
} from '../temporal/contracts/full-refund.contract'
import { toMs } from './duration'
import { stepActivities } from './step-activities'

const activities = stepActivities<FullRefundActivities>('full-refund-local-activities')

const WAITS: readonly FullRefundStatus[] = ['REQUESTED', 'INITIATED']

/**
 * One per full-refund request (id `full-refund-<policyId>`; a new request after a rejection is a
 * new run), from the agency's request until the refund is COMPLETED or REJECTED. Each wait for
 * staff (assess = initiate, then approve) opens its inbox task and has its own deadline: a reminder
 * `durations.reminder` into the wait, an escalation at `durations.escalation`. Decisions are the
 * `decide` update: the validator refuses an illegal one synchronously (wrong state, missing reason
 * or proof, the initiator approving); the activity applies an accepted one in one transaction
 * against the database, which stays the authority. An approval is then paid (completeFullRefund)
 * before the update answers, so the caller sees COMPLETED.
 */
export async function fullRefund(input: FullRefundInput): Promise<FullRefundStatus> {
  const acts = activities()
  const { refundId, durations } = input
  const workflowId = workflowInfo().workflowId
  let state: RefundState | undefined
  // True while an accepted decision's activities run: any other decision is refused meanwhile.
  let deciding = false
  // Reminders sent in the current wait (0, 1 = reminded, 2 = escalated).
  let reminders = 0

  setHandler(refundStateQuery, () => ({ state: state ?? null, deciding, reminders }))
  setHandler(
    refundDecideUpdate,
    async (decision) => {
      deciding = true
      try {
        await condition(() => state !== undefined)
        const refusal = refundDecisionRefusal(state, false, decision)
        if (refusal) throw ApplicationFailure.nonRetryable(refusal, 'INVALID_TRANSITION')
        state = await acts.applyFullRefundDecision({ refundId, decision })
        if (state.status === 'APPROVED') state = await acts.completeFullRefund({ refundId, workflowId })
        return state
      } finally {
        deciding = false
      }
    },
    {
      validator: (decision) => {
        const refusal = refundDecisionRefusal(state, deciding, decision)
        if (refusal) throw new Error(refusal)
      },
    },
  )

  state = await acts.loadFullRefund(refundId)
  // An approval applied by an earlier run that did not get to pay it.
  if (state.status === 'APPROVED') state = await acts.completeFullRefund({ refundId, workflowId })
  const reminderMs = toMs(durations.reminder)
  const escalationMs = Math.max(1, toMs(durations.escalation) - reminderMs)
  while (WAITS.includes(state.status)) {
    const stage = state.status
    const moved = () => state!.status !== stage
    await acts.openFullRefundTask({ refundId, workflowId, dueInMs: reminderMs })
    reminders = 0
    while (!moved()) {
      if (reminders >= 2) {
        // Escalated: nobody is reminded again in this wait.
        await condition(moved)
        break
      }
      const woke = await condition(moved, reminders === 0 ? reminderMs : escalationMs)
      if (woke) break
      await acts.remindFullRefund({
        refundId,
        workflowId,
        status: stage,
        escalate: reminders === 1,
        key: `${workflowId}/${workflowInfo().runId}/${stage}/reminder-${reminders + 1}`,
      })
      reminders++
    }
    // An approval is paid inside the update; wait for it to finish before looking again.
    await condition(() => !deciding)
  }
  // The task sync of the last wait may have run beside the decision that ended it: sync once more.
  await acts.openFullRefundTask({ refundId, workflowId, dueInMs: 0 })
  // Approved but not paid (the payment failed inside the update): pay it here; a failure for good
  // fails this run, and the next decision or start takes the refund up again.
  if (state.status === 'APPROVED') state = await acts.completeFullRefund({ refundId, workflowId })
  await allHandlersFinished()
  return state.status
}
