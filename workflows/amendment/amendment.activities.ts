import type { AmendmentActivities } from './amendment.contract'
import { applyAmendmentDecision } from '../../domain/amendments/amendment-decision'
import {
  loadAmendmentState,
  openAmendmentTask,
  remindAmendment,
} from '../../domain/amendments/amendment-steps'
import type { ClawbackProcess } from '../../domain/clawbacks/clawback-process'
import type { ActivityDeps } from '../../workers/activities/deps'
import { nonRetryable } from '../../workers/activities/errors'

/**
 * Amendment activities over domain/amendments; each checks the database first, so retries are
 * safe. They run on `deps` (database, mailer, clock); a clawback an adjustment opens is started
 * through the clawback port passed in (the worker's).
 */
export function createAmendmentActivities(
  deps: ActivityDeps,
  clawbacks: ClawbackProcess,
): AmendmentActivities {
  return {
    loadAmendment: (amendmentId) => nonRetryable(() => loadAmendmentState(amendmentId, deps)),
    openAmendmentTask: (input) => nonRetryable(() => openAmendmentTask(input, deps)),
    applyAmendmentDecision: (input) =>
      nonRetryable(() => applyAmendmentDecision(input, { ...deps, clawbacks })),
    remindAmendment: (input) => nonRetryable(() => remindAmendment(input, deps)),
  }
}
