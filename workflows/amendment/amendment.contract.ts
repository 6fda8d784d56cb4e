/**
 * Contract of the amendment workflow. Its input, the update payload and the signal are persisted in
 * workflow histories: change them only in backward-compatible ways.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow'
import type {
  AmendmentDecision,
  AmendmentPhase,
  AmendmentState,
} from '../../domain/amendments/amendments.rules'
import { processKeys } from '../../domain/shared/process-keys.rules'

export type { AmendmentDecision, AmendmentPhase, AmendmentState }
export { amendmentDecisionRefusal } from '../../domain/amendments/amendments.rules'

export const AMENDMENT_WORKFLOW = 'amendment'
export const amendmentWorkflowId = processKeys.amendment

/** Durations in Temporal's duration strings ('3d', '5s'), each counted from the start of a wait. */
export type AmendmentDurations = { reminder: string; escalation: string }
export type AmendmentInput = { amendmentId: number; durations: AmendmentDurations }

export const amendmentDecideUpdate = defineUpdate<AmendmentState, [AmendmentDecision]>('decide')
/** The amendment changed outside a decision (the new certificate was uploaded): reload it. */
export const amendmentChangedSignal = defineSignal('amendmentChanged')
export const amendmentStateQuery = defineQuery<{
  state: AmendmentState | null
  deciding: boolean
  reminders: number
}>('amendmentState')

/** Activities the workflow calls; implemented beside it (*.activities.ts) over domain/amendments. */
export interface AmendmentActivities {
  loadAmendment(amendmentId: number): Promise<AmendmentState>
  /** Opens the inbox task of the current wait (closing any other of this workflow); idempotent. */
  openAmendmentTask(input: { amendmentId: number; workflowId: string; dueInMs: number }): Promise<void>
  /**
   * Applies a decision in one transaction; refusals are non-retryable with the reason. `key` names
   * the decision (one per update): a retry of a decision already applied answers the state.
   */
  applyAmendmentDecision(input: {
    amendmentId: number
    decision: AmendmentDecision
    key?: string
  }): Promise<AmendmentState>
  /**
   * Reminder (escalate false) or escalation to staff for the wait `phase`; once per `key`. Answers
   * the amendment as it now is (the wait may have ended without the workflow hearing of it).
   */
  remindAmendment(input: {
    amendmentId: number
    workflowId: string
    phase: AmendmentPhase
    escalate: boolean
    key: string
  }): Promise<AmendmentState>
}
