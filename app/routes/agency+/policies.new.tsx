import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { parseWithZod } from '@conform-to/zod/v4'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { createCustomerDetails } from '../../../domain/policies/create-customer-details'
import { FAMILY_RULES } from '../../../domain/policies/policies.rules'
import { PersonalDetailsFormSchema } from '../../../domain/policies/policies.schemas'
import { saveOtherDetails } from '../../../domain/policies/save-other-details'
import { savePartnerAndDependants } from '../../../domain/policies/save-partner-and-dependants'
import { findCountries } from '../../../domain/reference/find-countries'
import { findStatesByCountry } from '../../../domain/reference/find-states'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../components/forms'
import { ChosenQuote } from '../../components/policies/chosen-quote'
import { PassportAddressFields } from '../../components/policies/passport-address-fields'
import { PersonalFields, WizardSteps, type StepValues } from '../../components/policy-wizard'
import { buttonVariants } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { readForm, submitForm } from '../../utils/forms.server'
import { NewStudentFormSchema, OTHER_FIELDS } from '../../utils/policy-wizard.schemas'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import {
  auCountryId,
  CARRIED,
  carriedFrom,
  chosenQuote,
  familySkipped,
  initiateCarriedOrQuote,
  refuseFields,
  resolveAddress,
  type AgencyActor,
} from './policies.$policyId.edit/policy-wizard.server'

export const meta: MetaFunction = () => [{ title: 'New policy · Agency portal' }]

/** The student's details a link may fill in (an enrolled student of the admission service). */
const PREFILL = ['first_name', 'last_name', 'email', 'dob', 'mobile_number', 'country'] as const

/**
 * The quote page links here with its choice (insurer, dates, type), carried to the end of the
 * wizard. For cover of the student alone the passport step joins this page, so the student is
 * one page and the quote is bought as chosen (no quote step).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, createCustomerDetails.access, 'agency')
  const url = new URL(request.url)
  const policyType = url.searchParams.get('policy_type') ?? ''
  const carried = CARRIED.map((k) => [k, url.searchParams.get(k) ?? ''] as const).filter(([, v]) => v)
  const [countries, chosen] = await Promise.all([
    findCountries(),
    chosenQuote(actor.agencyId, policyType, Object.fromEntries(carried)),
  ])
  const whole = !!chosen && familySkipped(chosen.policy_type)
  const au = whole ? await auCountryId() : null
  const states = au ? await findStatesByCountry(au) : []
  return {
    countries: countries.map((c) => ({ value: String(c.id), label: c.name })),
    states: states.map((s) => ({ value: String(s.id), label: s.name })),
    policyType,
    carried,
    chosen,
    whole,
    prefill: Object.fromEntries(PREFILL.map((k) => [k, url.searchParams.get(k) ?? '']).filter(([, v]) => v)),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, createCustomerDetails.access, 'agency')
  const formData = await readForm(request)
  if (formData.get('intent') === 'student') return saveWholeStudent(actor, formData)
  return submitForm(formData, PersonalDetailsFormSchema, async (input) => {
    const created = await createCustomerDetails({ actor, input: { ...input, agency_id: undefined } })
    const rule = FAMILY_RULES[input.policy_type]
    // Nobody else to enter for a single policy: the family step is saved empty.
    if (!rule.partner && !rule.dependants) {
      await savePartnerAndDependants({
        actor,
        input: {
          customer_id: created.customerId,
          policy_type: input.policy_type,
          partner: null,
          family_members: [],
        },
      })
    }
    const next = new URLSearchParams({
      step: rule.partner || rule.dependants ? 'family' : 'other',
      ...carriedFrom(formData),
    })
    return redirectWithToast(`/agency/policies/${created.policyId}/edit?${next}`, {
      type: 'success',
      title: 'Student saved',
      description: 'Continue with the next step; the policy is saved as a draft.',
    })
  })
}

/**
 * The student on one page (personal, passport and address) for cover of the student alone: the
 * wizard's steps saved in turn (a refusal keeps what was saved: the draft resumes at its step),
 * then the carried quote initiated.
 */
async function saveWholeStudent(actor: AgencyActor, formData: FormData) {
  const cityError = await resolveAddress(formData)
  if (cityError)
    return refuseFields(parseWithZod(formData, { schema: NewStudentFormSchema }), { city_id: [cityError] })
  return submitForm(formData, NewStudentFormSchema, async (v) => {
    const other = Object.fromEntries(OTHER_FIELDS.map((k) => [k, v[k]])) as Pick<
      typeof v,
      (typeof OTHER_FIELDS)[number]
    >
    const { customerId, policyId } = await createCustomerDetails({
      actor,
      input: { ...v, agency_id: undefined },
    })
    await savePartnerAndDependants({
      actor,
      input: { customer_id: customerId, policy_type: v.policy_type, partner: null, family_members: [] },
    })
    await saveOtherDetails({ actor, input: { ...other, customer_id: customerId } })
    const policy = { id: policyId, customerId, type: v.policy_type }
    return initiateCarriedOrQuote(actor, policy, carriedFrom(formData), 'Student saved')
  })
}

type Reply = { initialValue?: StepValues | null; error?: Record<string, string[] | null> | null }

export default function NewPolicy() {
  const { countries, states, policyType, carried, chosen, whole, prefill } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>() as Reply | undefined
  // The house form over the action's schema: checked in the browser on submit, then answered by
  // the server's reply; the wizard's fields read their messages from it.
  const [form] = useConformForm(whole ? NewStudentFormSchema : PersonalDetailsFormSchema, { id: 'personal' })
  const errors = (name: string) => (name === '' ? form.errors : form.allErrors[name])
  const values = reply?.initialValue ?? { ...prefill, policy_type: chosen?.policy_type ?? policyType }
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader
        title="New policy"
        description={
          whole
            ? 'Enter the student; the policy is then priced with your quote and you choose how to pay.'
            : 'Enter the student first. Each step is saved, so you can come back to the policy later.'
        }
        actions={
          <Link to="/agency/policies" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Back to policies
          </Link>
        }
      />
      {/* One page, then payment: the wizard's steps are not this path's. */}
      {whole ? null : <WizardSteps policyId={null} current="personal" open={['personal']} />}
      <ChosenQuote chosen={chosen} />
      <Card>
        <CardContent className="pt-6">
          <ConformForm form={form} intent={whole ? 'student' : undefined} className="space-y-6">
            {carried.map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <PersonalFields
              values={values}
              errors={errors}
              countries={countries}
              typeLocked={chosen?.policy_type ?? null}
            />
            {whole ? (
              <PassportAddressFields values={values} errors={errors} countries={countries} states={states} />
            ) : null}
            <ErrorList errors={errors('')} />
            <SubmitButton>{whole ? 'Save and continue to payment' : 'Save and continue'}</SubmitButton>
          </ConformForm>
        </CardContent>
      </Card>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/policies" homeLabel="Back to policies" />
}
