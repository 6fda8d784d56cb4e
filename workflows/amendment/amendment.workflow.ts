import { allHandlersFinished, setHandler, workflowInfo } from '@temporalio/workflow'
import {
  amendmentChangedSignal,
  amendmentDecideUpdate,
  amendmentDecisionRefusal,
  amendmentStateQuery,
  type AmendmentActivities,
  type AmendmentDecision,
  type AmendmentInput,
  type AmendmentPhase,
  type AmendmentState,
} from './amendment.contract'
import { DecisionWait } from '../await-decision'
import { toMs } from '../duration'
import { stepActivities } from '../step-activities'

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
  let decisions = 0
  const w = DecisionWait.define<AmendmentState, AmendmentState, [AmendmentDecision]>({
    update: amendmentDecideUpdate,
    refusal: amendmentDecisionRefusal,
    // The loop reloads on `amendmentChanged`; a decision is checked against the state as it is.
    changed: amendmentChangedSignal,
    apply: async (wait, decision) => {
      const key = `${workflowId}/${workflowInfo().runId}/decision-${++decisions}`
      return (wait.state = await acts.applyAmendmentDecision({ amendmentId, decision, key }))
    },
  })
  setHandler(amendmentStateQuery, () => ({
    state: w.state ?? null,
    deciding: w.deciding,
    reminders: w.reminders,
  }))

  w.state = await acts.loadAmendment(amendmentId)
  const reminderMs = toMs(durations.reminder)
  let wait = 0
  while (!closed(w.state.phase)) {
    const phase: AmendmentPhase = w.state.phase
    const n = ++wait
    w.reminders = 0
    await acts.openAmendmentTask({ amendmentId, workflowId, dueInMs: reminderMs })
    await w
      .wait({
        deadlines: [reminderMs, toMs(durations.escalation)],
        key: (r) => `wait-${n}/reminder-${r}`,
        // The remind activity answers the amendment as it now is: the wait may have ended unheard.
        remind: async ({ escalate, key }) => {
          w.state = await acts.remindAmendment({ amendmentId, workflowId, phase, escalate, key })
        },
      })
      .until(() => w.changed || (!!w.state && w.state.phase !== phase))
    // A decision may be running: the reload lets it finish so it sees its outcome.
    await w.reloadIfChanged(() => acts.loadAmendment(amendmentId))
  }
  await allHandlersFinished()
  return w.state.phase
}
