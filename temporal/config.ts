import { config } from '../domain/shared/config'
import type { OnboardingDurations } from './contracts/agency-onboarding.contract'
import type { PayoutDurations } from './contracts/commission-payout.contract'

export const taskQueue = () => config().TEMPORAL_TASK_QUEUE

export const onboardingDurations = (): OnboardingDurations => ({
  verify: config().ONBOARDING_VERIFY_REMINDER,
  details: config().ONBOARDING_DETAILS_REMINDER,
  agreement: config().ONBOARDING_AGREEMENT_REMINDER,
  staff: config().ONBOARDING_STAFF_REMINDER,
})

/** Seconds before a payment link's expiry at which the agency is reminded. */
export const paymentLinkReminderSeconds = () => config().PAYMENT_LINK_REMINDER_SECONDS

/** When staff are reminded of, then escalated about, a waiting payout (from the request). */
export const payoutDurations = (): PayoutDurations => ({
  reminder: config().PAYOUT_REMINDER,
  escalation: config().PAYOUT_ESCALATION,
})
