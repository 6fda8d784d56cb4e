import type { FullRefundActivities } from '../../temporal/contracts/full-refund.contract'
import {
  applyRefundDecision,
  completeRefund,
  loadRefundState,
  openRefundTask,
  remindRefund,
} from '../../domain/refunds/full-refund-workflow-steps'
import { workflows } from '../../domain/shared/ports'
import type { ActivityDeps } from './deps'
import { nonRetryable } from './errors'

/**
 * Full refund activities over domain/refunds; each checks the database first, so retries are safe.
 * They run on `deps` (database, mailer, clock); a clawback opened by a completion is started after
 * commit through the worker's workflow port.
 */
export function createFullRefundActivities(deps: ActivityDeps): FullRefundActivities {
  const stepDeps = { ...deps, startClawback: (id: number) => workflows().startClawback(id) }
  return {
    loadFullRefund: (refundId) => nonRetryable(() => loadRefundState(refundId, deps)),
    openFullRefundTask: (input) => nonRetryable(() => openRefundTask(input, deps)),
    applyFullRefundDecision: (input) => nonRetryable(() => applyRefundDecision(input, stepDeps)),
    completeFullRefund: (input) => nonRetryable(() => completeRefund(input, stepDeps)),
    remindFullRefund: (input) => nonRetryable(() => remindRefund(input, deps)),
  }
}
