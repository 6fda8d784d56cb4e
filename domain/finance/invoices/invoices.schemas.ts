// Inputs of the /payment-system calls (spec/02 section 7.6): invoices, line items, invoice
// payments, their documents and notes. Shared by api/endpoints/invoices.ts and the invoice screens.
import { z } from 'zod'
import { INVOICE_PAYMENT_STATUSES, INVOICE_TYPES, LINE_ITEM_TYPES } from '../../../db/schema/enums'
import { bool, id, list, optionalId, optionalText, requiredText } from '../../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../../shared/pagination'
import { amountCents, BANK_DOCUMENT_REQUIRED, REASON_REQUIRED } from '../finance.schemas'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** An uploaded file key (or URL) naming a payment proof. */
const documentKey = () =>
  z
    .string()
    .trim()
    .max(1000, 'must be at most 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null))

/** A tax amount in AUD: 0 or more, two decimals at most; output cents. */
const taxCents = () =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const t = typeof v === 'number' ? String(v) : v.trim()
    if (!/^\d+(\.\d{1,2})?$/.test(t)) {
      ctx.addIssue({ code: 'custom', message: 'Tax must be 0 or more, with at most two decimals' })
      return z.NEVER
    }
    return Math.round(Number(t) * 100)
  })

// ---- Line items ----------------------------------------------------------------------------------

export const LINE_ITEM_SORT = ['created_at', 'total_amount', 'id'] as const

export const LineItemListQuerySchema = z
  .object({
    agency_id: optionalId(),
    line_item_type: list(z.enum(LINE_ITEM_TYPES)).optional(),
    policy_id: optionalId(),
    invoice_id: optionalId(),
    sort_key: z.enum(LINE_ITEM_SORT, { error: 'Unknown sort key' }).default('created_at'),
    sort_direction: SortDirectionSchema,
  })
  .merge(PageQuerySchema)
export type LineItemListInput = Omit<z.infer<typeof LineItemListQuerySchema>, 'page' | 'perPage'>

export const LineItemsByIdsQuerySchema = z.object({
  ids: list(id()).pipe(
    z.array(z.number()).min(1, 'Choose at least one line item').max(100, 'At most 100 ids'),
  ),
  agency_id: optionalId(),
})

/** updateInvoiceLineItem/{id}: any of description, total_amount (gross, AUD) and tax_amount (AUD). */
export const UpdateLineItemSchema = z
  .object({
    description: z.preprocess(blankToUndefined, requiredText(1, 500, 'Description is required').optional()),
    total_amount: z.preprocess(blankToUndefined, amountCents().optional()),
    tax_amount: z.preprocess(blankToUndefined, taxCents().optional()),
  })
  .refine((v) => v.description !== undefined || v.total_amount !== undefined || v.tax_amount !== undefined, {
    message: 'Send a description, total_amount or tax_amount',
    path: ['description'],
  })
export type UpdateLineItem = z.infer<typeof UpdateLineItemSchema>

// ---- Invoices ------------------------------------------------------------------------------------

export const CreateInvoiceForAgencyQuerySchema = z.object({
  agency_id: id(),
  invoice_line_items_ids: list(id()).pipe(
    z.array(z.number()).min(1, 'Choose at least one line item').max(100, 'At most 100 line items'),
  ),
  invoice_type: z.enum(INVOICE_TYPES, { error: 'Unknown invoice type' }),
})

export const CreateInvoiceWithLineItemsSchema = z.object({
  line_item_type: z.enum(LINE_ITEM_TYPES, { error: 'Unknown line item type' }),
  total_amount: amountCents(),
  agency_id: id(),
  description: optionalText(500),
  policy_id: optionalId(),
  /** true: the invoice starts as a DRAFT (voidable); otherwise it is issued (PENDING). */
  is_draft: bool().optional().default(false),
})

export const VoidInvoiceSchema = z.object({ invoice_id: id(), reason: optionalText(1000) })

export const POLICY_FINANCE_TYPES = ['CANCELLATION', 'CLAWBACK', 'PREMIUM'] as const
export type PolicyFinanceType = (typeof POLICY_FINANCE_TYPES)[number]

