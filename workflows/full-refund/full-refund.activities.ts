import type { FullRefundActivities } from './full-refund.contract'
import {
  applyRefundDecision,
  completeRefund,
  loadRefundState,
  openRefundTask,
  remindRefund,
} from '../../domain/refunds/full-refund-workflow-steps'
import type { ClawbackProcess } from '../../domain/clawbacks/clawback-process'
import type { ActivityDeps } from '../../workers/activities/deps'
import { nonRetryable } from '../../workers/activities/errors'

/**
 * Full refund activities over domain/refunds; each checks the database first, so retries are safe.
 * They run on `deps` (database, mailer, clock); a clawback opened by a completion is started after
 * commit through the clawback port passed in (the worker's).
 */
export function createFullRefundActivities(
  deps: ActivityDeps,
  clawbacks: Pick<ClawbackProcess, 'start'>,
): FullRefundActivities {
  const stepDeps = { ...deps, startClawback: (id: number) => clawbacks.start(id) }
  return {
    loadFullRefund: (refundId) => nonRetryable(() => loadRefundState(refundId, deps)),
    openFullRefundTask: (input) => nonRetryable(() => openRefundTask(input, deps)),
    applyFullRefundDecision: (input) => nonRetryable(() => applyRefundDecision(input, stepDeps)),
    completeFullRefund: (input) => nonRetryable(() => completeRefund(input, stepDeps)),
    remindFullRefund: (input) => nonRetryable(() => remindRefund(input, deps)),
  }
}
