import { allHandlersFinished, condition, setHandler, workflowInfo } from '@temporalio/workflow'
// The machine's pure rules come through the contract (which re-exports them from
// domain/agencies/onboarding.rules.ts): a workflow imports only @temporalio/workflow and contracts.
import {
  agencyChangedSignal,
  decideUpdate,
  isAgencyStatus,
  onboardingStateQuery,
  overrideStatusUpdate,
  phaseOf,
  refusalFromSnapshot,
  type AgencyOnboardingInput,
  type DecisionInput,
  type OnboardingActivities,
  type OnboardingDecision,
  type OnboardingDurations,
  type OnboardingPhase,
  type OnboardingSnapshot,
} from './agency-onboarding.contract'
import { DecisionWait } from '../await-decision'
import { toMs } from '../duration'
import { stepActivities } from '../step-activities'

const activities = stepActivities<OnboardingActivities>('onboarding-local-activities')
type Acts = ReturnType<typeof activities>

/** Which configured duration each phase waits (the staff's phases share one). */
const PHASE_DURATION: Partial<Record<OnboardingPhase, keyof OnboardingDurations>> = {
  verify: 'verify',
  details: 'details',
  sign: 'agreement',
}
/** How long a phase waits for its reminder; the escalation comes as long again after it. */
const waitFor = (durations: OnboardingDurations, phase: OnboardingPhase) =>
  toMs(durations[PHASE_DURATION[phase] ?? 'staff'])

/**
 * Updates that wait for the loop: `requested` counts reloads asked for, `synced` the last one the
 * loop has applied (tasks synced).
 */
class Reloads {
  requested = 0
  synced = 0
  constructor(private readonly w: () => DecisionWait<OnboardingSnapshot>) {}

  /** Asks the loop to reload the agency and waits until it has. */
  async ask(): Promise<void> {
    const wanted = ++this.requested
    this.w().changed = true
    await condition(() => this.synced >= wanted)
  }
}

/**
 * The handlers, registered before the first await (an update or signal may arrive in the very
 * first workflow task). `changed` (the agency signal, a decision, an override) makes the loop reload.
 */
function defineHandlers(agencyId: number, acts: Acts) {
  const reloads = new Reloads(() => w)
  const w: DecisionWait<OnboardingSnapshot> = DecisionWait.define<
    OnboardingSnapshot,
    OnboardingSnapshot,
    [OnboardingDecision, DecisionInput]
  >({
    update: decideUpdate,
    refusal: (snapshot, _deciding, decision) =>
      snapshot ? refusalFromSnapshot(snapshot, decision as OnboardingDecision) : null,
    changed: agencyChangedSignal,
    // Decisions may run side by side: the validator is the snapshot's, the activity the authority.
    awaitState: false,
    apply: (_w, decision, by) =>
      acts.applyOnboardingDecision({ agencyId, decision, actor: by.actor, note: by.note }),
    // The loop reloads rather than trusting the result: an override may have landed since.
    after: () => reloads.ask(),
  })
  setHandler(onboardingStateQuery, () => {
    if (!w.state) throw new Error('The onboarding state is still loading')
    return { snapshot: w.state, phase: phaseOf(w.state), reminders: w.reminders }
  })
  setHandler(
    overrideStatusUpdate,
    async () => {
      await reloads.ask()
      return { status: w.state!.status, phase: phaseOf(w.state!) }
    },
    {
      validator: (override) => {
        if (!isAgencyStatus(override?.status)) throw new Error(`Unknown agency status ${override?.status}`)
      },
    },
  )
  return { w, reloads }
}

/**
 * One per agency, from registration or invitation until the portal is activated. Agency steps are
 * reported by signal (the database already holds them); staff decisions arrive as the `decide`
 * update, staff overrides of the status as the `overrideStatus` update. Every wait has a deadline:
 * a reminder when it passes, an escalation after a second one.
 *
 * The database is the authority: whatever happened, the loop reloads the agency and moves to the
 * wait its status implies (or completes); it never writes a status it read earlier back.
 */
export async function agencyOnboarding(input: AgencyOnboardingInput) {
  const { agencyId, durations } = input
  const workflowId = workflowInfo().workflowId
  const acts = activities()
  const { w, reloads } = defineHandlers(agencyId, acts)
  // Numbers every reminder of this run (never reset, unlike `reminders`): with the run id it keys
  // the mail, so a reminder activity retried after its mail went out does not send it again.
  let remindersSent = 0
  const waitIn = (phase: OnboardingPhase) =>
    w.wait({
      deadlines: [waitFor(durations, phase), 2 * waitFor(durations, phase)],
      key: () => `reminder-${++remindersSent}`,
      remind: ({ escalate, key }) => acts.remindOnboarding({ agencyId, phase, escalate, key }),
      quietWhenMoved: true,
    })
  const sync = (phase: OnboardingPhase) =>
    acts.syncOnboardingTasks({ agencyId, phase, workflowId, dueInMs: waitFor(durations, phase) })

  w.state = await acts.loadOnboardingSnapshot(agencyId)
  let phase = phaseOf(w.state)
  await sync(phase)
  let wait = waitIn(phase)
  for (;;) {
    while (phase !== 'done' || w.changed) {
      await wait.until(() => w.changed)
      w.changed = false
      const current = phase
      const seen = reloads.requested
      w.state = await acts.loadOnboardingSnapshot(agencyId)
      phase = phaseOf(w.state)
      if (phase !== current) w.reminders = 0
      // Even in the same phase: a sync skipped while the database was elsewhere is made good here
      // (idempotent: an open task keeps its deadline).
      await sync(phase)
      reloads.synced = seen
      // A new phase is a new wait; in the same one the next deadline counts again from this
      // reload (someone acted), the reminders already sent stay sent.
      if (phase !== current) wait = waitIn(phase)
      else wait.restart()
    }
    // Done; but a decision still running, or an override arriving now, may reopen a wait.
    await condition(() => w.changed || !w.deciding)
    if (!w.changed) break
  }
  await allHandlersFinished()
  return w.state
}
