import { allHandlersFinished, condition, setHandler, workflowInfo } from '@temporalio/workflow'
import {
  agencyChangedSignal,
  decideUpdate,
  onboardingStateQuery,
  overrideStatusUpdate,
  type AgencyOnboardingInput,
  type OnboardingActivities,
} from '../temporal/contracts/agency-onboarding.contract'
// The machine's pure rules (no runtime imports): the one file of domain/ a workflow may import.
import {
  isAgencyStatus,
  phaseOf,
  refusalFromSnapshot,
  type OnboardingPhase,
  type OnboardingSnapshot,
} from '../domain/agencies/onboarding.rules'
import { toMs } from './duration'
import { stepActivities } from './step-activities'

const activities = stepActivities<OnboardingActivities>('onboarding-local-activities')

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
  // Handlers first: an update or signal may arrive in the very first workflow task.
  let snapshot: OnboardingSnapshot | undefined
  let dirty = false
  let reminders = 0
  // Numbers every reminder of this run (never reset, unlike `reminders`): with the run id it keys
  // the mail, so a reminder activity retried after its mail went out does not send it again.
  let remindersSent = 0
  // Updates that wait for the loop: `requested` counts reloads asked for, `synced` the last one
  // the loop has applied (tasks synced); `deciding` counts decisions whose activity is running.
  let requested = 0
  let synced = 0
  let deciding = 0
  const reloaded = async () => {
    const wanted = ++requested
    dirty = true
    await condition(() => synced >= wanted)
  }

  setHandler(agencyChangedSignal, () => {
    dirty = true
  })
  setHandler(onboardingStateQuery, () => {
    if (!snapshot) throw new Error('The onboarding state is still loading')
    return { snapshot, phase: phaseOf(snapshot), reminders }
  })
  setHandler(
    decideUpdate,
    async (decision, by) => {
      deciding++
      let result: OnboardingSnapshot
      try {
        result = await acts.applyOnboardingDecision({ agencyId, decision, actor: by.actor, note: by.note })
      } finally {
        deciding--
      }
      // The loop reloads rather than trusting this result: an override may have landed since.
      await reloaded()
      return result
    },
    {
      validator: (decision, _by) => {
        const reason = snapshot ? refusalFromSnapshot(snapshot, decision) : null
        if (reason) throw new Error(reason)
      },
    },
  )
  setHandler(
    overrideStatusUpdate,
    async () => {
      await reloaded()
      return { status: snapshot!.status, phase: phaseOf(snapshot!) }
    },
    {
      validator: (override) => {
        if (!isAgencyStatus(override?.status)) throw new Error(`Unknown agency status ${override?.status}`)
      },
    },
  )

  const waitFor = (phase: OnboardingPhase) =>
    toMs(
      phase === 'verify'
        ? durations.verify
        : phase === 'details'
          ? durations.details
          : phase === 'sign'
            ? durations.agreement
            : durations.staff,
    )

  snapshot = await acts.loadOnboardingSnapshot(agencyId)
  let phase = phaseOf(snapshot)
  await acts.syncOnboardingTasks({ agencyId, phase, workflowId, dueInMs: waitFor(phase) })
  for (;;) {
    while (phase !== 'done' || dirty) {
      const current = phase
      let moved = true
      if (!dirty) {
        // After the escalation nobody is reminded again; the wait goes on without a deadline.
        const woken = () => dirty
        moved = reminders < 2 ? await condition(woken, waitFor(current)) : (await condition(woken), true)
      }
      if (dirty) {
        dirty = false
        const seen = requested
        snapshot = await acts.loadOnboardingSnapshot(agencyId)
        phase = phaseOf(snapshot)
        if (phase !== current) reminders = 0
        // Even in the same phase: a sync skipped while the database was elsewhere is made good here
        // (idempotent: an open task keeps its deadline).
        await acts.syncOnboardingTasks({ agencyId, phase, workflowId, dueInMs: waitFor(phase) })
        synced = seen
      } else if (!moved) {
        const key = `${workflowId}/${workflowInfo().runId}/reminder-${++remindersSent}`
        await acts.remindOnboarding({ agencyId, phase, escalate: reminders === 1, key })
        reminders++
      }
    }
    // Done; but a decision still running, or an override arriving now, may reopen a wait.
    await condition(() => dirty || deciding === 0)
    if (!dirty) break
  }
  await allHandlersFinished()
  return snapshot
}