export const ModifyPolicyFinanceSchema = z.object({
  type: z.enum(POLICY_FINANCE_TYPES, { error: 'type must be CANCELLATION, CLAWBACK or PREMIUM' }),
  total_premium_amount: amountCents(),
  amendment_id: optionalId(),
})

// ---- Invoice payments ----------------------------------------------------------------------------

/** Single invoice payment: AGENCY_BALANCE, CARD or BANK (spec/02 section 5); the document is optional. */
export const CreateInvoicePaymentSchema = z.object({
  invoice_id: id(),
  total_amount: amountCents(),
  payment_method: z.enum(['AGENCY_BALANCE', 'CARD', 'BANK'], {
    error: 'Payment method must be AGENCY_BALANCE, CARD or BANK',
  }),
  bank_document_key: documentKey(),
})

export const MULTI_PAYMENT_METHODS = ['CARD', 'BANK', 'AGENCY_BALANCE', 'BUY_NOW_PAY_LATER'] as const

/** makePaymentByAgency: several methods in one payment; BANK needs its document. */
export const MakePaymentSchema = z.object({
  invoice_id: id(),
  payment_methods: z
    .array(
      z
        .object({
          method: z.enum(MULTI_PAYMENT_METHODS, {
            error: 'Method must be CARD, BANK, AGENCY_BALANCE or BUY_NOW_PAY_LATER',
          }),
          payment_amount: amountCents(),
          documentName: optionalText(255),
          documentUrl: documentKey(),
        })
        .superRefine((v, ctx) => {
          if (v.method === 'BANK' && !v.documentUrl)
            ctx.addIssue({ code: 'custom', path: ['documentUrl'], message: BANK_DOCUMENT_REQUIRED })
        }),
      { error: 'Add at least one payment method' },
    )
    .min(1, 'Add at least one payment method')
    .max(6, 'At most 6 payment methods')
    .refine((rows) => rows.filter((r) => r.method === 'CARD').length <= 1, 'At most one card payment'),
})
export type MakePayment = z.infer<typeof MakePaymentSchema>

export const InvoicePaymentListQuerySchema = z
  .object({
    agency_id: optionalId(),
    invoice_id: optionalId(),
    status: z.preprocess(blankToUndefined, z.enum(INVOICE_PAYMENT_STATUSES).optional()),
    method: z.preprocess(
      (v) => (v === '' ? undefined : v === 'BUY_NOW_PAY_LATER' ? 'BNPL' : v),
      z.enum(['CARD', 'BANK', 'NEXPAY', 'AGENCY_BALANCE', 'BNPL']).optional(),
    ),
    sort_direction: SortDirectionSchema,
  })
  .merge(PageQuerySchema)
export type InvoicePaymentListInput = Omit<z.infer<typeof InvoicePaymentListQuerySchema>, 'page' | 'perPage'>

export const MarkAsPaidSchema = z.object({ invoice_id: id(), note: optionalText(1000) })

export const InteractionSchema = z.object({
  invoice_id: id(),
  invoice_payment_id: optionalId(),
  note_title: optionalText(200),
  note: requiredText(1, 2000, 'Note is required'),
  message: optionalText(2000),
})

// ---- Payment documents ---------------------------------------------------------------------------

export const CreatePaymentDocumentSchema = z.object({
  invoice_payment_id: id(),
  name: requiredText(1, 255, 'Document name is required'),
  url: requiredText(1, 1000, BANK_DOCUMENT_REQUIRED),
})

export const UpdatePaymentDocumentStatusSchema = z
  .object({
    id: id(),
    status: z.enum(['VERIFIED', 'REJECTED'], { error: 'status must be VERIFIED or REJECTED' }),
    rejection_reason: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'REJECTED' && !v.rejection_reason)
      ctx.addIssue({ code: 'custom', path: ['rejection_reason'], message: REASON_REQUIRED })
  })

export const DeletePaymentDocumentSchema = z.object({ id: id() })
