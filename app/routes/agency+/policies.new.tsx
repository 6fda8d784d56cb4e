import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { createCustomerDetails } from '../../../domain/policies/create-customer-details'
import { FAMILY_RULES } from '../../../domain/policies/policies.rules'
import { PersonalDetailsFormSchema } from '../../../domain/policies/policies.schemas'
import { savePartnerAndDependants } from '../../../domain/policies/save-partner-and-dependants'
import { findCountries } from '../../../domain/reference/find-countries'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../components/forms'
import { PersonalFields, WizardSteps, type StepValues } from '../../components/policy-wizard'
import { buttonVariants } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { readForm, submitForm } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'New policy · Agency portal' }]

/** The quote page links here with its choice; it is carried to the quote step. */
const CARRIED = ['provider_id', 'start_date', 'end_date'] as const
/** The student's details a link may fill in (an enrolled student of the admission service). */
const PREFILL = ['first_name', 'last_name', 'email', 'dob', 'mobile_number', 'country'] as const

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, createCustomerDetails.access, 'agency')
  const url = new URL(request.url)
  const countries = await findCountries()
  return {
    countries: countries.map((c) => ({ value: String(c.id), label: c.name })),
    policyType: url.searchParams.get('policy_type') ?? '',
    carried: CARRIED.map((k) => [k, url.searchParams.get(k) ?? ''] as const).filter(([, v]) => v),
    prefill: Object.fromEntries(PREFILL.map((k) => [k, url.searchParams.get(k) ?? '']).filter(([, v]) => v)),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, createCustomerDetails.access, 'agency')
  const formData = await readForm(request)
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
    const next = new URLSearchParams({ step: rule.partner || rule.dependants ? 'family' : 'other' })
    for (const k of CARRIED) {
      const v = formData.get(k)
      if (typeof v === 'string' && v) next.set(k, v)
    }
    return redirectWithToast(`/agency/policies/${created.policyId}/edit?${next}`, {
      type: 'success',
      title: 'Student saved',
      description: 'Continue with the next step; the policy is saved as a draft.',
    })
  })
}

type Reply = { initialValue?: StepValues | null; error?: Record<string, string[] | null> | null }

export default function NewPolicy() {
  const { countries, policyType, carried, prefill } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>() as Reply | undefined
  // The house form over the action's schema: checked in the browser on submit, then answered by
  // the server's reply; the wizard's fields read their messages from it.
  const [form] = useConformForm(PersonalDetailsFormSchema, { id: 'personal' })
  const errors = (name: string) => (name === '' ? form.errors : form.allErrors[name])
  const values = reply?.initialValue ?? { ...prefill, policy_type: policyType }
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader
        title="New policy"
        description="Enter the student first. Each step is saved, so you can come back to the policy later."
        actions={
          <Link to="/agency/policies" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Back to policies
          </Link>
        }
      />
      <WizardSteps policyId={null} current="personal" open={['personal']} />
      <Card>
        <CardContent className="pt-6">
          <ConformForm form={form} className="space-y-6">
            {carried.map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <PersonalFields values={values} errors={errors} countries={countries} typeLocked={null} />
            <ErrorList errors={errors('')} />
            <SubmitButton>Save and continue</SubmitButton>
          </ConformForm>
        </CardContent>
      </Card>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/policies" homeLabel="Back to policies" />
}
