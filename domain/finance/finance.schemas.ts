import { z } from 'zod'
import { INVOICE_STATUSES, INVOICE_TYPES, PAYMENT_METHODS, REQUEST_STATUSES } from '../../db/schema/enums'
import { bool, id, isoDate, list, moneyAmount, optionalId, pastDateWithinYear } from '../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../shared/pagination'
import {
  AGENCY_PAYMENT_TABS,
  INVOICE_TABS,
  OUTSTANDING_TABS,
  PAYMENT_LIST_SORT,
  TOPUP_SORT,
  INVOICE_SORT,
} from './finance.rules'

export const BANK_DOCUMENT_REQUIRED = 'Bank document is required'
export const REASON_REQUIRED = 'Reason is required'
export const AMOUNT_MSG = 'Amount must be greater than 0'

/** A required free-text reason (rejections). */
const reason = () =>
  z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .max(1000, 'must be at most 1000 characters')

/**
 * A decimal amount in AUD (above 0, at most 1,000,000.00, two decimals) sent as a number or text;
 * the output is integer cents (exact: at most two decimals were accepted).
 */
export const amountCents = () => moneyAmount('Amount').transform((n) => Math.round(n * 100))

/** The day a top-up was paid: today or within the last year (blank = today, set by the use case). */
export const topupDate = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), pastDateWithinYear('Top-up date').optional())

// ---- Staff decisions ---------------------------------------------------------------------------

export const PaymentApproveSchema = z.object({ policyId: id() })

/** paymentReject: one id or a list (policyId[]), and the reason the agency will read. */
export const PaymentRejectSchema = z.object({
  policyId: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]),
    z.array(id()).min(1, 'Choose at least one policy').max(100, 'At most 100 policies at once'),
  ),
  reason: reason(),
})

export const UploadPaymentProofSchema = z.object({
  policy_id: id(),
  document_url: z.string({ error: BANK_DOCUMENT_REQUIRED }).trim().min(1, BANK_DOCUMENT_REQUIRED).max(1000),
})

export const TopUpApproveSchema = z.object({ top_up_id: id() })

/** topUpReject: the spec sends agencyId and reason; top_up_id picks one when several wait. */
export const TopUpRejectSchema = z
  .object({
    agencyId: optionalId(),
    top_up_id: optionalId(),
    reason: reason(),
  })
  .refine((v) => v.agencyId !== undefined || v.top_up_id !== undefined, {
    message: 'Please provide either agencyId or top_up_id',
    path: ['agencyId'],
  })

// ---- Agency top-up -----------------------------------------------------------------------------

/**
 * doTopUpByAgency. `status` is accepted and ignored: a new top-up is always REQUESTED. BANK needs
 * the uploaded receipt (receipt_url, a file key).
 */
export const TopUpRequestSchema = z
  .object({
    agency_id: id(),
    payment_method: z.enum(['BANK', 'CARD'], { error: 'Top-ups are paid by BANK or CARD' }),
    receipt_url: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => (v ? v : null)),
    amount: amountCents(),
    status: z.unknown().optional(),
    topup_date: topupDate(),
  })
  .superRefine((v, ctx) => {
    if (v.payment_method === 'BANK' && !v.receipt_url)
      ctx.addIssue({ code: 'custom', path: ['receipt_url'], message: BANK_DOCUMENT_REQUIRED })
  })
export type TopUpRequest = z.infer<typeof TopUpRequestSchema>

// ---- Lists -------------------------------------------------------------------------------------

const search = z
  .string()
  .trim()
  .max(256)
  .optional()
  .transform((v) => (v ? v : undefined))

const paymentListFilters = {
  search,
  agency_id: optionalId(),
  provider_id: optionalId(),
  payment_type: z.preprocess(
    (v) => (v === '' ? undefined : v === 'BUY_NOW_PAY_LATER' ? 'BNPL' : v),
    z.enum(PAYMENT_METHODS).optional(),
  ),
  sort_key: z.enum(PAYMENT_LIST_SORT, { error: 'Unknown sort key' }).default('requested_at'),
  sort_direction: SortDirectionSchema,
}

export const VerificationListQuerySchema = z.object(paymentListFilters).merge(PageQuerySchema)
export const OutstandingListQuerySchema = z
  .object({ ...paymentListFilters, tab: z.enum(OUTSTANDING_TABS).catch('All').default('All') })
  .merge(PageQuerySchema)
export const PurchasedListQuerySchema = z.object(paymentListFilters).merge(PageQuerySchema)
/** The agency lists take the agency from the path; a query agency_id is ignored. */
export const AgencyPendingListQuerySchema = z
  .object({ ...paymentListFilters, tab: z.enum(AGENCY_PAYMENT_TABS).catch('All').default('All') })
  .merge(PageQuerySchema)
export const AgencyPurchasedListQuerySchema = PurchasedListQuerySchema

export type PaymentListInput = {
  search?: string
  agency_id?: number
  provider_id?: number
  payment_type?: (typeof PAYMENT_METHODS)[number]
  sort_key: (typeof PAYMENT_LIST_SORT)[number]
  sort_direction: 'asc' | 'desc'
}

export const BankDocumentsQuerySchema = z.object({
  exclude_latest_document: bool().optional().default(false),
})

export const LedgerQuerySchema = PageQuerySchema

export const TopUpListQuerySchema = z
  .object({
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REQUEST_STATUSES).optional()),
    agency_id: optionalId(),
    sort_key: z.enum(TOPUP_SORT, { error: 'Unknown sort key' }).default('created_at'),
    sort_direction: SortDirectionSchema,
  })
  .merge(PageQuerySchema)
export type TopUpListInput = Omit<z.infer<typeof TopUpListQuerySchema>, 'page' | 'perPage'>

export const InvoiceListQuerySchema = z
  .object({
    tab: z.preprocess((v) => (v === '' ? undefined : v), z.enum(INVOICE_TABS).default('ALL')),
    /** Text: the invoice number, external invoice id, agency name or e-mail, or notes. */
    search,
    invoice_type: list(z.enum(INVOICE_TYPES)).optional(),
    status: list(z.enum(INVOICE_STATUSES)).optional(),
    agency_id: optionalId(),
    start_date: z.preprocess((v) => (v === '' ? undefined : v), isoDate().optional()),
    end_date: z.preprocess((v) => (v === '' ? undefined : v), isoDate().optional()),
    sort_key: z.enum(INVOICE_SORT, { error: 'Unknown sort key' }).default('invoice_date'),
    sort_direction: SortDirectionSchema,
  })
  .merge(PageQuerySchema)
export type InvoiceListInput = Omit<z.infer<typeof InvoiceListQuerySchema>, 'page' | 'perPage'>

export const FinanceMetricsQuerySchema = z.object({ agencyId: optionalId() })
export const LineItemsByPolicyQuerySchema = z.object({ policy_id: id() })
