import type { CommissionPayoutActivities } from '../../temporal/contracts/commission-payout.contract'
import {
  applyCommissionPayoutDecision,
  loadPayoutState,
  openPayoutTask,
  remindPayout,
} from '../../domain/finance/payouts/payout-workflow-steps'
import type { ActivityDeps } from './deps'
import { nonRetryable } from './errors'

/**
 * Commission payout activities over domain/finance/payouts; each checks the database first, so
 * retries are safe. They run on `deps` (database, mailer, clock).
 */
export function createCommissionPayoutActivities(deps: ActivityDeps): CommissionPayoutActivities {
  return {
    loadCommissionPayout: (payoutId) => nonRetryable(() => loadPayoutState(payoutId, deps)),
    openCommissionPayoutTask: (input) => nonRetryable(() => openPayoutTask(input, deps)),
    applyCommissionPayoutDecision: (input) => nonRetryable(() => applyCommissionPayoutDecision(input, deps)),
    remindCommissionPayout: (input) => nonRetryable(() => remindPayout(input, deps)),
  }
}
