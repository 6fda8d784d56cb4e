// The new-policy wizard's server side: loading a policy for a step, reading the step forms, and
// answering refusals to the step that sent them. Its route, beside, uses it.
import { type Submission } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../../../db/client'
import { countries as countriesTable } from '../../../../db/schema'
import { getPolicyDetails } from '../../../../domain/policies/get-policy-details'
import { canTransition, FAMILY_RULES, UNPRICED_STATUSES } from '../../../../domain/policies/policies.rules'
import { POLICY_TYPES } from '../../../../db/schema/enums'
import { initiatePolicy } from '../../../../domain/policies/initiate-policy'
import { priceWithProviders } from '../../../../domain/quotes/price-policy'
import { fromCents } from '../../../../domain/shared/money'
import { InitiatePolicySchema, PolicyDatesSchema } from '../../../../domain/policies/policies.schemas'
import { findCityInState, isCityOfState } from '../../../../domain/reference/search-cities'
import { DomainError, fieldErrors } from '../../../../domain/shared/errors'
import { isoDate, parseId } from '../../../../domain/shared/fields'
import { type StepValues } from '../../../components/policy-wizard'
import { throwAsResponse } from '../../../utils/forms.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { type requireAgency } from '../../../utils/session.server'

export type Details = Awaited<ReturnType<typeof getPolicyDetails>>
export type AgencyActor = Awaited<ReturnType<typeof requireAgency>>

export async function load(actor: AgencyActor, policyId: number) {
  const details = await getPolicyDetails({ actor, policyId }).catch(throwAsResponse)
  if (!canTransition('editBeforePurchase', details.policy.status)) {
    throw redirect(`/agency/policies/${policyId}`)
  }
  return details
}

/** The family step is skipped for types that cover nobody else. */
export const familySkipped = (type: string | null) =>
  !!type &&
  !FAMILY_RULES[type as keyof typeof FAMILY_RULES].partner &&
  !FAMILY_RULES[type as keyof typeof FAMILY_RULES].dependants

export const isPriced = (d: Details) => !UNPRICED_STATUSES.includes(d.policy.status)

/** The saved student as the step forms' values. */
export function savedValues(d: Details): StepValues {
  const c = d.customer
  return {
    ...c,
    policy_type: d.policy.policy_type,
    partner: d.partner,
    family_members: d.family_members,
  }
}

/** The whole student of a priced policy, as updateStudentDetails takes it (one step replaced). */
export function studentInput(
  d: Details,
  change: { customer?: StepValues; partner?: unknown; family_members?: unknown; policy?: StepValues },
) {
  const c = d.customer
  const customer = {
    title: c.title,
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    dob: c.dob,
    gender: c.gender,
    mobile_number: c.mobile_number,
    country: c.country,
    has_accepted_terms: c.has_accepted_terms,
    is_primary_visa_holder_and_eligible_to_apply: c.is_primary_visa_holder_and_eligible_to_apply,
    passport_number: c.passport_number,
    passport_country_id: c.passport_country_id,
    visa_sub_class: c.visa_sub_class,
    education_institute: c.education_institute,
    student_number: c.student_number,
    has_australian_address: c.has_australian_address,
    street_address_1: c.street_address_1,
    street_address_2: c.street_address_2,
    state_id: c.state_id,
    city_id: c.city_id,
    post_code: c.post_code,
    ...change.customer,
  }
  const p = d.policy
  return {
    policy_id: p.id,
    customer,
    partner: 'partner' in change ? change.partner : d.partner,
    family_members: 'family_members' in change ? change.family_members : d.family_members,
    policy: {
      insurance_provider_id: p.insurance_provider_id,
      policy_type: p.policy_type,
      start_date: p.start_date,
      end_date: p.end_date,
      is_policy_number_available: p.is_policy_number_available,
      policy_number: p.policy_number,
      ...change.policy,
    },
  }
}

/** Validation of the whole student, reported on the step's own field names. */
export function studentErrors(error: z.ZodError) {
  return fieldErrors(error.issues, ([head, ...rest]) =>
    head === 'customer' || head === 'policy' ? rest.join('.') : [head, ...rest].join('.'),
  )
}

export async function auCountryId() {
  const [au] = await getDb()
    .select({ id: countriesTable.id })
    .from(countriesTable)
    .where(eq(countriesTable.iso2, 'AU'))
  return au?.id ?? null
}

const ADDRESS_FIELDS = [
  'street_address_1',
  'street_address_2',
  'state_id',
  'city_id',
  'city_name',
  'post_code',
]
const CITY_NOT_IN_STATE = 'No city of that name in the chosen state'

/**
 * The address step's form as the schema takes it. Without an Australian address (box not
 * ticked) the address fields are dropped, whatever they hold. With one, the city box's text
 * (`city_name`, typed or chosen) is looked up among the chosen state's cities and becomes
 * `city_id`; a `city_id` posted alone must be a city of the state. Returns the city's refusal.
 */
