import { getInputProps, getSelectProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { asc } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { countries } from '../../../db/schema'
import { UpdateAgencySchema } from '../../../domain/agencies/agencies.schemas'
import { updateAgency } from '../../../domain/agencies/onboarding/update-agency'
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

export const meta: MetaFunction = () => [{ title: 'Company details · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { agency } = await requireOnboardingStep(request, 'LOGIN_CRED_CHANGED')
  const list = await getDb()
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .orderBy(asc(countries.name))
  return {
    status: agency.status,
    countries: list,
    values: {
      full_company_name: agency.full_company_name ?? '',
      full_company_address: agency.full_company_address ?? '',
      contact_person: agency.contact_person ?? '',
      contact_number: agency.contact_number ?? '',
      country_id: agency.country_id ? String(agency.country_id) : '',
    },
  }
}

export const action = ({ request }: ActionFunctionArgs) =>
  companyStepAction(request, {
    opensAt: 'LOGIN_CRED_CHANGED',
    schema: UpdateAgencySchema,
    save: updateAgency,
    next: '/onboarding/address',
  })

export default function CompanyStep() {
  const { countries, values, status } = useLoaderData<typeof loader>()
  const [form, fields] = useConformForm(UpdateAgencySchema, { id: 'company', defaultValue: values })
  return (
    <AuthCard wide title="Company details" description="Tell us about your agency.">
      <StepNav steps={STEPS} current="/onboarding/company" reachable={reachableStep(status)} />
      <ConformForm form={form} className="grid gap-4 sm:grid-cols-2">
        <Field
          className="sm:col-span-2"
          labelProps={{ children: 'Company name' }}
          inputProps={getInputProps(fields.full_company_name, { type: 'text' })}
          errors={fields.full_company_name.errors}
        />
        <Field
          className="sm:col-span-2"
          labelProps={{ children: 'Company address' }}
          inputProps={getInputProps(fields.full_company_address, { type: 'text' })}
          errors={fields.full_company_address.errors}
        />
        <Field
          labelProps={{ children: 'Contact person' }}
          inputProps={getInputProps(fields.contact_person, { type: 'text' })}
          errors={fields.contact_person.errors}
        />
        <Field
          labelProps={{ children: 'Contact number' }}
          inputProps={getInputProps(fields.contact_number, { type: 'tel' })}
          errors={fields.contact_number.errors}
        />
        <SelectField
          labelProps={{ children: 'Country' }}
          selectProps={getSelectProps(fields.country_id)}
          placeholder="Choose a country"
          options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
          errors={fields.country_id.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <SubmitButton>Save and continue</SubmitButton>
        </div>
      </ConformForm>
    </AuthCard>
  )
}
