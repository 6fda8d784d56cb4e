import { z } from 'zod'
import { AMENDMENT_DOCUMENT_TYPES } from '../../db/schema/enums'
import { bool, id, moneyAmount, optionalText, text } from '../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../shared/pagination'
import { PartnerSchema, DependantSchema, StudentCustomerSchema } from '../policies/customer.schemas'
import { QuoteChoiceSchema } from '../policies/policies.schemas'
import { amendmentPaymentIssue } from './amendments.rules'

/** Inputs of the amendment calls (spec/02 sections 7.1, 7.3-7.5). Amounts arrive in AUD. */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/**
 * handlePolicyAmendment/{policyId} (staff): amendment_premium (AUD) is the new premium; the new
 * details are optional (same shape as updateStudentDetails): without them only the premium changes.
 */
export const HandlePolicyAmendmentSchema = z.object({
  amendment_premium: z.preprocess(blankToUndefined, moneyAmount('amendment_premium').optional()),
  amendment_note: optionalText(2000),
  customer: StudentCustomerSchema.optional(),
  partner: z.preprocess(blankToUndefined, PartnerSchema.nullish()).transform((v) => v ?? null),
  family_members: z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z.array(DependantSchema).max(20),
  ),
  policy: QuoteChoiceSchema.optional(),
})
export type HandlePolicyAmendmentInput = z.infer<typeof HandlePolicyAmendmentSchema>

/** updateAmmendmentPolicyById (staff): adjust and/or confirm the premium. */
export const UpdateAmendmentPremiumSchema = z.object({
  id: id(),
  new_premium: z.preprocess(blankToUndefined, moneyAmount('new_premium').optional()),
  is_premium_confirmed_by_admin: bool().default(false),
  is_premium_confirmed_by_agency: bool().default(false),
})

/** updatePolicyPremium/{amendmentId} (agency): accept the confirmed premium or withdraw. */
export const UpdatePolicyPremiumSchema = z.object({
  premium: z.preprocess(blankToUndefined, moneyAmount('premium').optional()),
  allow_payment: bool(),
  note: optionalText(2000),
})

/** Adds a payment decision's field rule (amendmentPaymentIssue, the workflow validator's too). */
const paymentRule = (kind: 'pay' | 'rejectPayment') => (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const issue = amendmentPaymentIssue({ kind, ...v })
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message })
}

export const AMENDMENT_PAYMENT_METHODS = ['BANK', 'AGENCY_BALANCE', 'CARD'] as const
/** ammendmentPayment/{ammendmentId} (agency). */
export const AmendmentPaymentSchema = z
  .object({
    payment_method: z.enum(AMENDMENT_PAYMENT_METHODS, {
      error: 'payment_method must be BANK, AGENCY_BALANCE or CARD',
    }),
    bank_document: optionalText(512),
  })
  .superRefine(paymentRule('pay'))

/** rejectAmmendmentPaymentRequest: `reason` (finance path) or `rejection_reason` (policy path). */
export const RejectAmendmentPaymentSchema = z
  .object({ reason: optionalText(2000), rejection_reason: optionalText(2000) })
  .transform((v) => ({ reason: v.reason ?? v.rejection_reason ?? null }))
  .superRefine(paymentRule('rejectPayment'))

/** amendmentDocumentUpload/{amendmentId}: an uploaded file key. */
export const AmendmentDocumentSchema = z.object({
  ammendment_document_url: text(1, 512, 'ammendment_document_url is required'),
  document_type: z
    .enum(AMENDMENT_DOCUMENT_TYPES, { error: 'document_type must be PAYMENT_DOCUMENT or SUPPORT_DOCUMENT' })
    .default('SUPPORT_DOCUMENT'),
  addition_note: optionalText(2000),
})

export const AMENDMENT_LIST_TYPES = ['all', 'payable', 'receivable'] as const
export const AMENDMENT_TABS = [
  'CONFIRM_PREMIUM',
  'PAYMENT_PENDING',
  'AMMEND_POLICY',
  'REFUND',
  'AMMENDED_POLICY',
] as const
export const AMENDMENT_SORT_KEYS = ['created_at', 'new_premium', 'changed_premium', 'status'] as const

