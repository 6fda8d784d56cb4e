import { allHandlersFinished, patched, setHandler, workflowInfo } from '@temporalio/workflow'
import {
  clawbackChangedSignal,
  clawbackDecideUpdate,
  clawbackDecisionRefusal,
  clawbackStateQuery,
  type ClawbackActivities,
  type ClawbackDecision,
  type ClawbackInput,
  type ClawbackState,
  type ClawbackStatus,
} from './clawback.contract'
import { DecisionWait } from '../await-decision'
import { toMs } from '../duration'
import { stepActivities } from '../step-activities'

const activities = stepActivities<ClawbackActivities>('clawback-local-activities')

/**
 * One per clawback (id `clawback-<id>`), from its opening until it is COMPLETED. Two waits, each
 * with its inbox task and deadlines counted from its start:
 * - the agency's payment (INITIATED, or REJECTED to pay again): reminders to the agency at
 *   `durations.reminder` and `secondReminder`, an escalation to staff at `escalation`. The agency's
 *   payment is written by its use case and announced by the `changed` signal (so is a commission
 *   payout that offsets the clawback): the workflow reloads the clawback from the database.
 * - the staff decision (REQUESTED): the `decide` update, whose validator refuses an illegal decision
 *   synchronously; a reminder to staff at `decisionReminder`, an escalation at `decisionEscalation`.
 *   A REJECTED decision goes back to the payment wait.
 */
export async function clawback(input: ClawbackInput): Promise<ClawbackStatus> {
  const acts = activities()
  const { clawbackId, durations } = input
  const { workflowId } = workflowInfo()
  const load = () => acts.loadClawback(clawbackId)
  const w = DecisionWait.define<ClawbackState, ClawbackState, [ClawbackDecision]>({
    update: clawbackDecideUpdate,
    refusal: clawbackDecisionRefusal,
    changed: clawbackChangedSignal,
    reload: load,
    apply: async (wait, decision) =>
      (wait.state = await acts.applyClawbackDecision({ clawbackId, decision })),
  })
  setHandler(clawbackStateQuery, () => ({
    state: w.state ?? null,
    deciding: w.deciding,
    reminders: w.reminders,
  }))

  w.state = await load()
  let cycle = 0
  while (w.state.status !== 'COMPLETED') {
    cycle++
    const c = cycle
    const waitingOn = w.state.status
    const phase = waitingOn === 'REQUESTED' ? 'decision' : 'payment'
    const deadlines = (
      phase === 'payment'
        ? [durations.reminder, durations.secondReminder, durations.escalation]
        : [durations.decisionReminder, durations.decisionEscalation]
    ).map(toMs)
    await acts.openClawbackTask({ clawbackId, workflowId, status: waitingOn, dueInMs: deadlines[0] })
    await w
      .wait({
        deadlines,
        key: (n) => `${phase}-${c}-${n}`,
        remind: ({ escalate, key }) => acts.remindClawback({ clawbackId, workflowId, phase, escalate, key }),
      })
      // Runs recorded before the helper started each wait with its timer even when it had moved.
      .until(
        () => w.changed || w.state?.status !== waitingOn,
        () => patched('await-decision'),
      )
    await w.reloadIfChanged(load)
  }
  await acts.closeClawbackTasks({ workflowId })
  await allHandlersFinished()
  return w.state.status
}
