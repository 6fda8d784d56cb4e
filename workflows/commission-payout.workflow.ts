import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow'
import {
  payoutDecideUpdate,
  payoutDecisionRefusal,
  payoutStateQuery,
  type CommissionPayoutActivities,
  type CommissionPayoutInput,
  type PayoutState,
  type PayoutStatus,
} from '../temporal/contracts/commission-payout.contract'
import { toMs } from './duration'
import { stepActivities } from './step-activities'

const activities = stepActivities<CommissionPayoutActivities>('payout-local-activities')

/**
 * One per commission payout request (id `payout-<id>`), from the request until staff decide. Opens
 * the staff inbox task, then waits for the `decide` update: the validator refuses an illegal
 * decision synchronously (already decided or being decided, BANK without bank_document, reject
 * without reason); the activity applies an accepted one in one transaction against the database,
 * which stays the authority. A reminder goes to staff `durations.reminder` after the request, an
 * escalation at `durations.escalation`. Ends with the payout's final status.
 */
export async function commissionPayout(input: CommissionPayoutInput): Promise<PayoutStatus> {
  const acts = activities()
  const { payoutId, durations } = input
  const workflowId = workflowInfo().workflowId
  let state: PayoutState | undefined
  // True while an accepted decision's activity runs: any other decision is refused meanwhile.
  let deciding = false
  let reminders = 0
  const decided = () => !!state && state.status !== 'REQUESTED'

  setHandler(payoutStateQuery, () => ({ state: state ?? null, deciding, reminders }))
  setHandler(
    payoutDecideUpdate,
    async (decision) => {
      // Runs right after the validator, before any other update is validated.
      deciding = true
      try {
        await condition(() => state !== undefined)
        const refusal = payoutDecisionRefusal(state, false, decision)
        if (refusal) throw ApplicationFailure.nonRetryable(refusal, 'INVALID_TRANSITION')
        state = await acts.applyCommissionPayoutDecision({ payoutId, decision })
        return state
      } finally {
        deciding = false
      }
    },
    {
      validator: (decision) => {
        const refusal = payoutDecisionRefusal(state, deciding, decision)
        if (refusal) throw new Error(refusal)
      },
    },
  )

  state = await acts.loadCommissionPayout(payoutId)
  if (!decided()) {
    await acts.openCommissionPayoutTask({ payoutId, workflowId, dueInMs: toMs(durations.reminder) })
  }
  const reminderMs = toMs(durations.reminder)
  const escalationMs = Math.max(1, toMs(durations.escalation) - reminderMs)
  while (!decided()) {
    if (reminders >= 2) {
      // Escalated: nobody is reminded again; the wait goes on without a deadline.
      await condition(decided)
      break
    }
    const woke = await condition(decided, reminders === 0 ? reminderMs : escalationMs)
    if (woke) break
    await acts.remindCommissionPayout({
      payoutId,
      workflowId,
      escalate: reminders === 1,
      key: `${workflowId}/${workflowInfo().runId}/reminder-${reminders + 1}`,
    })
    reminders++
  }
  await allHandlersFinished()
  return state.status
}
