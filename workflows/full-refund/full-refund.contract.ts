/**
 * Contract of the fullRefund workflow. Its input and the update payload are persisted in workflow
 * histories: change them only in backward-compatible ways.
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow'
import {
  DECISION_FROM,
  NOT_BATCHED_MSG,
  refundDecisionIssue,
  type FullRefundStatus,
  type RefundDecision,
  type RefundState,
} from '../../domain/refunds/refunds.rules'
import { processKeys } from '../../domain/shared/process-keys.rules'

export type { FullRefundStatus, RefundDecision, RefundState }

export const FULL_REFUND_WORKFLOW = 'fullRefund'
/** One run per refund request; a new request of the same policy (after a rejection) is a new run. */
export const fullRefundWorkflowId = processKeys.fullRefund

/** Durations in Temporal's duration strings ('2d', '3s'), both counted from the start of each wait. */
export type FullRefundDurations = { reminder: string; escalation: string }
export type FullRefundInput = { refundId: number; policyId: number; durations: FullRefundDurations }

export const refundDecideUpdate = defineUpdate<RefundState, [RefundDecision]>('decide')
export const refundStateQuery = defineQuery<{
  state: RefundState | null
  deciding: boolean
  reminders: number
}>('fullRefundState')

/**
 * Why a decision is refused before it enters history (the update validator), or null. `state` is
 * undefined while the workflow is still loading its refund: the activity then decides against the
 * database, which stays the authority (amount limits, maker-checker, tenant). The decision's own
 * fields follow refundDecisionIssue, the rule the API's approval checks too.
 */
export function refundDecisionRefusal(
  state: RefundState | undefined,
  deciding: boolean,
  decision: RefundDecision | undefined,
): string | null {
  if (!decision || !Object.hasOwn(DECISION_FROM, decision.kind)) return 'Unknown decision'
  if (!decision.by || !Number.isInteger(decision.by.identityId)) return 'The decision names no staff member'
  const issue = refundDecisionIssue(decision)
  if (issue) return issue.message
  if (deciding) return 'A decision on this refund is already being applied'
  if (state) {
    const from = DECISION_FROM[decision.kind]
    if (!from.includes(state.status))
      return `This full refund is ${state.status}; ${decision.kind} needs ${from.join(' or ')}`
    if (decision.kind === 'approve' && state.initiatedBy === decision.by.identityId)
      return 'The staff member who set the refund amounts cannot approve them'
    if (decision.kind === 'paid' && !state.awaitingBatch) return NOT_BATCHED_MSG
  }
  return null
}

/** Activities the workflow calls; implemented beside it (*.activities.ts) over domain/refunds. */
export interface FullRefundActivities {
  loadFullRefund(refundId: number): Promise<RefundState>
  /** Opens the staff inbox task of the current wait (initiate, then approve); idempotent. */
  openFullRefundTask(input: { refundId: number; workflowId: string; dueInMs: number }): Promise<void>
  /** Applies the decision in one transaction; a refund already at the decision's outcome is left as it is. */
  applyFullRefundDecision(input: { refundId: number; decision: RefundDecision }): Promise<RefundState>
  /** Pays an APPROVED refund (ledger, invoice, premium, commission, clawback): COMPLETED; idempotent. */
  completeFullRefund(input: { refundId: number; workflowId: string }): Promise<RefundState>
  /** Reminder (then escalation) to staff while the refund waits in `status`; once per `key`. */
  remindFullRefund(input: {
    refundId: number
    workflowId: string
    status: FullRefundStatus
    escalate: boolean
    key: string
  }): Promise<void>
}
