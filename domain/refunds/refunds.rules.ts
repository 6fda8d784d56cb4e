import { processKeys } from '../shared/process-keys.rules'
/**
 * Full refunds and the cancellation beside them: pure rules and the shapes the workflow, its
 * activities and the use cases share (DESIGN.md section 6, "Full refund"). No runtime imports.
 */

export const FULL_REFUND_PAYMENT_METHODS = ['AGENCY_BALANCE', 'BANK'] as const
export type FullRefundPaymentMethod = (typeof FULL_REFUND_PAYMENT_METHODS)[number]
export type FullRefundStatus = 'REQUESTED' | 'INITIATED' | 'APPROVED' | 'REJECTED' | 'COMPLETED'

/** A refund still waiting for people (at most one per policy: full_refunds_one_open_idx). */
export const OPEN_REFUND_STATUSES: readonly FullRefundStatus[] = ['REQUESTED', 'INITIATED', 'APPROVED']

export const REFUND_DOCUMENT = 'REFUND_DOCUMENT'

/** The workflow id of a policy's refund (workflows/full-refund/full-refund.contract.ts builds the same). */
export const refundWorkflowId = processKeys.fullRefund

export const REASON_REQUIRED_MSG = 'full_refund_requested_reason is required'
export const REJECTION_REASON_REQUIRED_MSG = 'Rejection reason is required'
export const PAYMENT_URL_REQUIRED_MSG = 'payment_url is required'
export const PAYMENT_VERIFICATION_PENDING_MSG =
  'A payment of this policy is waiting for verification; verify it before approving the cancellation'

/** Who decided (a staff member), carried into the workflow so the activity can record it. */
export type RefundDecider = { identityId: number; userId: number; email: string }

/**
 * A staff decision on a full refund, as it travels through the workflow's `decide` Update
 * (persisted in workflow histories: change only in backward-compatible ways). Amounts in cents.
 */
export type RefundDecision =
  | {
      kind: 'initiate'
      refundable_premium_amount: number
      deductable_commission_amount: number
      is_full_refund: boolean
      by: RefundDecider
    }
  | {
      kind: 'approve'
      payment_method: FullRefundPaymentMethod
      payment_url: string | null
      /** BANK without proof: the refund waits for a payout batch to pay it (issue 25). */
      pay_by_batch?: boolean
      by: RefundDecider
    }
  | { kind: 'reject'; rejection_reason: string; by: RefundDecider }
  /** The payout batch that paid a refund waiting for one: its file and statement line as the proof. */
  | { kind: 'paid'; payment_url: string; batch_id: number; by: RefundDecider }

/** What the workflow knows of its refund. */
export type RefundState = {
  refundId: number
  policyId: number
  agencyId: number
  status: FullRefundStatus
  /** The staff member who set the amounts (may not approve them). */
  initiatedBy: number | null
  /** APPROVED to be paid by a payout batch, not paid yet (absent in histories before issue 25). */
  awaitingBatch?: boolean
}

/** An APPROVED bank refund with no proof yet: it waits for a payout batch's confirmed debit. */
export const awaitsBatch = (r: {
  status: string
  payment_method: string | null
  payment_url: string | null
}) => r.status === 'APPROVED' && r.payment_method === 'BANK' && !r.payment_url

export const AWAITS_BATCH_MSG = 'This full refund waits for a payout batch to pay it'
export const BATCH_NEEDS_BANK_MSG = 'pay_by_batch needs payment_method BANK'
export const NOTHING_TO_BATCH_MSG =
  'The agency receives nothing from this refund: there is nothing for a batch to pay'
export const NOT_BATCHED_MSG =
  'This full refund was approved with its own transfer proof; no payout batch pays it'

/** The statuses each decision may start from. */
export const DECISION_FROM: Record<RefundDecision['kind'], readonly FullRefundStatus[]> = {
  initiate: ['REQUESTED'],
  approve: ['INITIATED'],
  reject: ['REQUESTED', 'INITIATED'],
  paid: ['APPROVED'],
}

export const PAYMENT_METHOD_MSG = 'payment_method must be AGENCY_BALANCE or BANK'
export const DEDUCTION_OVER_REFUND_MSG =
  'deductable_commission_amount cannot exceed refundable_premium_amount'

const isCents = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0
const blank = (v: unknown) => (typeof v === 'string' ? v.trim() === '' : v == null)

