import {
  allHandlersFinished,
  condition,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow'
import {
  agencyChangedSignal,
  decideUpdate,
  onboardingStateQuery,
  phaseOf,
  refusalFromSnapshot,
  type AgencyOnboardingInput,
  type OnboardingActivities,
  type OnboardingPhase,
  type OnboardingSnapshot,
} from '../temporal/contracts/agency-onboarding.contract'
import { toMs } from './duration'

const acts = proxyActivities<OnboardingActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
})

/**
 * One per agency, from registration or invitation until the portal is activated. Agency steps are
 * reported by signal (the database already holds them); staff decisions arrive as the `decide`
 * update. Every wait has a deadline: a reminder when it passes, an escalation after a second one.
 */
export async function agencyOnboarding(input: AgencyOnboardingInput) {
  const { agencyId, durations } = input
  const workflowId = workflowInfo().workflowId
  // Handlers first: an update or signal may arrive in the very first workflow task.
  let snapshot: OnboardingSnapshot | undefined
  let dirty = false
  let reminders = 0

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
      snapshot = await acts.applyOnboardingDecision({ agencyId, decision, actor: by.actor })
      return snapshot
    },
    {
      validator: (decision, _by) => {
        const reason = snapshot ? refusalFromSnapshot(snapshot, decision) : null
        if (reason) throw new Error(reason)
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

  const loaded = await acts.loadOnboardingSnapshot(agencyId)
  snapshot ??= loaded
  let phase = phaseOf(snapshot)
  await acts.syncOnboardingTasks({ agencyId, phase, workflowId, dueInMs: waitFor(phase) })
  while (phase !== 'done') {
    const current = phase
    const woken = () => dirty || (!!snapshot && phaseOf(snapshot) !== current)
    // After the escalation nobody is reminded again; the wait goes on without a deadline.
    const moved = reminders < 2 ? await condition(woken, waitFor(current)) : (await condition(woken), true)
    if (dirty) {
      dirty = false
      snapshot = await acts.loadOnboardingSnapshot(agencyId)
    }
    const next = phaseOf(snapshot!)
    if (next !== current) {
      phase = next
      reminders = 0
      await acts.syncOnboardingTasks({ agencyId, phase, workflowId, dueInMs: waitFor(phase) })
    } else if (!moved) {
      await acts.remindOnboarding({ agencyId, phase, escalate: reminders === 1 })
      reminders++
    }
  }
  await allHandlersFinished()
  return snapshot
}
