import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow'
import {
  clawbackChangedSignal,
  clawbackDecideUpdate,
  clawbackDecisionRefusal,
  clawbackStateQuery,
  type ClawbackActivities,
  type ClawbackInput,
  type ClawbackState,
  type ClawbackStatus,
} from '../temporal/contracts/clawback.contract'
import { toMs } from './duration'
import { stepActivities } from './step-activities'

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
  const { workflowId, runId } = workflowInfo()
  let state: ClawbackState | undefined
  let deciding = false
  let changed = false
  let reminders = 0

  setHandler(clawbackStateQuery, () => ({ state: state ?? null, deciding, reminders }))
  setHandler(clawbackChangedSignal, () => {
    changed = true
  })
  setHandler(
    clawbackDecideUpdate,
    async (decision) => {
      deciding = true
      try {
        await condition(() => state !== undefined)
        if (changed) {
          // The agency's payment is in the database but not yet in `state`: read it first.
          changed = false
          state = await acts.loadClawback(clawbackId)
        }
        const refusal = clawbackDecisionRefusal(state, false, decision)
        if (refusal) throw ApplicationFailure.nonRetryable(refusal, 'INVALID_TRANSITION')
        state = await acts.applyClawbackDecision({ clawbackId, decision })
        return state
      } finally {
        deciding = false
      }
    },
    {
      validator: (decision) => {
        // With a change not yet reloaded, the status is checked by the handler after reloading.
        const refusal = clawbackDecisionRefusal(changed ? undefined : state, deciding, decision)
        if (refusal) throw new Error(refusal)
      },
    },
  )

  state = await acts.loadClawback(clawbackId)
  let cycle = 0
  while (state.status !== 'COMPLETED') {
    cycle++
    const waitingOn = state.status
    const phase = waitingOn === 'REQUESTED' ? 'decision' : 'payment'
    const deadlines = (
      phase === 'payment'
        ? [durations.reminder, durations.secondReminder, durations.escalation]
        : [durations.decisionReminder, durations.decisionEscalation]
    ).map(toMs)
    await acts.openClawbackTask({ clawbackId, workflowId, status: waitingOn, dueInMs: deadlines[0] })
    const startedAt = Date.now()
    const moved = () => changed || state?.status !== waitingOn
    let sent = 0
    for (;;) {
      if (sent >= deadlines.length) {
        // Escalated: nobody is nudged again; the wait goes on without a deadline.
        await condition(moved)
        break
      }
      const left = Math.max(1, deadlines[sent] - (Date.now() - startedAt))
      if (await condition(moved, left)) break
      await acts.remindClawback({
        clawbackId,
        workflowId,
        phase,
        escalate: sent === deadlines.length - 1,
        key: `${workflowId}/${runId}/${phase}-${cycle}-${sent + 1}`,
      })
      sent++
      reminders++
    }
    if (changed) {
      changed = false
      await condition(() => !deciding)
      state = await acts.loadClawback(clawbackId)
    }
  }
  await acts.closeClawbackTasks({ workflowId })
  await allHandlersFinished()
  return state.status
}
