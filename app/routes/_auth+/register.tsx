import { getInputProps, getSelectProps } from '@conform-to/react'
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies, countries } from '../../../db/schema'
import { RegisterAgencySchema } from '../../../domain/agencies/agencies.schemas'
import { registerAgency } from '../../../domain/agencies/onboarding/register-agency'
import { config } from '../../../domain/shared/config'
import { sha256 } from '../../../domain/shared/crypto'
import { AuthCard } from '../../components/auth-card'
import {
  CheckboxField,
  ErrorList,
  Field,
  SelectField,
  ConformForm,
  SubmitButton,
  useConformForm,
} from '../../components/forms'
import { readForm, submitForm } from '../../utils/forms.server'
import { requireSameOrigin } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Register your agency · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const token = url.searchParams.get('invitation') ?? ''
  const db = getDb()
  const list = await db
    .select({ id: countries.id, name: countries.name, iso2: countries.iso2 })
    .from(countries)
    .orderBy(asc(countries.name))
  // The invitation's own token names the agency (the id in the link is not trusted).
  const invited = token
    ? (
        await db
          .select({ email: agencies.email })
          .from(agencies)
          .where(and(eq(agencies.invitation_token_hash, sha256(token)), eq(agencies.status, 'PENDING')))
      )[0]
    : undefined
  const { TERMS_URL, PRIVACY_URL } = config()
  return {
    countries: list,
    token,
    invitedEmail: invited?.email ?? '',
    legal: { terms: TERMS_URL ?? null, privacy: PRIVACY_URL ?? null },
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request)
  return submitForm(await readForm(request), RegisterAgencySchema, async (input) => {
    const clientIp = (context as { clientIp?: string }).clientIp ?? 'unknown'
    const agency = await registerAgency({ input, clientIp })
    return redirect(agency.path_by_status)
  })
}

/** A document the agency accepts, opened beside the form (nothing typed is lost); text when unset. */
function LegalLink({ href, children }: { href: string | null; children: string }) {
  if (!href) return <>{children}</>
  return (
    <a href={href} target="_blank" rel="noreferrer" className="text-primary underline underline-offset-4">
      {children}
    </a>
  )
}

export default function Register() {
  const { countries, token, invitedEmail, legal } = useLoaderData<typeof loader>()
  const australia = countries.find((c) => c.iso2 === 'AU')
  const [form, fields] = useConformForm(RegisterAgencySchema, {
    id: 'register',
    defaultValue: {
      email: invitedEmail,
      country_id: australia ? String(australia.id) : '',
      recaptcha_token: 'no-js-token',
      token,
    },
  })
  return (
    <AuthCard
      wide
      title="Register your agency"
      description="Sell overseas student health cover from six insurers. We will e-mail you a code to verify your address."
    >
      <ConformForm form={form} className="grid gap-4 sm:grid-cols-2">
        <input {...getInputProps(fields.recaptcha_token, { type: 'hidden' })} />
        <input {...getInputProps(fields.token, { type: 'hidden' })} />
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
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), readOnly: !!invitedEmail }}
          errors={fields.email.errors}
        />
        <SelectField
          labelProps={{ children: 'Country' }}
          selectProps={getSelectProps(fields.country_id)}
          placeholder="Choose a country"
          options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
          errors={fields.country_id.errors}
        />
        <CheckboxField
          className="sm:col-span-2"
          labelProps={{
            children: (
              <>
                I accept the <LegalLink href={legal.terms}>terms</LegalLink> and the{' '}
                <LegalLink href={legal.privacy}>privacy policy</LegalLink>
              </>
            ),
          }}
          inputProps={getInputProps(fields.has_accepted_terms_and_privacy_policy, { type: 'checkbox' })}
          errors={fields.has_accepted_terms_and_privacy_policy.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <SubmitButton className="w-full">Register</SubmitButton>
        </div>
      </ConformForm>
      <p className="mt-6 text-sm">
        Already registered?{' '}
        <Link to="/login" className="text-primary underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </AuthCard>
  )
}
