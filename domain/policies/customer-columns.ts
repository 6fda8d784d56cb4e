import type { customers } from '../../db/schema'

/** The customer columns of a personal / other details input (only the keys present). */
export function customerValues(input: Record<string, unknown>) {
  const keys = [
    'title',
    'first_name',
    'last_name',
    'email',
    'dob',
    'gender',
    'mobile_number',
    'country',
    'has_accepted_terms',
    'is_primary_visa_holder_and_eligible_to_apply',
    'passport_number',
    'passport_country_id',
    'visa_sub_class',
    'education_institute',
    'student_number',
    'has_australian_address',
    'street_address_1',
    'street_address_2',
    'state_id',
    'city_id',
    'post_code',
  ] as const
  const out: Partial<typeof customers.$inferInsert> = {}
  for (const k of keys) {
    if (k in input) (out as Record<string, unknown>)[k] = input[k] ?? null
  }
  // Without an Australian address the address fields are not kept.
  if (out.has_australian_address === false) {
    Object.assign(out, {
      street_address_1: null,
      street_address_2: null,
      state_id: null,
      city_id: null,
      post_code: null,
    })
  }
  return out
}
