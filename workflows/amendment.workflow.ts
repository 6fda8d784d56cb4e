import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow'
import {
  amendmentChangedSignal,
  amendmentDecideUpdate,
  amendmentDecisionRefusal,
  amendmentStateQuery,
  type AmendmentActivities,
  type AmendmentInput,
  type AmendmentPhase,
  type AmendmentState,
} from '../temporal/contracts/amendment.contract'
import { toMs } from './duration'
import { stepActivities } from './step-activities'

const activities = stepActivities<AmendmentActivities>('amendment-local-activities')

const closed = (p: AmendmentPhase) => p === 'DONE' || p === 'WITHDRAWN'

/**
 * One per amendment (id `amendment-<id>`), from its opening until DONE (new certificate uploaded)
 * or WITHDRAWN. Each wait (confirm by staff, accept by the agency, payment, payment approval,
 * certificate) opens its inbox task and has its own reminder (`durations.reminder` after the wait
 * began) and escalation to staff (`durations.escalation`). Decisions arrive as the `decide` update:
 * the validator refuses those that do not fit the wait synchronously; the activity applies an
 * accepted one in one transaction against the database, which stays the authority. The
 * `amendmentChanged` signal (certificate uploaded) makes it reload the amendment.
 */
export async function amendment(input: AmendmentInput): Promise<AmendmentPhase> {
  const { amendmentId, durations } = input
  const workflowId = workflowInfo().workflowId
  const acts = activities()
  let state: AmendmentState | undefined
  let deciding = false
  let reload = false
  let reminders = 0
  let decisions = 0

  setHandler(amendmentStateQuery, () => ({ state: state ?? null, deciding, reminders }))
  setHandler(amendmentChangedSignal, () => {
    reload = true
  })
  setHandler(
    amendmentDecideUpdate,
    async (decision) => {
      deciding = true
      try {
        await condition(() => state !== undefined)
        const refusal = amendmentDecisionRefusal(state, false, decision)
        if (refusal) throw ApplicationFailure.nonRetryable(refusal, 'INVALID_TRANSITION')
        const key = `${workflowId}/${workflowInfo().runId}/decision-${++decisions}`
        state = await acts.applyAmendmentDecision({ amendmentId, decision, key })
        return state
      } finally {
        deciding = false
      }
    },
    {
      validator: (decision) => {
        const refusal = amendmentDecisionRefusal(state, deciding, decision)
        if (refusal) throw new Error(refusal)
      },
    },
  )

  state = await acts.loadAmendment(amendmentId)
  const reminderMs = toMs(durations.reminder)
  const escalationMs = Math.max(1, toMs(durations.escalation) - reminderMs)
  let wait = 0
  while (!closed(state.phase)) {
    const phase: AmendmentPhase = state.phase
    wait++
    reminders = 0
    await acts.openAmendmentTask({ amendmentId, workflowId, dueInMs: reminderMs })
    const moved = () => reload || (!!state && state.phase !== phase)
    while (!moved()) {
      const woke =
        reminders >= 2
          ? await condition(moved)
          : await condition(moved, reminders === 0 ? reminderMs : escalationMs)
      if (woke) break
      state = await acts.remindAmendment({
        amendmentId,
        workflowId,
        phase,
        escalate: reminders === 1,
        key: `${workflowId}/${workflowInfo().runId}/wait-${wait}/reminder-${reminders + 1}`,
      })
      reminders++
    }
    if (reload) {
      reload = false
      // A decision may be running: let it finish so the reload sees its outcome.
      await condition(() => !deciding)
      state = await acts.loadAmendment(amendmentId)
    }
  }
  await allHandlersFinished()
  return state.phase
}
