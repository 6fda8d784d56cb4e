import { z } from 'zod'
import { REQUEST_STATUSES } from '../../../db/schema/enums'
import { id, isoDate, optionalId } from '../../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../../shared/pagination'
import {
  BANK_DOCUMENT_REQUIRED_MSG,
  PAYOUT_PAYMENT_TYPES,
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

/** approveCommissionPayoutRequest; BANK needs the uploaded transfer proof (a file key). */
export const ApprovePayoutSchema = z
  .object({
    commission_payout_request_id: id(),
    payment_type: z.enum(PAYOUT_PAYMENT_TYPES, {
      error: 'payment_type must be BANK, AGENCY_BALANCE or SETTLED_WITH_CLAWBACK',
    }),
    bank_document: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.payment_type === 'BANK' && !v.bank_document)
      ctx.addIssue({ code: 'custom', path: ['bank_document'], message: BANK_DOCUMENT_REQUIRED_MSG })
  })

/** rejectCommissionPayoutRequest (not named by the spec; beside the approve call). */
export const RejectPayoutSchema = z.object({
  commission_payout_request_id: id(),
  rejection_reason: z
    .string({ error: REJECTION_REASON_REQUIRED_MSG })
    .trim()
    .min(1, REJECTION_REASON_REQUIRED_MSG)
    .max(1000, 'must be at most 1000 characters'),
})

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
