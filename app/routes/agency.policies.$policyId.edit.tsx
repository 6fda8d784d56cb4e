import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import * as React from 'react'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../db/client'
import { countries as countriesTable } from '../../db/schema'
import { getPolicyDetails } from '../../domain/policies/get-policy-details'
import { initiatePolicy } from '../../domain/policies/initiate-policy'
import {
  canTransition,
  FAMILY_RULES,
  openSteps,
  resumeStep,
  STATUS_LABELS,
  UNPRICED_STATUSES,
  type WizardStep,
} from '../../domain/policies/policies.rules'
import {
  FamilyFormSchema,
  OtherDetailsFormSchema,
  PersonalDetailsFormSchema,
  PolicyDatesSchema,
  QuoteChoiceSchema,
  UpdateStudentDetailsSchema,
} from '../../domain/policies/policies.schemas'
import { saveOtherDetails } from '../../domain/policies/save-other-details'
import { savePartnerAndDependants } from '../../domain/policies/save-partner-and-dependants'
import { updateCustomerDetails } from '../../domain/policies/update-customer-details'
import { updateStudentDetails } from '../../domain/policies/update-student-details'
import { priceWithProviders } from '../../domain/quotes/price-policy'
import { findCityInState, isCityOfState } from '../../domain/reference/search-cities'
import { findCountries } from '../../domain/reference/find-countries'
import { findStatesByCountry } from '../../domain/reference/find-states'
import { DomainError, fieldErrors, HTTP_STATUS } from '../../domain/shared/errors'
import { isoDate, parseId } from '../../domain/shared/fields'
import { fromCents } from '../../domain/shared/money'
import { PageHeader } from '../components/app-shell'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { ErrorList, SubmitButton } from '../components/forms'
import {
  AustralianAddressFields,
  PersonalFields,
  StepCheckbox,
  StepField,
  StepSelect,
  WizardSteps,
  type StepValues,
} from '../components/policy-wizard'
import { Button, buttonVariants } from '../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card'
import { Input } from '../components/ui/input'
import { Label } from '../components/ui/label'
import { idFromParam, readForm, throwAsResponse } from '../utils/forms.server'
import { formatDate, formatMoney } from '../utils/misc'
import { labelOf, policyTypeLabel, RELATIONSHIP_LABELS } from '../utils/labels'
import { requireAgency } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Policy details · Agency portal' }]

const STEPS: WizardStep[] = ['personal', 'family', 'other', 'quote']
const isStep = (s: string | null): s is WizardStep => !!s && (STEPS as string[]).includes(s)

type Details = Awaited<ReturnType<typeof getPolicyDetails>>
type AgencyActor = Awaited<ReturnType<typeof requireAgency>>

async function load(actor: AgencyActor, policyId: number) {
  const details = await getPolicyDetails({ actor, policyId }).catch(throwAsResponse)
  if (!canTransition('editBeforePurchase', details.policy.status)) {
    throw redirect(`/agency/policies/${policyId}`)
  }
  return details
}

/** The family step is skipped for types that cover nobody else. */
const familySkipped = (type: string | null) =>
  !!type &&
  !FAMILY_RULES[type as keyof typeof FAMILY_RULES].partner &&
  !FAMILY_RULES[type as keyof typeof FAMILY_RULES].dependants

const isPriced = (d: Details) => !UNPRICED_STATUSES.includes(d.policy.status)

/** The saved student as the step forms' values. */
function savedValues(d: Details): StepValues {
  const c = d.customer
  return {
    ...c,
    policy_type: d.policy.policy_type,
    partner: d.partner,
    family_members: d.family_members,
  }
}

