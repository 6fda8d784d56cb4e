/**
 * Contract of the clawback workflow. Its input and the update payload are persisted in workflow
 * histories: change them only in backward-compatible ways.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow'
import {
  REJECTION_REASON_REQUIRED_MSG,
  type ClawbackDecision,
  type ClawbackState,
  type ClawbackStatus,
} from '../../domain/clawbacks/clawbacks.rules'
import { processKeys } from '../../domain/shared/process-keys.rules'

export type { ClawbackDecision, ClawbackState, ClawbackStatus }

export const CLAWBACK_WORKFLOW = 'clawback'
export const clawbackWorkflowId = processKeys.clawback

/**
 * Durations in Temporal's duration strings ('7d', '5s'). Payment wait, from its start: reminders to
 * the agency at `reminder` and `secondReminder`, escalation to staff at `escalation`. Decision wait,
 * from the payment: a staff reminder at `decisionReminder`, an escalation at `decisionEscalation`.
 */
export type ClawbackDurations = {
  reminder: string
  secondReminder: string
  escalation: string
  decisionReminder: string
  decisionEscalation: string
}
export type ClawbackInput = { clawbackId: number; durations: ClawbackDurations }

export const clawbackDecideUpdate = defineUpdate<ClawbackState, [ClawbackDecision]>('decide')
/** The database changed (the agency paid, a payout offset it): the workflow reloads its clawback. */
export const clawbackChangedSignal = defineSignal('changed')
export const clawbackStateQuery = defineQuery<{
  state: ClawbackState | null
  deciding: boolean
  reminders: number
}>('clawbackState')

/**
 * Why a decision is refused before it enters history (the update validator), or null. `state` is
 * undefined while the workflow loads its clawback: the activity then decides against the database.
 */
export function clawbackDecisionRefusal(
  state: ClawbackState | undefined,
  deciding: boolean,
  decision: ClawbackDecision | undefined,
): string | null {
  if (!decision || (decision.kind !== 'approve' && decision.kind !== 'reject')) return 'Unknown decision'
  if (!decision.by || !Number.isInteger(decision.by.identityId)) return 'The decision names no staff member'
  if (decision.kind === 'reject' && !decision.rejection_reason?.trim()) return REJECTION_REASON_REQUIRED_MSG
  if (deciding) return 'A decision on this clawback is already being applied'
  if (state && state.status !== 'REQUESTED')
    return `This clawback is ${state.status}; only a clawback the agency has paid (REQUESTED) can be decided`
  if (state && decision.kind === 'approve' && state.method === 'COMMISSION' && state.outstandingCents > 0)
    return 'This clawback is settled by the next commission payout (SETTLED_WITH_CLAWBACK); it cannot be approved before'
  return null
}

/** Activities the workflow calls; implemented beside it (*.activities.ts) over domain/clawbacks. */
export interface ClawbackActivities {
  loadClawback(clawbackId: number): Promise<ClawbackState>
  /**
   * Opens the inbox task of the wait for `status` (agency: pay; staff: decide); idempotent. Does
   * nothing when the clawback has moved on meanwhile (the workflow is about to hear of it).
   */
  openClawbackTask(input: {
    clawbackId: number
    workflowId: string
    status: ClawbackStatus
    dueInMs: number
  }): Promise<void>
  /** Applies the decision in one transaction; one already at the decision's outcome is left as it is. */
  applyClawbackDecision(input: { clawbackId: number; decision: ClawbackDecision }): Promise<ClawbackState>
  /** Reminder to the agency (or staff while deciding), escalation to staff; once per `key`. */
  remindClawback(input: {
    clawbackId: number
    workflowId: string
    phase: 'payment' | 'decision'
    escalate: boolean
    key: string
  }): Promise<void>
  /** Closes the clawback's tasks once it is COMPLETED. */
  closeClawbackTasks(input: { workflowId: string }): Promise<void>
}
