import { z } from 'zod'
import {
  CERTIFICATE_TYPES,
  POLICY_STATUSES,
  POLICY_TYPES,
  PROVIDER_PAYMENT_STATUSES,
  USER_DEFINED_STATUSES,
} from '../../db/schema/enums'
import {
  bool,
  DATE_MSG,
  END_BEFORE_START_MSG,
  id,
  isoDate,
  list,
  optionalId,
  optionalText,
  policyDates,
  text,
} from '../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../shared/pagination'
import { familyErrors } from './policies.rules'
import { POLICY_SORT_KEYS, POLICY_TABLES } from './policy-lists.rules'
import {
  blankToUndefined,
  checkAddress,
  familyField,
  otherShape,
  partnerField,
  personalShape,
  StudentCustomerSchema,
  ticked,
  type AddressInput,
  type DependantInput,
  type PartnerInput,
} from './customer.schemas'

/**
 * Inputs of the customer and policy calls (spec/02 sections 5 and 7.1), shared by api/ and the
 * screens; the customer's own fields are in customer.schemas.ts. Validation messages on the
 * fields the spec names are the spec's, word for word.
 */

export const END_DATE_MSG = END_BEFORE_START_MSG
export const POLICY_NUMBER_MSG = 'Policy number is required'
export const POLICY_TYPE_MSG = 'Policy type must be one of SINGLE, FAMILY, SINGLE_PARENT, COUPLE'

const policyType = () => z.enum(POLICY_TYPES, { error: POLICY_TYPE_MSG })

/** Staff act for an agency named in the body; agency callers act for their own (another id is a 404). */
const agencyIdField = () => optionalId()

// ---- Step calls --------------------------------------------------------------------------------

/** createCustomerDetails: personal data; policy_type (optional) records the type the student wants. */
export const CreateCustomerDetailsSchema = z.object({
  agency_id: agencyIdField(),
  policy_type: z.preprocess(blankToUndefined, policyType().optional()),
  ...personalShape,
})
export type CreateCustomerDetailsInput = z.infer<typeof CreateCustomerDetailsSchema>

/**
 * The wizard's first step: personal details and the wanted policy type (required there); both
 * declarations must be ticked (a policy is not paid without them: purchase-guards.ts).
 */
export const PersonalDetailsFormSchema = z.object({
  ...personalShape,
  is_primary_visa_holder_and_eligible_to_apply: ticked('is_primary_visa_holder_and_eligible_to_apply'),
  has_accepted_terms: ticked('has_accepted_terms'),
  policy_type: policyType(),
})

export const UpdateCustomerDetailsSchema = CreateCustomerDetailsSchema.omit({ agency_id: true }).extend({
  customer_id: id(),
})
export type UpdateCustomerDetailsInput = z.infer<typeof UpdateCustomerDetailsSchema>

/**
 * createOrUpdatePartneAndDependentDetails: the partner (or null) and the dependants replace the
 * saved ones. The family rule is checked against policy_type, or the type saved on the policy.
 */
export const PartnerAndDependantsSchema = z
  .object({
    customer_id: id(),
    policy_type: z.preprocess(blankToUndefined, policyType().optional()),
    partner: partnerField(),
    family_members: familyField(),
  })
  .superRefine((v, ctx) => {
    if (!v.policy_type) return
    const errors = familyErrors(v.policy_type, {
      hasPartner: !!v.partner,
      dependants: v.family_members.length,
    })
    for (const [field, messages] of Object.entries(errors))
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message })
  })
export type PartnerAndDependantsInput = z.infer<typeof PartnerAndDependantsSchema>

/** createOrUpdateCustomerOtherDetails. */
export const OtherDetailsSchema = z
  .object({ customer_id: id(), ...otherShape })
  .superRefine((v, ctx) => checkAddress(v, ctx))
export type OtherDetailsInput = z.infer<typeof OtherDetailsSchema>

/** The quote a policy is bought from, and the policy number when the student already has one. */
const quoteShape = {
  insurance_provider_id: id(),
  policy_type: policyType(),
  start_date: isoDate(),
  end_date: isoDate(),
  is_policy_number_available: bool().default(false),
  policy_number: optionalText(64),
}

type QuoteInput = {
  start_date: string
  end_date: string
  is_policy_number_available: boolean
  policy_number: string | null
}

/** The policy-date ranges (shared with quotes) and the policy number when one is available. */
function checkQuote(v: QuoteInput, ctx: z.RefinementCtx, prefix: (string | number)[] = []) {
  policyDates('start_date', 'end_date', prefix)(v, ctx)
  if (v.is_policy_number_available && !v.policy_number)
    ctx.addIssue({ code: 'custom', path: [...prefix, 'policy_number'], message: POLICY_NUMBER_MSG })
}

export const QuoteChoiceSchema = z.object(quoteShape).superRefine((v, ctx) => checkQuote(v, ctx))

/** The cover dates alone (the wizard checks a quote's dates carried in its URL). */
export const PolicyDatesSchema = z
  .object({ start_date: isoDate(), end_date: isoDate() })
  .superRefine(policyDates('start_date', 'end_date'))
export type QuoteChoice = z.infer<typeof QuoteChoiceSchema>

/** initiatePolicy: the customer's draft policy priced with the chosen quote. */
export const InitiatePolicySchema = z
  .object({ customer_id: id(), policy_id: optionalId(), ...quoteShape })
  .superRefine((v, ctx) => checkQuote(v, ctx))
export type InitiatePolicyInput = z.infer<typeof InitiatePolicySchema>

/** The wizard's third step (the customer comes from the page). */
export const OtherDetailsFormSchema = z.object(otherShape).superRefine((v, ctx) => checkAddress(v, ctx))

