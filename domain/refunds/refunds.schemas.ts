import { z } from 'zod'
import { FULL_REFUND_STATUSES, REFUND_METHODS } from '../../db/schema/enums'
import { bool, id, isoDate, MAX_AMOUNT, optionalId } from '../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../shared/pagination'
import {
  FULL_REFUND_PAYMENT_METHODS,
  PAYMENT_METHOD_MSG,
  REASON_REQUIRED_MSG,
  refundDecisionIssue,
  REJECTION_REASON_REQUIRED_MSG,
} from './refunds.rules'

const requiredReason = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(2000, 'must be at most 2000 characters')

/** A file key from the upload flow (POST /api/files/getUploadPresignedUrl). */
const fileKey = z.string().trim().min(1, 'File not found').max(500, 'must be at most 500 characters')

/** requestForFullRefund: the reason (required) and optional uploaded documents (file keys). */
export const RequestFullRefundSchema = z.object({
  full_refund_requested_reason: requiredReason(REASON_REQUIRED_MSG),
  files: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(fileKey).max(10, 'At most 10 files'),
  ),
})

/** An amount in AUD that may be zero (at most two decimals); the output is the decimal as a number. */
const audAmount = (label: string) =>
  z.union([z.number(), z.string()], { error: `${label} is required` }).transform((v, ctx) => {
    const t = typeof v === 'number' ? String(v) : v.trim()
    if (!/^\d+(\.\d+)?$/.test(t)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be zero or more` })
      return z.NEVER
    }
    if (!/^\d+(\.\d{1,2})?$/.test(t)) {
      ctx.addIssue({ code: 'custom', message: `${label} must have at most two decimals` })
      return z.NEVER
    }
    if (Number(t) > MAX_AMOUNT) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at most 1,000,000.00` })
      return z.NEVER
    }
    return Number(t)
  })

/** initiateFullRefund/{policyId}: amounts in AUD (the server keeps cents). */
export const InitiateFullRefundSchema = z.object({
  refundable_premium_amount: audAmount('refundable_premium_amount'),
  deductable_commission_amount: audAmount('deductable_commission_amount'),
  is_full_refund: bool().default(true),
})

/** approveFullRefundRequest/{policyId} query: BANK needs payment_url (the uploaded transfer proof). */
export const ApproveFullRefundQuerySchema = z
  .object({
    payment_method: z.enum(FULL_REFUND_PAYMENT_METHODS, { error: PAYMENT_METHOD_MSG }),
    payment_url: z.preprocess((v) => (v === '' ? undefined : v), fileKey.optional()),
    /** Beside the specification: BANK without proof, paid by a payout batch (issue 25). */
    pay_by_batch: bool().default(false),
  })
  .superRefine((v, ctx) => {
    // The rule the workflow's validator runs too (refundDecisionIssue).
    const issue = refundDecisionIssue({ kind: 'approve', ...v })
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message })
  })

/** rejectFullRefundRequest: the reason and the policy. */
export const RejectFullRefundSchema = z.object({
  rejectionReason: requiredReason(REJECTION_REASON_REQUIRED_MSG),
  policy_id: id(),
})

/**
 * policyCancellationApprove/{policyId}: the body is read loosely at the edge and checked in the use
 * case, after the unverified-payment refusal (which comes before any other precondition).
 */
export const CancellationApproveBodySchema = z
  .object({ policy_cancellation_date: z.unknown().optional(), refund_method: z.unknown().optional() })
  .passthrough()

export const CancellationApproveSchema = z.object({
  policy_cancellation_date: isoDate().optional(),
  refund_method: z.enum(REFUND_METHODS, {
    error: 'refund_method must be GROSS_REFUND, NET_REFUND or NO_REFUND',
  }),
})

// ---- The staff refund section's forms (Conform, both sides): the API's schemas with their intent --

/** Set the amounts; an unchecked box is false (the API's default, true, is for a body without it). */
export const InitiateRefundFormSchema = InitiateFullRefundSchema.extend({
  intent: z.literal('initiate'),
  is_full_refund: bool().default(false),
})

/** Approve: the method and, for BANK, the transfer proof (the file itself), by refundDecisionIssue. */
export const ApproveRefundFormSchema = z
  .object({
    intent: z.literal('approve'),
    payment_method: ApproveFullRefundQuerySchema.shape.payment_method,
    payment_url: z
      .custom<File>((v) => typeof File !== 'undefined' && v instanceof File && v.size > 0)
      .optional(),
    pay_by_batch: bool().default(false),
  })
  .superRefine((v, ctx) => {
    const issue = refundDecisionIssue({ kind: 'approve', ...v })
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message })
  })

export const RejectRefundFormSchema = RejectFullRefundSchema.pick({ rejectionReason: true }).extend({
  intent: z.literal('reject'),
})

export const RetryRefundPaymentFormSchema = z.object({ intent: z.literal('retry-payment') })

/** One cancellation step done: the button pressed names it. */
export const TickCancellationStepFormSchema = z.object({ intent: z.literal('tick'), step_id: id() })

export const ApproveCancellationFormSchema = CancellationApproveSchema.extend({
  intent: z.literal('approve-cancellation'),
})

/** Refund documents as the agency's form posts them: up to 10 files (an empty file box is none). */
const refundFiles = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File, 'File not found'))
    .max(10, 'At most 10 files'),
)

/** The agency's refund section's forms (Conform, both sides): the request and removing a document. */
export const AGENCY_REFUND_FORMS = {
  // The page words its message from the form's label; the API keeps the specification's.
  request: z.object({
    intent: z.literal('request'),
    full_refund_requested_reason: requiredReason('Write the reason for the refund'),
    files: refundFiles,
  }),
  deleteDocument: z.object({ intent: z.literal('delete-document'), file_id: id() }),
}

/** The section's forms, by intent (the route passes them to the section's component). */
export const STAFF_REFUND_FORMS = {
  initiate: InitiateRefundFormSchema,
  approve: ApproveRefundFormSchema,
  reject: RejectRefundFormSchema,
  retryPayment: RetryRefundPaymentFormSchema,
  tick: TickCancellationStepFormSchema,
  approveCancellation: ApproveCancellationFormSchema,
}

export const REFUND_SORT_KEYS = ['created_at', 'updated_at', 'status', 'ref'] as const

/** getFullRefundRequestedPolicies (both sides): filters, sort and page. */
export const RefundListQuerySchema = PageQuerySchema.extend({
  status: z.enum(FULL_REFUND_STATUSES).optional(),
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  agency_id: optionalId(),
  sort_key: z.enum(REFUND_SORT_KEYS, { error: 'Unknown sort key' }).default('created_at'),
  sort_direction: SortDirectionSchema,
})
export type RefundListQuery = z.infer<typeof RefundListQuerySchema>