/** The whole student of a priced policy, as updateStudentDetails takes it (one step replaced). */
function studentInput(
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
function studentErrors(error: z.ZodError) {
  return fieldErrors(error.issues, ([head, ...rest]) =>
    head === 'customer' || head === 'policy' ? rest.join('.') : [head, ...rest].join('.'),
  )
}

async function auCountryId() {
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
async function resolveAddress(formData: FormData): Promise<string | null> {
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
function quoteDates(url: URL, d: Details) {
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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, 'quote')
  const policyId = idFromParam(params.policyId, 'Policy')
  const d = await load(actor, policyId)
  const url = new URL(request.url)
  const status = d.policy.status
  const open = openSteps(status)
  const type = d.policy.policy_type
  const skipped = familySkipped(type) ? ['family'] : []
  const requested = url.searchParams.get('step')
  const fallback = resumeStep(status) ?? 'quote'
  if (!isStep(requested) || !open.includes(requested) || skipped.includes(requested)) {
    const next = new URLSearchParams(url.searchParams)
    next.set('step', fallback === 'family' && skipped.length ? 'other' : fallback)
    if (requested !== next.get('step')) throw redirect(`/agency/policies/${policyId}/edit?${next}`)
  }
  const step = (isStep(requested) ? requested : fallback) as WizardStep
  const base = {
    policy: {
      id: d.policy.id,
      ref: d.policy.ref,
      status,
      status_label: STATUS_LABELS[status],
      policy_type: type,
    },
    step,
    open,
    skipped,
    priced: isPriced(d),
    values: savedValues(d) as StepValues,
    carried: CARRIED.map((k) => [k, url.searchParams.get(k) ?? ''] as [string, string]).filter(([, v]) => v),
  }
  if (step === 'personal') {
    const countries = await findCountries()
    return { ...base, countries: countries.map((c) => ({ value: String(c.id), label: c.name })) }
  }
  if (step === 'family') {
    const rule = FAMILY_RULES[(type ?? 'SINGLE') as keyof typeof FAMILY_RULES]
    return { ...base, rule }
  }
  if (step === 'other') {
    const [countries, au] = await Promise.all([findCountries(), auCountryId()])
    const states = au ? await findStatesByCountry(au) : []
    return {
      ...base,
      countries: countries.map((c) => ({ value: String(c.id), label: c.name })),
      states: states.map((s) => ({ value: String(s.id), label: s.name })),
    }
  }
  const dates = quoteDates(url, d)
  const rows =
    dates.ready && type
      ? await priceWithProviders({
          agencyId: d.policy.agency_id,
          policyType: type,
          startDate: dates.start,
          endDate: dates.end,
        })
      : []
  const chosen =
    url.searchParams.get('provider_id') ??
    (d.policy.insurance_provider_id ? String(d.policy.insurance_provider_id) : '')
  return {
    ...base,
    quote: {
      start_date: dates.start,
      end_date: dates.end,
      dateErrors: dates.errors,
      chosen,
      rows: rows.map((r) => ({
        provider_id: r.provider.id,
        name: r.provider.display_name,
        days: r.price.days,
        premium: fromCents(r.price.premium),
        payable: fromCents(r.price.payable),
        commission: fromCents(r.price.commission),
        offer: r.offer ? { rate: r.offer.rate, end_date: r.offer.end_date } : null,
        blocked: r.rule?.blocks ? r.rule.rule_info : null,
      })),
    },
  }
}

// ---- Actions ------------------------------------------------------------------------------------

type Reply = {
  intent: string
  result: { initialValue?: StepValues | null; error?: Record<string, string[] | null> | null }
  count?: number
}

/** Refusals come back to the step form: field errors under their fields, the message above. */
function refuse(intent: string, values: unknown, err: unknown) {
  if (!(err instanceof DomainError)) throw err
  return data(
    {
      intent,
      result: { initialValue: values as StepValues, error: { '': [err.message], ...(err.errors ?? {}) } },
    } satisfies Reply,
    { status: HTTP_STATUS[err.code] },
  )
}

function invalid(
  intent: string,
  values: unknown,
  errors: Record<string, string[] | null> | null | undefined,
) {
  return data(
    {
      intent,
      result: {
        initialValue: values as StepValues,
        error: { '': ['Please check the highlighted fields'], ...errors },
      },
    } satisfies Reply,
    { status: 400 },
  )
}

/** The quote page's choice travels with the wizard (hidden inputs) to the quote step. */
const CARRIED = ['provider_id', 'start_date', 'end_date'] as const

function Carried({ carried }: { carried: [string, string][] }) {
  return (
    <>
      {carried.map(([k, v]) => (
        <input key={k} type="hidden" name={`carry_${k}`} value={v} />
      ))}
    </>
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAgency(request, 'quote')
  const policyId = idFromParam(params.policyId, 'Policy')
  const d = await load(actor, policyId)
  const formData = await readForm(request)
  const intent = String(formData.get('intent') ?? '')
  const priced = isPriced(d)
  const customerId = d.policy.customer_id
  const go = (step: string, title: string) => {
    const next = new URLSearchParams({ step })
    for (const k of CARRIED) {
      const v = formData.get(`carry_${k}`)
      if (typeof v === 'string' && v) next.set(k, v)
    }
    return redirectWithToast(`/agency/policies/${policyId}/edit?${next}`, { type: 'success', title })
  }
  const afterPersonal = (type: string) => (familySkipped(type) ? 'other' : 'family')

  switch (intent) {
    case 'personal': {
      const s = parseWithZod(formData, { schema: PersonalDetailsFormSchema })
      if (s.status !== 'success') return invalid(intent, s.payload, s.error)
      try {
        await updateCustomerDetails({ actor, input: { ...s.value, customer_id: customerId } })
        const type = priced ? (d.policy.policy_type ?? s.value.policy_type) : s.value.policy_type
        if (!priced && familySkipped(type)) {
          await savePartnerAndDependants({
            actor,
            input: {
              customer_id: customerId,
              policy_type: s.value.policy_type,
              partner: null,
              family_members: [],
            },
          })
        }
        return go(afterPersonal(type), 'Student details saved')
      } catch (err) {
        return refuse(intent, s.payload, err)
      }
    }
    case 'count':
    case 'family': {
      const s = parseWithZod(formData, { schema: FamilyFormSchema })
      if (intent === 'count') {
        const count = Math.min(20, Math.max(0, Number(formData.get('dependant_count') ?? 0) || 0))
        return data({
          intent: 'family',
          result: { initialValue: s.payload, error: null },
          count,
        } satisfies Reply)
      }
      if (s.status !== 'success') return invalid(intent, s.payload, s.error)
      try {
        if (priced) {
          const parsed = UpdateStudentDetailsSchema.safeParse(
            studentInput(d, { partner: s.value.partner, family_members: s.value.family_members }),
          )
          if (!parsed.success) return invalid(intent, s.payload, studentErrors(parsed.error))
          await updateStudentDetails({ actor, input: parsed.data })
        } else {
          await savePartnerAndDependants({
            actor,
            input: {
              customer_id: customerId,
              partner: s.value.partner,
              family_members: s.value.family_members,
            },
          })
        }
        return go('other', 'Partner and dependants saved')
      } catch (err) {
        return refuse(intent, s.payload, err)
      }
    }
    case 'other': {
      const cityError = await resolveAddress(formData)
      const s = parseWithZod(formData, { schema: OtherDetailsFormSchema })
      if (s.status !== 'success' || cityError) {
        const errors = s.status === 'success' ? {} : s.error
        return invalid(intent, s.payload, cityError ? { ...errors, city_id: [cityError] } : errors)
      }
      try {
        if (priced) {
          const parsed = UpdateStudentDetailsSchema.safeParse(studentInput(d, { customer: s.value }))
          if (!parsed.success) return invalid(intent, s.payload, studentErrors(parsed.error))
          await updateStudentDetails({ actor, input: parsed.data })
        } else {
          await saveOtherDetails({ actor, input: { ...s.value, customer_id: customerId } })
        }
        return go('quote', 'Passport and address saved')
      } catch (err) {
        return refuse(intent, s.payload, err)
      }
    }
    case 'quote': {
      const s = parseWithZod(formData, { schema: QuoteChoiceSchema })
      if (s.status !== 'success') return invalid(intent, s.payload, s.error)
      try {
        if (d.policy.status === 'PAYMENT_REJECTED') {
          const parsed = UpdateStudentDetailsSchema.safeParse(studentInput(d, { policy: s.value }))
          if (!parsed.success) return invalid(intent, s.payload, studentErrors(parsed.error))
          await updateStudentDetails({ actor, input: parsed.data })
        } else {
          await initiatePolicy({ actor, input: { ...s.value, customer_id: customerId, policy_id: policyId } })
        }
      } catch (err) {
        return refuse(intent, s.payload, err)
      }
      return redirectWithToast(`/agency/policies/${policyId}/pay`, {
        type: 'success',
        title: 'Policy initiated',
        description: 'The premium invoice is open. Choose how to pay.',
      })
    }
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

// ---- Page ---------------------------------------------------------------------------------------

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

function useReply(intent: string) {
  const reply = useActionData<typeof action>() as Reply | undefined
  const mine = reply?.intent === intent ? reply : undefined
  return {
    reply: mine,
    errors: (name: string) => mine?.result.error?.[name] ?? undefined,
  }
}

export default function EditPolicy() {
  const loaded = useLoaderData<typeof loader>()
  const { policy, step, open, skipped } = loaded
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader
        title={`Policy ${policy.ref}`}
        description={`${policy.status_label}${policy.policy_type ? ` · ${policyTypeLabel(policy.policy_type)}` : ''}. Each step is saved as you go.`}
        actions={
          <Link
            to={`/agency/policies/${policy.id}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            Policy overview
          </Link>
        }
      />
      <WizardSteps policyId={policy.id} current={step} open={open} skipped={skipped} />
      {step === 'personal' && 'countries' in loaded && !('states' in loaded) ? (
        <PersonalStep loaded={loaded} />
      ) : null}
      {step === 'family' && 'rule' in loaded ? <FamilyStep loaded={loaded} /> : null}
      {step === 'other' && 'states' in loaded ? <OtherStep loaded={loaded} /> : null}
      {step === 'quote' && 'quote' in loaded ? <QuoteStep loaded={loaded} /> : null}
    </div>
  )
}

function StepCard({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: React.ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

function PersonalStep({ loaded }: { loaded: Extract<LoaderData, { countries: unknown }> }) {
  const { reply, errors } = useReply('personal')
  const values = reply?.result.initialValue ?? loaded.values
  return (
    <StepCard title="Student" description="The student's personal details and the cover they need.">
      <Form method="post" className="space-y-6" noValidate>
        <input type="hidden" name="intent" value="personal" />
        <Carried carried={loaded.carried} />
        <PersonalFields
          values={values}
          errors={errors}
          countries={loaded.countries}
          typeLocked={loaded.priced ? loaded.policy.policy_type : null}
        />
        <ErrorList errors={errors('')} />
        <SubmitButton>Save and continue</SubmitButton>
      </Form>
    </StepCard>
  )
}

const PERSON_FIELDS = [
  ['first_name', 'First name', 'text'],
  ['last_name', 'Last name', 'text'],
  ['dob', 'Date of birth', 'date'],
  ['passport_number', 'Passport number (optional)', 'text'],
] as const

/** Policies created without a type (API clients may) choose it in step one first. */
function ChooseTypeFirst({ policyId }: { policyId: number }) {
  return (
    <p className="text-sm">
      Choose the policy type first, in{' '}
      <Link to={`/agency/policies/${policyId}/edit?step=personal`} className="text-primary underline">
        step 1
      </Link>
      .
    </p>
  )
}

function FamilyStep({ loaded }: { loaded: Extract<LoaderData, { rule: unknown }> }) {
  const { reply, errors } = useReply('family')
  if (!loaded.policy.policy_type)
    return (
      <StepCard title="Partner and dependants" description="Who the policy covers depends on its type.">
        <ChooseTypeFirst policyId={loaded.policy.id} />
      </StepCard>
    )
  const values = reply?.result.initialValue ?? loaded.values
  const members = loaded.values.family_members
  const saved = Array.isArray(members) ? (members as unknown[]).length : 0
  const count = reply?.count ?? Math.max(saved, loaded.rule.dependants ? 1 : 0)
  return (
    <StepCard
      title="Partner and dependants"
      description={`A ${policyTypeLabel(loaded.policy.policy_type).toLowerCase()} policy covers ${loaded.rule.partner ? 'a partner' : 'no partner'} and ${loaded.rule.dependants ? 'at least one dependant' : 'no dependants'}.`}
    >
      <Form method="post" className="space-y-6" noValidate>
        <Carried carried={loaded.carried} />
        {loaded.rule.partner ? (
          <fieldset className="space-y-3 rounded-md border p-4">
            <legend className="px-1 font-semibold">Partner</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {PERSON_FIELDS.map(([f, label, type]) => (
                <StepField
                  key={f}
                  name={`partner.${f}`}
                  label={label}
                  type={type}
                  values={values}
                  errors={errors}
                />
              ))}
            </div>
            <ErrorList errors={errors('partner')} />
          </fieldset>
        ) : null}
        {loaded.rule.dependants ? (
          <div className="space-y-4">
            <div className="flex flex-wrap items-end gap-2">
              <div className="space-y-1">
                <Label htmlFor="dependant_count">Number of dependants</Label>
                <select
                  id="dependant_count"
                  name="dependant_count"
                  defaultValue={count}
                  className="flex h-10 rounded-md border border-input bg-background px-3 py-2 text-sm"
                >
                  {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" name="intent" value="count" variant="outline" size="sm" formNoValidate>
                Update the number
              </Button>
            </div>
            {Array.from({ length: count }, (_, i) => (
              <fieldset key={i} className="space-y-3 rounded-md border p-4">
                <legend className="px-1 font-semibold">Dependant {i + 1}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  {PERSON_FIELDS.map(([f, label, type]) => (
                    <StepField
                      key={f}
                      name={`family_members[${i}].${f}`}
                      label={label}
                      type={type}
                      values={values}
                      errors={errors}
                    />
                  ))}
                  <StepSelect
                    name={`family_members[${i}].relationship`}
                    label="Relationship"
                    values={values}
                    errors={errors}
                    placeholder="—"
                    options={['CHILD', 'STEP_CHILD', 'OTHER'].map((r) => ({
                      value: r,
                      label: labelOf(RELATIONSHIP_LABELS, r),
                    }))}
                  />
                </div>
              </fieldset>
            ))}
            <ErrorList errors={errors('family_members')} />
          </div>
        ) : null}
        <ErrorList errors={errors('')} />
        <SubmitButton name="intent" value="family">
          Save and continue
        </SubmitButton>
      </Form>
    </StepCard>
  )
}

function OtherStep({ loaded }: { loaded: Extract<LoaderData, { states: unknown }> }) {
  const { reply, errors } = useReply('other')
  const values = reply?.result.initialValue ?? loaded.values
  return (
    <StepCard
      title="Passport and address"
      description="Passport, visa, education and the student's address in Australia."
    >
      <Form method="post" className="space-y-6" noValidate>
        <Carried carried={loaded.carried} />
        <div className="grid gap-4 sm:grid-cols-2">
          <StepField
            name="passport_number"
            label="Passport number"
            values={values}
            errors={errors}
            required
          />
          <StepSelect
            name="passport_country_id"
            label="Passport country (optional)"
            values={values}
            errors={errors}
            options={loaded.countries}
            placeholder="—"
          />
          <StepField name="visa_sub_class" label="Visa subclass (optional)" values={values} errors={errors} />
          <StepField
            name="education_institute"
            label="Education institute"
            values={values}
            errors={errors}
            required
          />
          <StepField
            name="student_number"
            label="Student number (optional)"
            values={values}
            errors={errors}
          />
        </div>
        <AustralianAddressFields values={values} errors={errors} states={loaded.states} />
        <ErrorList errors={errors('')} />
        <SubmitButton name="intent" value="other">
          Save and continue
        </SubmitButton>
      </Form>
    </StepCard>
  )
}

function QuoteStep({ loaded }: { loaded: Extract<LoaderData, { quote: unknown }> }) {
  const { reply, errors } = useReply('quote')
  const { quote, policy } = loaded
  const posted = reply?.result.initialValue
  const chosen = posted?.insurance_provider_id ? String(posted.insurance_provider_id) : quote.chosen
  if (!policy.policy_type)
    return (
      <StepCard title="Quote" description="The insurers are compared for the policy type.">
        <ChooseTypeFirst policyId={policy.id} />
      </StepCard>
    )
  return (
    <div className="space-y-4">
      <StepCard title="Cover dates" description="Choose the dates of cover to compare the insurers.">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="step" value="quote" />
          <div className="space-y-1">
            <Label htmlFor="start_date">Start date</Label>
            <Input
              id="start_date"
              name="start_date"
              type="date"
              defaultValue={quote.start_date}
              aria-describedby={quote.dateErrors.start_date ? 'start_date-error' : undefined}
            />
            <ErrorList id="start_date-error" errors={quote.dateErrors.start_date} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="end_date">End date</Label>
            <Input
              id="end_date"
              name="end_date"
              type="date"
              defaultValue={quote.end_date}
              aria-describedby={quote.dateErrors.end_date ? 'end_date-error' : undefined}
            />
            <ErrorList id="end_date-error" errors={quote.dateErrors.end_date} />
          </div>
          <Button type="submit" variant="outline" size="sm">
            Show prices
          </Button>
        </Form>
      </StepCard>
      {quote.rows.length ? (
        <StepCard
          title="Choose the insurer"
          description={`${policyTypeLabel(policy.policy_type)} cover from ${formatDate(quote.start_date)} to ${formatDate(quote.end_date)}, cheapest first.`}
        >
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="policy_type" value={policy.policy_type ?? ''} />
            <input type="hidden" name="start_date" value={quote.start_date} />
            <input type="hidden" name="end_date" value={quote.end_date} />
            <fieldset className="space-y-2">
              <legend className="sr-only">Insurer</legend>
              {quote.rows.map((r) => (
                <label
                  key={r.provider_id}
                  htmlFor={`provider-${r.provider_id}`}
                  className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary"
                >
                  <input
                    id={`provider-${r.provider_id}`}
                    type="radio"
                    name="insurance_provider_id"
                    value={r.provider_id}
                    defaultChecked={String(r.provider_id) === chosen && !r.blocked}
                    disabled={!!r.blocked}
                    className="h-4 w-4 accent-primary"
                  />
                  <span className="min-w-40 font-medium">{r.name}</span>
                  <span>
                    {r.offer ? (
                      <>
                        <s className="text-muted-foreground">{formatMoney(r.premium)}</s>{' '}
                        <strong>{formatMoney(r.payable)}</strong> ({r.offer.rate}% off until{' '}
                        {formatDate(r.offer.end_date)})
                      </>
                    ) : (
                      <strong>{formatMoney(r.payable)}</strong>
                    )}
                  </span>
                  <span className="text-muted-foreground">
                    Commission {formatMoney(r.commission)} · {r.days} days
                  </span>
                  {r.blocked ? <span className="w-full text-amber-900">Protected: {r.blocked}</span> : null}
                </label>
              ))}
            </fieldset>
            <ErrorList errors={errors('insurance_provider_id')} />
            <StepCheckbox
              name="is_policy_number_available"
              label="The student already has a policy number"
              values={posted ?? {}}
              errors={errors}
            />
            <StepField name="policy_number" label="Policy number" values={posted ?? {}} errors={errors} />
            <ErrorList
              errors={[
                ...(errors('start_date') ?? []),
                ...(errors('end_date') ?? []),
                ...(errors('partner') ?? []),
                ...(errors('family_members') ?? []),
                ...(errors('') ?? []),
              ]}
            />
            <SubmitButton name="intent" value="quote">
              Confirm and continue to payment
            </SubmitButton>
          </Form>
        </StepCard>
      ) : quote.start_date && quote.end_date && !Object.keys(quote.dateErrors).length ? (
        <p className="text-sm text-muted-foreground">
          No insurer configured for your agency can quote these dates.
        </p>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/policies" homeLabel="Back to policies" />
}
