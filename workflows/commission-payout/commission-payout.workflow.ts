import { allHandlersFinished, setHandler, workflowInfo } from '@temporalio/workflow'
import {
  payoutDecideUpdate,
  payoutDecisionRefusal,
  payoutStateQuery,
  type CommissionPayoutActivities,
  type CommissionPayoutInput,
  type PayoutDecision,
  type PayoutState,
  type PayoutStatus,
} from './commission-payout.contract'
import { DecisionWait } from '../await-decision'
import { toMs } from '../duration'
import { stepActivities } from '../step-activities'

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
  const w = DecisionWait.define<PayoutState, PayoutState, [PayoutDecision]>({
    update: payoutDecideUpdate,
    refusal: payoutDecisionRefusal,
    apply: async (wait, decision) =>
      (wait.state = await acts.applyCommissionPayoutDecision({ payoutId, decision })),
  })
  const decided = () => !!w.state && w.state.status !== 'REQUESTED'
  setHandler(payoutStateQuery, () => ({
    state: w.state ?? null,
    deciding: w.deciding,
    reminders: w.reminders,
  }))

  w.state = await acts.loadCommissionPayout(payoutId)
  if (!decided()) {
    await acts.openCommissionPayoutTask({ payoutId, workflowId, dueInMs: toMs(durations.reminder) })
    await w
      .wait({
        deadlines: [toMs(durations.reminder), toMs(durations.escalation)],
        key: (n) => `reminder-${n}`,
        remind: ({ escalate, key }) => acts.remindCommissionPayout({ payoutId, workflowId, escalate, key }),
      })
      .until(decided)
  }
  await allHandlersFinished()
  return w.state.status
}