/** The wizard's second step: the family rule is checked by the use case against the saved type. */
export const FamilyFormSchema = z.object({ partner: partnerField(), family_members: familyField() })

// ---- Everything at once (DESIGN.md section 4) --------------------------------------------------

const studentShape = {
  customer: StudentCustomerSchema,
  partner: partnerField(),
  family_members: familyField(),
  policy: z.object(quoteShape),
}

type StudentInput = {
  customer: AddressInput
  partner: PartnerInput | null
  family_members: DependantInput[]
  policy: QuoteInput & { policy_type: (typeof POLICY_TYPES)[number] }
}

function checkStudent(v: StudentInput, ctx: z.RefinementCtx) {
  checkAddress(v.customer, ctx, ['customer'])
  checkQuote(v.policy, ctx, ['policy'])
  const errors = familyErrors(v.policy.policy_type, {
    hasPartner: !!v.partner,
    dependants: v.family_members.length,
  })
  for (const [field, messages] of Object.entries(errors))
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message })
}

export const StudentDetailsSchema = z
  .object({ agency_id: agencyIdField(), ...studentShape })
  .superRefine((v, ctx) => checkStudent(v, ctx))
export type StudentDetailsInput = z.infer<typeof StudentDetailsSchema>

export const UpdateStudentDetailsSchema = z
  .object({ policy_id: id(), amendment_note: optionalText(2000), ...studentShape })
  .superRefine((v, ctx) => checkStudent(v, ctx))
export type UpdateStudentDetailsInput = z.infer<typeof UpdateStudentDetailsSchema>

// ---- Lists -------------------------------------------------------------------------------------

const dateFilter = () => z.preprocess(blankToUndefined, isoDate().optional())

/**
 * getPoliciesByStatus and friends. Cover-date filters: start_date_from / start_date_to bound the
 * start date, end_date_from / end_date_to the end date (inclusive); created_from / created_to the
 * creation day. sortByExpiryDate=true sorts by the end date, soonest first.
 */
export const PolicyListFilterSchema = z.object({
  status: list(z.enum(POLICY_STATUSES, { error: 'Invalid status' })).default([]),
  table: z.preprocess(blankToUndefined, z.enum(POLICY_TABLES, { error: 'Unknown table' }).optional()),
  email: z.preprocess(blankToUndefined, z.string().trim().max(256).optional()),
  sortByExpiryDate: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
  sort_key: z.enum(POLICY_SORT_KEYS, { error: 'Unknown sort key' }).default('created_at'),
  sort_direction: SortDirectionSchema,
  country_filter: list(id()).default([]),
  start_date_from: dateFilter(),
  start_date_to: dateFilter(),
  end_date_from: dateFilter(),
  end_date_to: dateFilter(),
  created_from: dateFilter(),
  created_to: dateFilter(),
  global_filter: z.preprocess(blankToUndefined, z.string().trim().max(256).optional()),
  provider_filter: list(id()).default([]),
  policy_type_filter: list(policyType()).default([]),
  agency_filter: list(id()).default([]),
})
export type PolicyListFilter = z.infer<typeof PolicyListFilterSchema>

export const PolicyListQuerySchema = PolicyListFilterSchema.merge(PageQuerySchema)
export type PolicyListQuery = z.infer<typeof PolicyListQuerySchema>

export const SearchPoliciesQuerySchema = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(256).optional()),
  cursor: z.preprocess(blankToUndefined, id().optional()),
})

// ---- Small writes ------------------------------------------------------------------------------

export const ArchivePolicySchema = z.object({ policy_id: id(), is_archived: bool() })
export const AssignAgencyUserSchema = z.object({ policy_id: id(), assign_to_agency_user: id() })
export const AssignOshcUserSchema = z.object({ policy_id: id(), assign_to: id() })
export const UserDefinedStatusSchema = z.object({
  policy_id: id(),
  status: z.enum(USER_DEFINED_STATUSES, { error: 'Invalid user-defined status' }),
})
export const ProviderPaymentStatusQuerySchema = z.object({
  status: z.enum(PROVIDER_PAYMENT_STATUSES, { error: 'Invalid provider payment status' }),
})

// ---- Certificates ------------------------------------------------------------------------------

/** The certificate file (an uploaded key) and what it says. */
export const UploadCertificateSchema = z.object({
  certificate_url: text(1, 512, 'certificate_url is required'),
  certificate_name: text(1, 256, 'certificate_name is required'),
  membership_number: text(1, 64, 'membership_number is required'),
  policy_number: optionalText(64),
})
export type UploadCertificateInput = z.infer<typeof UploadCertificateSchema>

/**
 * issuePolicyCertificate: with a certificate file it uploads it first (both steps at once);
 * without one it issues the certificate already uploaded. shouldSendEmail defaults to true.
 */
export const IssueCertificateSchema = z
  .object({
    certificate_url: optionalText(512),
    certificate_name: optionalText(256),
    membership_number: optionalText(64),
    policy_number: optionalText(64),
    shouldSendEmail: bool().default(true),
  })
  .superRefine((v, ctx) => {
    if (!v.certificate_url) return
    if (!v.certificate_name)
      ctx.addIssue({ code: 'custom', path: ['certificate_name'], message: 'certificate_name is required' })
    if (!v.membership_number)
      ctx.addIssue({ code: 'custom', path: ['membership_number'], message: 'membership_number is required' })
  })
export type IssueCertificateInput = z.infer<typeof IssueCertificateSchema>

export const CERTIFICATE_TYPE_MSG = 'certificate_type must be old or new'
export const DeleteCertificateQuerySchema = z.object({
  certificate_type: z.enum(CERTIFICATE_TYPES, { error: CERTIFICATE_TYPE_MSG }),
  certificateId: z.preprocess(blankToUndefined, id().optional()),
})

export { DATE_MSG }
