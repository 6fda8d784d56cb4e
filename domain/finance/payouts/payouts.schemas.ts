import { z } from 'zod'
import { REQUEST_STATUSES } from '../../../db/schema/enums'
import { id, isoDate, optionalId } from '../../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../../shared/pagination'
import {
  PAYMENT_TYPE_MSG,
  PAYOUT_PAYMENT_TYPES,
  payoutDecisionIssue,
  REJECTION_REASON_REQUIRED_MSG,
} from './payouts.rules'

export const EXTERNAL_INVOICE_ID_REQUIRED = 'external_invoice_id is required'
export const LINE_ITEMS_REQUIRED = 'Choose at least one banked commission line'

/** One id or a list of ids (JSON arrays, repeated form fields, or a comma-separated text). */
const idList = (max: number) =>
  z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v
        : v === undefined || v === null || v === ''
          ? []
          : typeof v === 'string'
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : [v],
    z.array(id()).min(1, LINE_ITEMS_REQUIRED).max(max, `At most ${max} lines at once`),
  )

const externalInvoiceId = () =>
  z
    .string({ error: EXTERNAL_INVOICE_ID_REQUIRED })
    .trim()
    .min(1, EXTERNAL_INVOICE_ID_REQUIRED)
    .max(100, 'must be at most 100 characters')

/** sendCommmisionPayoutRequest: the agency's own invoice number and the banked lines it covers. */
export const PayoutRequestSchema = z.object({
  external_invoice_id: externalInvoiceId(),
  invoice_line_item_ids: idList(500),
})
export type PayoutRequestInput = z.infer<typeof PayoutRequestSchema>

/**
 * createInvoicePaymentRequestForBankedCommission: the same request named by agency; without an
 * external_invoice_id one is generated.
 */
export const BankedCommissionPaymentRequestSchema = z.object({
  agency_id: id(),
  invoice_line_items_ids: idList(500),
  external_invoice_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    externalInvoiceId().optional(),
  ),
})

/** Adds the decision's field rule (payoutDecisionIssue, the workflow validator's too) as a field error. */
const payoutDecisionRule =
  (kind: 'approve' | 'reject') => (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const issue = payoutDecisionIssue({ kind, ...v })
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message })
  }

/**
 * The approval of a payout: how it is paid and, for BANK, the transfer proof (payoutDecisionIssue).
 * The API names the payout and sends the stored proof's key; the page's form sends the file.
 */
const payoutApproval = <T extends z.ZodRawShape>(shape: T, paymentTypeError = PAYMENT_TYPE_MSG) =>
  z
    .object({ payment_type: z.enum(PAYOUT_PAYMENT_TYPES, { error: paymentTypeError }), ...shape })
    .superRefine(payoutDecisionRule('approve'))

/** approveCommissionPayoutRequest: bank_document is the uploaded transfer proof's file key. */
export const ApprovePayoutSchema = payoutApproval({
  commission_payout_request_id: id(),
  bank_document: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => (v ? v : null)),
})

/** The staff page's approve form (Conform, both sides): the transfer proof is the file itself. */
export const ApprovePayoutFormSchema = payoutApproval(
  {
    bank_document: z
      .custom<File>((v) => typeof File !== 'undefined' && v instanceof File && v.size > 0)
      .optional(),
  },
  'Choose how the payout is paid',
)

/** The staff page's reject form; the API's body adds the payout's id. */
export const RejectPayoutFormSchema = z.object({
  rejection_reason: z
    .string({ error: REJECTION_REASON_REQUIRED_MSG })
    .trim()
    .min(1, REJECTION_REASON_REQUIRED_MSG)
    .max(1000, 'must be at most 1000 characters'),
})

/** rejectCommissionPayoutRequest (not named by the spec; beside the approve call). */
export const RejectPayoutSchema = RejectPayoutFormSchema.extend({ commission_payout_request_id: id() })

export const PAYOUT_SORT = ['created_at', 'total_amount', 'status', 'payment_date'] as const

const blank = (v: unknown) => (v === '' ? undefined : v)

export const PayoutListQuerySchema = z
  .object({
    status: z.preprocess(blank, z.enum(REQUEST_STATUSES).optional()),
    payment_type: z.preprocess(blank, z.enum(PAYOUT_PAYMENT_TYPES).optional()),
    agency_id: optionalId(),
    /** Request date range (YYYY-MM-DD, both ends included). */
    start_date: z.preprocess(blank, isoDate().optional()),
    end_date: z.preprocess(blank, isoDate().optional()),
    sort_key: z.enum(PAYOUT_SORT, { error: 'Unknown sort key' }).default('created_at'),
    sort_direction: SortDirectionSchema,
  })
  .merge(PageQuerySchema)
export type PayoutListInput = Omit<z.infer<typeof PayoutListQuerySchema>, 'page' | 'perPage'>

/** Banked commission lists: staff may narrow to one agency. */
export const BankedCommissionQuerySchema = z.object({ agency_id: optionalId() }).merge(PageQuerySchema)

/** getPayoutCommissionForEachPolicy(ForAdmin): the lines of payouts, one per policy. */
export const PayoutLinesQuerySchema = z
  .object({
    commission_payout_payment_id: optionalId(),
    status: z.preprocess(blank, z.enum(REQUEST_STATUSES).optional()),
    agency_id: optionalId(),
  })
  .merge(PageQuerySchema)
export type PayoutLinesInput = z.infer<typeof PayoutLinesQuerySchema>

/** The agency's getCommissionPayoutById takes the id in the query (the spec shows no path parameter). */
export const PayoutByIdQuerySchema = z.object({ commission_payout_payment_id: id() })
