import { config } from '../domain/shared/config'
import type { OnboardingDurations } from './contracts/agency-onboarding.contract'

export const taskQueue = () => config().TEMPORAL_TASK_QUEUE

export const onboardingDurations = (): OnboardingDurations => ({
  verify: config().ONBOARDING_VERIFY_REMINDER,
  details: config().ONBOARDING_DETAILS_REMINDER,
  agreement: config().ONBOARDING_AGREEMENT_REMINDER,
  staff: config().ONBOARDING_STAFF_REMINDER,
})

/** Seconds before a payment link's expiry at which the agency is reminded. */
export const paymentLinkReminderSeconds = () => config().PAYMENT_LINK_REMINDER_SECONDS
