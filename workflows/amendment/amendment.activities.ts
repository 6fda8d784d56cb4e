import type { AmendmentActivities } from '../../temporal/contracts/amendment.contract'
import { applyAmendmentDecision } from '../../domain/amendments/amendment-decision'
import {
  loadAmendmentState,
  openAmendmentTask,
  remindAmendment,
} from '../../domain/amendments/amendment-steps'
import type { ActivityDeps } from './deps'
import { nonRetryable } from './errors'

/**
 * Amendment activities over domain/amendments; each checks the database first, so retries are
 * safe. They run on `deps` (database, mailer, clock).
 */
export function createAmendmentActivities(deps: ActivityDeps): AmendmentActivities {
  return {
    loadAmendment: (amendmentId) => nonRetryable(() => loadAmendmentState(amendmentId, deps)),
    openAmendmentTask: (input) => nonRetryable(() => openAmendmentTask(input, deps)),
    applyAmendmentDecision: (input) => nonRetryable(() => applyAmendmentDecision(input, deps)),
    remindAmendment: (input) => nonRetryable(() => remindAmendment(input, deps)),
  }
}
