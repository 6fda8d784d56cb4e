import type { OnboardingActivities } from '../../temporal/contracts/agency-onboarding.contract'
import {
  applyOnboardingDecision,
  getOnboardingSnapshot,
  remindOnboarding,
  syncOnboardingTasks,
} from '../../domain/agencies/onboarding'
import { nonRetryable } from './errors'

/** Onboarding activities over the domain layer; each is safe to retry. */
export function createOnboardingActivities(): OnboardingActivities {
  return {
    loadOnboardingSnapshot: (agencyId) => nonRetryable(() => getOnboardingSnapshot(agencyId)),
    applyOnboardingDecision: (input) => nonRetryable(() => applyOnboardingDecision(input)),
    syncOnboardingTasks: (input) => nonRetryable(() => syncOnboardingTasks(input)),
    remindOnboarding: (input) => nonRetryable(() => remindOnboarding(input)),
  }
}
