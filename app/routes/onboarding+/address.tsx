import { getInputProps, getSelectProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useSubmit } from '@remix-run/react'
import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { cities, states } from '../../../db/schema'
import { UpdateAgencyAddressSchema } from '../../../domain/agencies/agencies.schemas'
import { updateAgencyAddress } from '../../../domain/agencies/onboarding/update-agency-address'
import { AuthCard } from '../../components/auth-card'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
} from '../../components/forms'
import { StepNav } from '../../components/step-nav'
import { companyStepAction, requireOnboardingStep } from '../../utils/onboarding.server'
import { reachableStep, STEPS } from '../../utils/onboarding-steps'
import { parseId } from '../../../domain/shared/fields'

export const meta: MetaFunction = () => [{ title: 'Address · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { agency } = await requireOnboardingStep(request, 'COMPANY_DETAIL_STEP_ONE_DONE')
  const db = getDb()
  const chosenState = parseId(new URL(request.url).searchParams.get('state_id')) ?? agency.state_id
  const stateList = agency.country_id
    ? await db
        .select({ id: states.id, name: states.name })
        .from(states)
        .where(eq(states.country_id, agency.country_id))
        .orderBy(asc(states.name))
    : []
  const cityList = chosenState
    ? await db
        .select({ id: cities.id, name: cities.name })
        .from(cities)
        .where(eq(cities.state_id, chosenState))
        .orderBy(asc(cities.name))
        .limit(5000)
    : []
  return {
    status: agency.status,
    states: stateList,
    cities: cityList,
    values: {
      street_address_1: agency.street_address_1 ?? '',
      street_address_2: agency.street_address_2 ?? '',
      state_id: chosenState ? String(chosenState) : '',
      city_id: agency.city_id ? String(agency.city_id) : '',
      post_code: agency.post_code ?? '',
      policy_comms_email: agency.policy_comms_email ?? agency.email,
      finance_comms_email: agency.finance_comms_email ?? agency.email,
    },
  }
}

export const action = ({ request }: ActionFunctionArgs) =>
  companyStepAction(request, {
    opensAt: 'COMPANY_DETAIL_STEP_ONE_DONE',
    schema: UpdateAgencyAddressSchema,
    save: updateAgencyAddress,
    next: '/onboarding/bank',
  })

export default function AddressStep() {
  const { states, cities, values, status } = useLoaderData<typeof loader>()
  const submit = useSubmit()
  const [form, fields] = useConformForm(UpdateAgencyAddressSchema, { id: 'address', defaultValue: values })
  return (
    <AuthCard
      wide
      title="Address and contacts"
      description="Where you are, and where policy and finance mail should go."
    >
      <StepNav steps={STEPS} current="/onboarding/address" reachable={reachableStep(status)} />
      <ConformForm form={form} className="grid gap-4 sm:grid-cols-2">
        <Field
          className="sm:col-span-2"
          labelProps={{ children: 'Street address' }}
          inputProps={getInputProps(fields.street_address_1, { type: 'text' })}
          errors={fields.street_address_1.errors}
        />
        <Field
          className="sm:col-span-2"
          labelProps={{ children: 'Street address line 2 (optional)' }}
          inputProps={getInputProps(fields.street_address_2, { type: 'text' })}
          errors={fields.street_address_2.errors}
        />
        <SelectField
          labelProps={{ children: 'State' }}
          selectProps={{
            ...getSelectProps(fields.state_id),
            // With JavaScript, picking a state reloads its cities; without, the state alone is saved.
            onChange: (e) =>
              submit(
                { state_id: e.currentTarget.value },
                { method: 'get', replace: true, preventScrollReset: true },
              ),
          }}
          placeholder="Choose a state"
          options={states.map((s) => ({ value: String(s.id), label: s.name }))}
          errors={fields.state_id.errors}
        />
        <SelectField
          labelProps={{ children: 'City' }}
          selectProps={getSelectProps(fields.city_id)}
          placeholder={cities.length ? 'Choose a city' : 'Choose a state first'}
          options={cities.map((c) => ({ value: String(c.id), label: c.name }))}
          errors={fields.city_id.errors}
        />
        <Field
          labelProps={{ children: 'Post code' }}
          inputProps={getInputProps(fields.post_code, { type: 'text' })}
          errors={fields.post_code.errors}
        />
        <div />
        <Field
          labelProps={{ children: 'Policy communications e-mail' }}
          inputProps={getInputProps(fields.policy_comms_email, { type: 'email' })}
          errors={fields.policy_comms_email.errors}
        />
        <Field
          labelProps={{ children: 'Finance communications e-mail' }}
          inputProps={getInputProps(fields.finance_comms_email, { type: 'email' })}
          errors={fields.finance_comms_email.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <SubmitButton>Save and continue</SubmitButton>
        </div>
      </ConformForm>
    </AuthCard>
  )
}
