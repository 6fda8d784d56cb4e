import { createOnboardingActivities } from './agency-onboarding.activities'
import { createCommissionPayoutActivities } from './commission-payout.activities'
import { createFullRefundActivities } from './full-refund.activities'
import { createClawbackActivities } from './clawback.activities'
import { createAmendmentActivities } from './amendment.activities'
import type { ActivityDeps } from './deps'
import { createPaymentLinkActivities } from './payment-link.activities'
import { createScheduledJobsActivities } from './scheduled-jobs.activities'

/** Every activity the worker registers, built over one set of dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createOnboardingActivities(deps),
    ...createPaymentLinkActivities(deps),
    ...createCommissionPayoutActivities(deps),
    ...createFullRefundActivities(deps),
    ...createClawbackActivities(deps),
    ...createAmendmentActivities(deps),
    ...createScheduledJobsActivities(deps),
  }
}
