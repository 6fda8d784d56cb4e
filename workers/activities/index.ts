import { createOnboardingActivities } from '../../workflows/agency-onboarding/agency-onboarding.activities'
import { createCommissionPayoutActivities } from '../../workflows/commission-payout/commission-payout.activities'
import { createFullRefundActivities } from '../../workflows/full-refund/full-refund.activities'
import { createClawbackActivities } from '../../workflows/clawback/clawback.activities'
import { createAmendmentActivities } from '../../workflows/amendment/amendment.activities'
import type { ActivityDeps } from './deps'
import type { Processes } from '../../temporal/processes'
import { createPaymentLinkActivities } from '../../workflows/payment-link-expiry/payment-link-expiry.activities'
import { createScheduledJobsActivities } from '../../workflows/scheduled-jobs/scheduled-jobs.activities'

/**
 * Every activity the worker registers, built over one set of dependencies and the process ports
 * (temporal/processes.ts) for the steps that start or tell another process.
 */
export function createActivities(deps: ActivityDeps, processes: Processes) {
  return {
    ...createOnboardingActivities(deps),
    ...createPaymentLinkActivities(deps),
    ...createCommissionPayoutActivities(deps, processes.clawback),
    ...createFullRefundActivities(deps, processes.clawback),
    ...createClawbackActivities(deps),
    ...createAmendmentActivities(deps, processes.clawback),
    ...createScheduledJobsActivities(deps),
  }
}
