import { createOnboardingActivities } from './agency-onboarding.activities'
import { createPaymentLinkActivities } from './payment-link.activities'

/** Every activity the worker registers. */
export function createActivities() {
  return { ...createOnboardingActivities(), ...createPaymentLinkActivities() }
}
