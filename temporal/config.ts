import { config } from '../domain/shared/config'
import type { OnboardingDurations } from '../workflows/agency-onboarding/agency-onboarding.contract'
import type { PayoutDurations } from '../workflows/commission-payout/commission-payout.contract'
import type { FullRefundDurations } from '../workflows/full-refund/full-refund.contract'
import type { ClawbackDurations } from '../workflows/clawback/clawback.contract'
import type { AmendmentDurations } from '../workflows/amendment/amendment.contract'

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

/** When an amendment's wait reminds, then escalates to staff (from the start of each wait). */
export const amendmentDurations = (): AmendmentDurations => ({
  reminder: config().AMENDMENT_REMINDER,
  escalation: config().AMENDMENT_ESCALATION,
})

/** The clawback's deadlines: agency reminders and staff escalation, then the staff decision's. */
export const clawbackDurations = (): ClawbackDurations => ({
  reminder: config().CLAWBACK_REMINDER,
  secondReminder: config().CLAWBACK_SECOND_REMINDER,
  escalation: config().CLAWBACK_ESCALATION,
  decisionReminder: config().CLAWBACK_DECISION_REMINDER,
  decisionEscalation: config().CLAWBACK_DECISION_ESCALATION,
})

/** When staff are reminded of, then escalated about, a full refund waiting in one step (from its start). */
export const fullRefundDurations = (): FullRefundDurations => ({
  reminder: config().FULL_REFUND_REMINDER,
  escalation: config().FULL_REFUND_ESCALATION,
})
