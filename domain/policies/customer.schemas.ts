// The customer's fields (student, partner, dependants, address), shared by the policy calls
// (policies.schemas.ts) and the amendments. Messages the spec names are the spec's, word for word.
import { z } from 'zod'
import { bool, dateOfBirth, email, id, optionalId, optionalText, text } from '../shared/fields'

export const ADDRESS_MESSAGES = {
  street_address_1: 'Street address is required',
  state_id: 'State is required',
  city_id: 'City is required',
  post_code: 'Post code is required',
} as const
export const COUNTRY_MSG = 'country is required'
/** The student's two declarations, both required before a policy is paid (issue 29; not in the spec). */
export const DECLARATION_MESSAGES = {
  is_primary_visa_holder_and_eligible_to_apply:
    'The student must be the primary visa holder and eligible to apply',
  has_accepted_terms: 'The student must accept the terms and conditions',
} as const
export type Declaration = keyof typeof DECLARATION_MESSAGES

/** A declaration a form requires ticked (an unticked box posts nothing). */
export const ticked = (field: Declaration) =>
  z.preprocess(
    (v) => v === true || v === 'on' || v === 'true',
    z.literal(true, { error: DECLARATION_MESSAGES[field] }),
  )

export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** An optional date of birth (blank = none). */
const optionalDob = () => z.preprocess(blankToUndefined, dateOfBirth().optional()).transform((v) => v ?? null)

/** An optional text that, when given, is 2..256 characters (names and passports of family). */
const optionalText2 = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : blankToUndefined(v)),
    text(2, 256).optional(),
  )

/** Personal details of a student (wizard step one). */
export const personalShape = {
  title: optionalText(20),
  first_name: text(2, 256),
  last_name: text(2, 256),
  email: email(),
  dob: dateOfBirth(),
  gender: optionalText(32),
  mobile_number: optionalText(32),
  country: id(COUNTRY_MSG),
  has_accepted_terms: bool().default(false),
  is_primary_visa_holder_and_eligible_to_apply: bool().default(false),
}

/** Passport, visa, institute and address (wizard step three). */
export const otherShape = {
  passport_number: text(2, 256),
  passport_country_id: optionalId(),
  visa_sub_class: optionalText(64),
  education_institute: text(2, 256),
  student_number: optionalText(64),
  has_australian_address: bool().default(false),
  street_address_1: optionalText(256),
  street_address_2: optionalText(256),
  state_id: optionalId(),
  city_id: optionalId(),
  post_code: optionalText(16),
}

export type AddressInput = {
  has_australian_address: boolean
  street_address_1: string | null
  state_id?: number
  city_id?: number
  post_code: string | null
}

/** has_australian_address makes the address fields required (spec/02 section 5). */
export function checkAddress(v: AddressInput, ctx: z.RefinementCtx, prefix: (string | number)[] = []) {
  if (!v.has_australian_address) return
  const missing: [keyof typeof ADDRESS_MESSAGES, unknown][] = [
    ['street_address_1', v.street_address_1],
    ['state_id', v.state_id],
    ['city_id', v.city_id],
    ['post_code', v.post_code],
  ]
  for (const [field, value] of missing) {
    if (value === null || value === undefined || value === '')
      ctx.addIssue({ code: 'custom', path: [...prefix, field], message: ADDRESS_MESSAGES[field] })
  }
}

export const PartnerSchema = z.object({
  title: optionalText(20),
  gender: optionalText(32),
  first_name: text(2, 256),
  last_name: text(2, 256),
  dob: optionalDob(),
  passport_number: optionalText2(),
  country_id: optionalId(),
})

export const DependantSchema = z.object({
  title: optionalText(20),
  first_name: text(2, 256),
  last_name: text(2, 256),
  gender: optionalText(32),
  dob: optionalDob(),
  relationship: optionalText(64),
  passport_number: optionalText2(),
})

export type PartnerInput = z.infer<typeof PartnerSchema>
export type DependantInput = z.infer<typeof DependantSchema>

/** `partner` may be sent as null, omitted or (from forms) as an object of blanks. */
export const partnerField = () =>
  z.preprocess(blankToUndefined, PartnerSchema.nullish()).transform((v) => v ?? null)
export const familyField = () =>
  z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(DependantSchema).max(20))

/** The student alone: personal details, passport, visa, institute and address. */
export const StudentCustomerSchema = z.object({ ...personalShape, ...otherShape })