/** The fields a refund decision carries, as the page, the API or the Update hands them over. */
export type RefundDecisionFields =
  | { kind: 'initiate'; refundable_premium_amount?: unknown; deductable_commission_amount?: unknown }
  | { kind: 'approve'; payment_method?: unknown; payment_url?: unknown; pay_by_batch?: unknown }
  | { kind: 'reject'; rejection_reason?: unknown }
  | { kind: 'paid'; payment_url?: unknown }

/**
 * The one rule of a refund decision's own fields (amounts in cents, BANK needs its transfer proof,
 * a rejection its reason), behind the API's approval (refunds.schemas.ts) and the workflow's
 * validator (the contract): the field at fault and why, or null. Limits against the policy's money
 * are the activity's (refund-guards.ts).
 */
export function refundDecisionIssue(d: RefundDecisionFields): { path: string; message: string } | null {
  if (d.kind === 'initiate') {
    const { refundable_premium_amount: refundable, deductable_commission_amount: deductable } = d
    if (!isCents(refundable) || !isCents(deductable))
      return { path: 'refundable_premium_amount', message: 'Amounts must be zero or more' }
    return deductable > refundable
      ? { path: 'deductable_commission_amount', message: DEDUCTION_OVER_REFUND_MSG }
      : null
  }
  if (d.kind === 'reject')
    return blank(d.rejection_reason)
      ? { path: 'rejection_reason', message: REJECTION_REASON_REQUIRED_MSG }
      : null
  if (d.kind === 'paid')
    return blank(d.payment_url) ? { path: 'payment_url', message: PAYMENT_URL_REQUIRED_MSG } : null
  if (!FULL_REFUND_PAYMENT_METHODS.includes(d.payment_method as FullRefundPaymentMethod))
    return { path: 'payment_method', message: PAYMENT_METHOD_MSG }
  if (d.pay_by_batch === true)
    return d.payment_method === 'BANK' ? null : { path: 'pay_by_batch', message: BATCH_NEEDS_BANK_MSG }
  if (d.payment_method === 'BANK' && blank(d.payment_url))
    return { path: 'payment_url', message: PAYMENT_URL_REQUIRED_MSG }
  return null
}

/** The status a decision moves a refund to (an approval, or a batch's payment, then completes it). */
export const statusAfter = (d: RefundDecision): FullRefundStatus => STATUS_AFTER[d.kind]
const STATUS_AFTER: Record<RefundDecision['kind'], FullRefundStatus> = {
  initiate: 'INITIATED',
  approve: 'APPROVED',
  reject: 'REJECTED',
  paid: 'COMPLETED',
}

/** What the agency receives: refundable premium less the deducted commission (cents, never below 0). */
export const netRefund = (refundableCents: number, deductableCents: number) =>
  Math.max(0, refundableCents - deductableCents)

/**
 * The commission left to claw back after a refund: what was paid out and not deducted from the
 * refund. Zero when the commission was never paid out (it is cancelled instead).
 */
export function clawbackRest(commission: { status: string; amount: number } | null, deductableCents: number) {
  if (!commission || !COMMISSION_PAID_OUT.includes(commission.status)) return 0
  return Math.max(0, commission.amount - deductableCents)
}

type CommissionStatus =
  | 'PENDING'
  | 'COMMISSION_BANKED'
  | 'PAYOUT_REQUESTED'
  | 'PAYOUT_REJECTED'
  | 'PAID'
  | 'FULL_REFUNDED'
  | 'PAID_AMENDMENT_ADJUSTED'
  | 'COMMISSION_BANKED_AMENDMENT_ADJUSTED'

/** Commission statuses meaning it was paid out to the agency. */
export const COMMISSION_PAID_OUT: readonly string[] = ['PAID', 'PAID_AMENDMENT_ADJUSTED']
/** Commission statuses meaning it is owed but not paid out yet: a refund cancels it (FULL_REFUNDED). */
export const COMMISSION_NOT_PAID_OUT: readonly CommissionStatus[] = [
  'PENDING',
  'COMMISSION_BANKED',
  'PAYOUT_REJECTED',
  'COMMISSION_BANKED_AMENDMENT_ADJUSTED',
]

/** The refund's wait the staff inbox shows (an APPROVED one only while it awaits a batch), or null. */
export function refundTaskKind(r: Parameters<typeof awaitsBatch>[0]) {
  if (r.status === 'REQUESTED') return 'full_refund_initiate'
  if (r.status === 'INITIATED') return 'full_refund_approve'
  return awaitsBatch(r) ? 'full_refund_batch' : null
}
