import { agencyOnboardingWorkflowId, type OnboardingActivities } from './agency-onboarding.contract'
import { phaseOf, type OnboardingPhase } from '../../domain/agencies/onboarding.rules'
import { applyOnboardingDecision } from '../../domain/agencies/onboarding-workflow/apply-onboarding-decision'
import { getOnboardingSnapshot } from '../../domain/agencies/onboarding-workflow/get-onboarding-snapshot'
import { remindOnboarding } from '../../domain/agencies/onboarding-workflow/remind-onboarding'
import { syncOnboardingTasks } from '../../domain/agencies/onboarding-workflow/sync-onboarding-tasks'
import type { ActivityDeps } from '../../workers/activities/deps'
import { nonRetryable } from '../../workers/activities/errors'

/**
 * Whether the agency is still in the phase the workflow acts for. The workflow's view may be stale
 * (a staff override lands in the database first, then reaches the workflow): tasks and reminders
 * of a phase the agency has left are skipped; the workflow syncs again once it has reloaded.
 */
async function stillIn(agencyId: number, phase: OnboardingPhase, deps: ActivityDeps) {
  return phaseOf(await getOnboardingSnapshot(agencyId, deps.db)) === phase
}

/** Onboarding activities over the domain layer, on `deps` (database, mailer, clock); each is safe to retry. */
export function createOnboardingActivities(deps: ActivityDeps): OnboardingActivities {
  return {
    loadOnboardingSnapshot: (agencyId) => nonRetryable(() => getOnboardingSnapshot(agencyId, deps.db)),
    applyOnboardingDecision: (input) => nonRetryable(() => applyOnboardingDecision(input, deps)),
    syncOnboardingTasks: (input) =>
      nonRetryable(async () => {
        if (await stillIn(input.agencyId, input.phase, deps)) await syncOnboardingTasks(input, deps)
      }),
    remindOnboarding: (input) =>
      nonRetryable(async () => {
        if (await stillIn(input.agencyId, input.phase, deps))
          await remindOnboarding({ ...input, workflowId: agencyOnboardingWorkflowId(input.agencyId) }, deps)
      }),
  }
}