/** getAllAmendmentPolicies / getAmmendedPolicies and the export. */
export const AmendmentListFilterSchema = z.object({
  type: z.preprocess(
    blankToUndefined,
    z.enum(AMENDMENT_LIST_TYPES, { error: 'type must be all, payable or receivable' }).default('all'),
  ),
  tab: z.preprocess(blankToUndefined, z.enum(AMENDMENT_TABS, { error: 'Unknown tab' }).optional()),
  agency_id: z.preprocess(blankToUndefined, id().optional()),
  policy_id: z.preprocess(blankToUndefined, id().optional()),
  global_filter: z.preprocess(blankToUndefined, z.string().trim().max(256).optional()),
  sort_key: z.enum(AMENDMENT_SORT_KEYS, { error: 'Unknown sort key' }).default('created_at'),
  sort_direction: SortDirectionSchema,
})
export type AmendmentListFilter = z.infer<typeof AmendmentListFilterSchema>
export const AmendmentListQuerySchema = AmendmentListFilterSchema.merge(PageQuerySchema)
export type AmendmentListQuery = z.infer<typeof AmendmentListQuerySchema>

// ---- The staff amendment page's forms (Conform, both sides) -------------------------------------

/** Open an amendment with a new premium and a note: handlePolicyAmendment's own fields. */
export const StaffOpenAmendmentFormSchema = HandlePolicyAmendmentSchema.pick({
  amendment_premium: true,
  amendment_note: true,
}).extend({ intent: z.literal('open') })

/**
 * Adjust (`intent=adjust`) or confirm (`intent=confirm`) the premium: updateAmmendmentPolicyById's
 * new_premium (the use case requires it to adjust; confirming without it keeps the premium).
 */
export const ConfirmAmendmentPremiumFormSchema = z.object({
  intent: z.enum(['adjust', 'confirm']),
  new_premium: UpdateAmendmentPremiumSchema.shape.new_premium,
})

/** Approve or reject the bank transfer; a rejection needs its reason (amendmentPaymentIssue). */
export const AmendmentPaymentDecisionFormSchema = z
  .object({ intent: z.enum(['approve', 'reject']), reason: optionalText(2000) })
  .superRefine((v, ctx) => {
    if (v.intent === 'reject') paymentRule('rejectPayment')(v, ctx)
  })

/** The new certificate: its file (certificate_url, checked when stored) and membership number. */
export const AmendedCertificateFormSchema = z.object({
  intent: z.literal('certificate'),
  membership_number: optionalText(64),
})

/** The staff decision forms, by step (the routes pass them to StaffAmendmentDecision). */
export const STAFF_AMENDMENT_FORMS = {
  confirm: ConfirmAmendmentPremiumFormSchema,
  decision: AmendmentPaymentDecisionFormSchema,
  certificate: AmendedCertificateFormSchema,
}

// ---- The agency amendment page's forms (Conform, both sides) ------------------------------------

const detail = () => z.string().trim().max(256, 'must be at most 256 characters').optional()

/**
 * Amend the details (`intent=amend`). The action lays these over the current details and checks
 * the whole with initiateAmendment's own schema (UpdateStudentDetailsSchema), answering its
 * messages under these fields: the rules are the API's, not restated here.
 */
export const AgencyAmendFormSchema = z.object({
  intent: z.literal('amend'),
  first_name: detail(),
  last_name: detail(),
  email: detail(),
  passport_number: detail(),
  policy_type: detail(),
  start_date: detail(),
  end_date: detail(),
  partner_first_name: detail(),
  partner_last_name: detail(),
  amendment_note: optionalText(2000),
})

/** Accept the confirmed premium or withdraw (updatePolicyPremium's premium and note). */
export const AcceptAmendmentFormSchema = UpdatePolicyPremiumSchema.pick({ premium: true, note: true }).extend(
  {
    intent: z.enum(['accept', 'withdraw']),
  },
)

/** Pay the difference (ammendmentPayment's method and rule); the bank receipt is the file itself. */
export const PayAmendmentFormSchema = z
  .object({
    intent: z.literal('pay'),
    payment_method: AmendmentPaymentSchema.shape.payment_method,
    bank_document: z
      .custom<File>((v) => typeof File !== 'undefined' && v instanceof File && v.size > 0)
      .optional(),
  })
  .superRefine(paymentRule('pay'))
