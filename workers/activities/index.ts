import { createOnboardingActivities } from './agency-onboarding.activities'

/** Every activity the worker registers. */
export function createActivities() {
  return { ...createOnboardingActivities() }
}
