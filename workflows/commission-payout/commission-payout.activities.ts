import type { CommissionPayoutActivities } from './commission-payout.contract'
import {
  applyCommissionPayoutDecision,
  loadPayoutState,
  openPayoutTask,
  remindPayout,
} from '../../domain/finance/payouts/payout-workflow-steps'
import type { ClawbackProcess } from '../../domain/clawbacks/clawback-process'
import type { ActivityDeps } from '../../workers/activities/deps'
import { nonRetryable } from '../../workers/activities/errors'

/**
 * Commission payout activities over domain/finance/payouts; each checks the database first, so
 * retries are safe. They run on `deps` (database, mailer, clock); a payout that offsets clawbacks
 * tells their processes through the clawback port passed in (the worker's).
 */
export function createCommissionPayoutActivities(
  deps: ActivityDeps,
  clawbacks: ClawbackProcess,
): CommissionPayoutActivities {
  return {
    loadCommissionPayout: (payoutId) => nonRetryable(() => loadPayoutState(payoutId, deps)),
    openCommissionPayoutTask: (input) => nonRetryable(() => openPayoutTask(input, deps)),
    applyCommissionPayoutDecision: (input) =>
      nonRetryable(() => applyCommissionPayoutDecision(input, { ...deps, clawbacks })),
    remindCommissionPayout: (input) => nonRetryable(() => remindPayout(input, deps)),
  }
}
