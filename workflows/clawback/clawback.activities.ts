import type { ClawbackActivities } from './clawback.contract'
import {
  applyClawbackDecision,
  closeClawbackTasks,
  loadClawbackState,
  openClawbackTask,
  remindClawback,
} from '../../domain/clawbacks/clawback-workflow-steps'
import type { ActivityDeps } from '../../workers/activities/deps'
import { nonRetryable } from '../../workers/activities/errors'

/** Clawback activities over domain/clawbacks; each checks the database first, so retries are safe. */
export function createClawbackActivities(deps: ActivityDeps): ClawbackActivities {
  return {
    loadClawback: (clawbackId) => nonRetryable(() => loadClawbackState(clawbackId, deps)),
    openClawbackTask: (input) => nonRetryable(() => openClawbackTask(input, deps)),
    applyClawbackDecision: (input) => nonRetryable(() => applyClawbackDecision(input, deps)),
    remindClawback: (input) => nonRetryable(() => remindClawback(input, deps)),
    closeClawbackTasks: (input) => nonRetryable(() => closeClawbackTasks(input)),
  }
}