export async function resolveAddress(formData: FormData): Promise<string | null> {
  if (!formData.get('has_australian_address')) {
    for (const k of ADDRESS_FIELDS) formData.delete(k)
    return null
  }
  const name = String(formData.get('city_name') ?? '').trim()
  const stateId = parseId(formData.get('state_id'))
  if (name) {
    formData.delete('city_id')
    if (!stateId) return null // 'State is required' says what to do first
    const city = await findCityInState(stateId, name)
    if (!city) return CITY_NOT_IN_STATE
    formData.set('city_id', String(city.id))
    return null
  }
  const cityId = parseId(formData.get('city_id'))
  if (cityId !== null && stateId !== null && !(await isCityOfState(cityId, stateId))) return CITY_NOT_IN_STATE
  return null
}

/** Quote dates from the URL (the quote page's choice) or the policy; invalid ones are reported. */
export function quoteDates(url: URL, d: Details) {
  const start = url.searchParams.get('start_date') ?? d.policy.start_date ?? ''
  const end = url.searchParams.get('end_date') ?? d.policy.end_date ?? ''
  const errors: Record<string, string[]> = {}
  if (start && !isoDate().safeParse(start).success)
    errors.start_date = ['must be in the format of YYYY-MM-DD']
  if (end && !isoDate().safeParse(end).success) errors.end_date = ['must be in the format of YYYY-MM-DD']
  if (start && end && !errors.start_date && !errors.end_date) {
    const dates = PolicyDatesSchema.safeParse({ start_date: start, end_date: end })
    Object.assign(
      errors,
      fieldErrors(dates.error?.issues ?? [], ([field]) => field),
    )
  }
  return { start, end, errors, ready: !!start && !!end && !Object.keys(errors).length }
}

/**
 * A refusal the step's schema cannot see (a city not in the state, the whole student of a priced
 * policy): Conform's reply with the messages under their fields, 400.
 */
export function refuseFields(submission: Submission<unknown>, errors: Record<string, string[]>) {
  return data(
    submission.reply({ formErrors: ['Please check the highlighted fields'], fieldErrors: errors }),
    { status: 400 },
  )
}

/** The quote page's choice travels with the wizard (hidden inputs) to the quote step. */
export const CARRIED = ['provider_id', 'start_date', 'end_date'] as const
export type Carried = Partial<Record<(typeof CARRIED)[number], string>>

/**
 * The carried quote as the steps show it (insurer, cover, dates, price), read again from the
 * agency's prices; null when nothing complete is carried or it no longer prices.
 */
export async function chosenQuote(agencyId: number, type: string | null, carried: Carried) {
  const providerId = parseId(carried.provider_id ?? null)
  const dates = PolicyDatesSchema.safeParse({ start_date: carried.start_date, end_date: carried.end_date })
  const policyType = POLICY_TYPES.find((t) => t === type)
  if (!providerId || !dates.success || !policyType) return null
  const [row] = await priceWithProviders({
    agencyId,
    providerId,
    policyType,
    startDate: dates.data.start_date,
    endDate: dates.data.end_date,
  }).catch(() => [])
  if (!row) return null
  return {
    insurer: row.provider.display_name,
    policy_type: policyType,
    start_date: row.startDate,
    end_date: row.endDate,
    payable: fromCents(row.price.payable),
  }
}

/** The carried choice from a form (`prefix` + name: the wizard's steps post carry_*). */
export function carriedFrom(formData: FormData, prefix = ''): Carried {
  const out: Carried = {}
  for (const k of CARRIED) {
    const v = formData.get(`${prefix}${k}`)
    if (typeof v === 'string' && v) out[k] = v
  }
  return out
}

/**
 * After the student's last step: a quote carried from the quote page (insurer and dates) is
 * bought as chosen, so the policy is initiated and the agency goes on to pay, without being
 * asked the quote again. Without a carried insurer, or when the quote no longer stands (the
 * refusal is shown), the quote step opens with the choice.
 */
export async function initiateCarriedOrQuote(
  actor: AgencyActor,
  policy: { id: number; customerId: number; type: string | null },
  carried: Carried,
  title: string,
) {
  const next = new URLSearchParams({ step: 'quote', ...carried })
  const quote = `/agency/policies/${policy.id}/edit?${next}`
  if (!carried.provider_id) return redirectWithToast(quote, { type: 'success', title })
  const parsed = InitiatePolicySchema.safeParse({
    customer_id: policy.customerId,
    policy_id: policy.id,
    insurance_provider_id: carried.provider_id,
    policy_type: policy.type,
    start_date: carried.start_date,
    end_date: carried.end_date,
  })
  let refusal = 'Check the dates and choose an insurer.'
  if (parsed.success) {
    try {
      await initiatePolicy({ actor, input: parsed.data })
      return redirectWithToast(`/agency/policies/${policy.id}/pay`, {
        type: 'success',
        title: `${title}; policy initiated`,
        description: 'The premium invoice is open. Choose how to pay.',
      })
    } catch (err) {
      if (!(err instanceof DomainError)) throw err
      refusal = err.message
    }
  }
  return redirectWithToast(quote, {
    type: 'error',
    title: 'The chosen quote could not be bought as it was',
    description: refusal,
  })
}
