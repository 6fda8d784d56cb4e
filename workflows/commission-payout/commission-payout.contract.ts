/**
 * Contract of the commissionPayout workflow. Its input and the update payload are persisted in
 * workflow histories: change them only in backward-compatible ways.
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow'
import {
  payoutDecisionIssue,
  type PayoutDecision,
  type PayoutState,
  type PayoutStatus,
} from '../../domain/finance/payouts/payouts.rules'
import { processKeys } from '../../domain/shared/process-keys.rules'

export type { PayoutDecision, PayoutState, PayoutStatus }

export const COMMISSION_PAYOUT_WORKFLOW = 'commissionPayout'
export const commissionPayoutWorkflowId = processKeys.commissionPayout

/** Durations in Temporal's duration strings ('3d', '5s'), both counted from the request. */
export type PayoutDurations = { reminder: string; escalation: string }
export type CommissionPayoutInput = { payoutId: number; durations: PayoutDurations }

export const payoutDecideUpdate = defineUpdate<PayoutState, [PayoutDecision]>('decide')
export const payoutStateQuery = defineQuery<{
  state: PayoutState | null
  deciding: boolean
  reminders: number
}>('payoutState')

/**
 * Why a decision is refused before it enters history (the update validator), or null. `state` is
 * undefined while the workflow is still loading its payout: the activity then decides against the
 * database. The decision's own fields follow payoutDecisionIssue, the rule the page and the API
 * check too (spec/02 section 5 for bank_document).
 */
export function payoutDecisionRefusal(
  state: PayoutState | undefined,
  deciding: boolean,
  decision: PayoutDecision | undefined,
): string | null {
  if (!decision || (decision.kind !== 'approve' && decision.kind !== 'reject')) return 'Unknown decision'
  if (!decision.by || !Number.isInteger(decision.by.identityId)) return 'The decision names no staff member'
  const issue = payoutDecisionIssue(decision)
  if (issue) return issue.message
  if (deciding) return 'A decision on this payout is already being applied'
  if (state && state.status !== 'REQUESTED')
    return `This payout is already ${state.status}; only a REQUESTED payout can be decided`
  return null
}

/** Activities the workflow calls; implemented beside it (*.activities.ts) over domain/finance/payouts. */
export interface CommissionPayoutActivities {
  loadCommissionPayout(payoutId: number): Promise<PayoutState>
  /** Opens the staff inbox task (kind `payout`) while the payout waits; idempotent. */
  openCommissionPayoutTask(input: { payoutId: number; workflowId: string; dueInMs: number }): Promise<void>
  /** Applies the decision in one transaction; a payout already at the decision's outcome is left as it is. */
  applyCommissionPayoutDecision(input: { payoutId: number; decision: PayoutDecision }): Promise<PayoutState>
  /** Reminder (then escalation) to staff while still REQUESTED; once per `key`. */
  remindCommissionPayout(input: {
    payoutId: number
    workflowId: string
    escalate: boolean
    key: string
  }): Promise<void>
}
