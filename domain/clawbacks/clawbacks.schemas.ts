import { z } from 'zod'
import { id, list, optionalId, optionalText } from '../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../shared/pagination'
import { amountCents } from '../finance/finance.schemas'
import { CLAWBACK_METHODS, REJECTION_REASON_REQUIRED_MSG, type ClawbackStatus } from './clawbacks.rules'

const blank = (v: unknown) => (v === '' || v === null ? undefined : v)
const documentKey = () =>
  z
    .string()
    .trim()
    .max(1000, 'must be at most 1000 characters')
    .nullish()
    .transform((v) => (v ? v : null))

/** initiate-clawback/{policyId}: the premium amount (AUD) and the supporting document. */
export const InitiateClawbackSchema = z.object({
  clawback_premium_amount: amountCents(),
  clawback_document: documentKey(),
  clawback_document_name: z.preprocess(blank, optionalText(255)),
})

/** The staff page's initiate form: the API's amount rule, and the document as a posted file. */
export const ClawbackInitiateFormSchema = InitiateClawbackSchema.pick({
  clawback_premium_amount: true,
}).extend({
  clawback_document: z.instanceof(File).optional(),
})

/** clawbackPayment: how the agency pays; BANK needs the transfer proof. */
export const ClawbackPaymentSchema = z.object({
  policy_id: id(),
  payment_method: z.enum(CLAWBACK_METHODS, {
    error: 'payment_method must be BANKED_COMMISSION, COMMISSION, AGENCY_BALANCE or BANK',
  }),
  bank_document: documentKey(),
})

/** A staff rejection of a paid clawback: the reason the workflow's validator requires too. */
export const ClawbackRejectSchema = z.object({
  rejection_reason: z.string().trim().min(1, REJECTION_REASON_REQUIRED_MSG).max(1000),
})

/**
 * The staff list's decision on one paid clawback (Conform, both sides): the button names the verb
 * and the policy (`approve-clawback:<policyId>` or `reject-clawback:<policyId>`); a rejection
 * carries the reason of ClawbackRejectSchema, the API's and the workflow's rule.
 */
export const ClawbackDecisionFormSchema = z
  .object({
    intent: z.string({ error: 'Unknown action' }).regex(/^(approve|reject)-clawback:\d+$/, 'Unknown action'),
    rejection_reason: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.intent.startsWith('reject-')) return
    const r = ClawbackRejectSchema.safeParse({ rejection_reason: v.rejection_reason ?? '' })
    for (const i of r.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: i.path, message: i.message })
  })

export const ClawbackInitiateDetailsQuerySchema = z.object({ policy_id: id() })

export const BankedClawbackPreviewSchema = z.object({
  invoice_line_item_ids: list(id()),
  agency_id: id(),
})

const STATUSES = [
  'INITIATED',
  'REQUESTED',
  'COMPLETED',
  'REJECTED',
] as const satisfies readonly ClawbackStatus[]
export const CLAWBACK_SORT = [
  'created_at',
  'clawback_commission_amount',
  'outstanding_amount',
  'status',
] as const

export const ClawbackListQuerySchema = z
  .object({
    status: z.preprocess(blank, z.enum(STATUSES).optional()),
    clawback_method: z.preprocess(blank, z.enum(CLAWBACK_METHODS).optional()),
    agency_id: optionalId(),
    policy_id: optionalId(),
    sort_key: z.enum(CLAWBACK_SORT, { error: 'Unknown sort key' }).default('created_at'),
    sort_direction: SortDirectionSchema,
  })
  .merge(PageQuerySchema)
export type ClawbackListInput = Omit<z.infer<typeof ClawbackListQuerySchema>, 'page' | 'perPage'>
