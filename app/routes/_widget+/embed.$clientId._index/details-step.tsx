import { useState } from 'react'
import { CheckboxField, Field, SelectField } from '../../../components/forms'
import { Button } from '../../../components/ui/button'
import { formatMoney } from '../../../utils/misc'
import { widgetCall, WidgetApiError, type WidgetSession } from '../../../components/widget/widget-api'
import type { Country, PublicQuote } from '../../../components/widget/widget-types'

const WITH_PARTNER = new Set(['COUPLE', 'FAMILY'])
const WITH_CHILDREN = new Set(['SINGLE_PARENT', 'FAMILY'])

const text = (form: FormData, name: string) => {
  const v = String(form.get(name) ?? '').trim()
  return v === '' ? null : v
}

const ELIGIBILITY_MSG = 'Confirm the student holds the student visa and is eligible to apply'

/** The body of createStudentDetails from the form: the student, partner and children as the cover needs. */
function studentBody(form: FormData, quote: PublicQuote, children: number) {
  return {
    customer: {
      first_name: text(form, 'first_name') ?? '',
      last_name: text(form, 'last_name') ?? '',
      email: text(form, 'email') ?? '',
      dob: text(form, 'dob') ?? '',
      gender: text(form, 'gender'),
      mobile_number: text(form, 'mobile_number'),
      country: text(form, 'country') ?? '',
      passport_number: text(form, 'passport_number') ?? '',
      education_institute: text(form, 'education_institute') ?? '',
      is_primary_visa_holder_and_eligible_to_apply:
        form.get('is_primary_visa_holder_and_eligible_to_apply') === 'on',
      has_accepted_terms: form.get('has_accepted_terms') === 'on',
    },
    partner: WITH_PARTNER.has(quote.policyType)
      ? {
          first_name: text(form, 'partner.first_name') ?? '',
          last_name: text(form, 'partner.last_name') ?? '',
          dob: text(form, 'partner.dob'),
        }
      : null,
    family_members: WITH_CHILDREN.has(quote.policyType)
      ? Array.from({ length: children }, (_, i) => ({
          first_name: text(form, `family_members.${i}.first_name`) ?? '',
          last_name: text(form, `family_members.${i}.last_name`) ?? '',
          dob: text(form, `family_members.${i}.dob`),
          relationship: 'CHILD',
        }))
      : [],
    policy: {
      insurance_provider_id: quote.provider.id,
      policy_type: quote.policyType,
      start_date: quote.startDate,
      end_date: quote.endDate,
    },
  }
}

/** Step 2: who is covered. The server validates exactly as the portal does; its messages show by the fields. */
export function DetailsStep({
  session,
  quote,
  countries,
  onBack,
  onCreated,
}: {
  session: WidgetSession
  quote: PublicQuote
  countries: Country[]
  onBack: () => void
  onCreated: (purchase: { policyId: number; purchaseSecret: string }, email: string) => void
}) {
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [children, setChildren] = useState(WITH_CHILDREN.has(quote.policyType) ? 1 : 0)
  const e = (name: string) => errors[name]

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body = studentBody(form, quote, children)
    // Both declarations are needed before a policy can be paid (the checkout refuses it without).
    const missing: Record<string, string[]> = {}
    if (!body.customer.is_primary_visa_holder_and_eligible_to_apply)
      missing['customer.is_primary_visa_holder_and_eligible_to_apply'] = [ELIGIBILITY_MSG]
    if (!body.customer.has_accepted_terms)
      missing['customer.has_accepted_terms'] = ['Accept the terms to continue']
    if (Object.keys(missing).length) {
      setErrors(missing)
      return
    }
    setBusy(true)
    setMessage(null)
    try {
      const { body: answer } = await widgetCall<unknown>(session, 'POST', '/createStudentDetails', { body })
      onCreated(
        { policyId: answer.policyId as number, purchaseSecret: answer.purchaseSecret as string },
        body.customer.email,
      )
    } catch (err) {
      if (!(err instanceof WidgetApiError)) throw err
      setErrors(err.failure.errors)
      setMessage(err.failure.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="details-heading" className="space-y-4">
      <h2 id="details-heading" className="text-lg font-semibold">
        Your details
      </h2>
      <p className="text-sm text-muted-foreground">
        {quote.provider.display_name}, {formatMoney(quote.payable)}
      </p>
      <form onSubmit={submit} noValidate className="space-y-2">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            labelProps={{ children: 'First name' }}
            inputProps={{ id: 'first_name', name: 'first_name', autoComplete: 'given-name' }}
            errors={e('customer.first_name')}
          />
          <Field
            labelProps={{ children: 'Last name' }}
            inputProps={{ id: 'last_name', name: 'last_name', autoComplete: 'family-name' }}
            errors={e('customer.last_name')}
          />
          <Field
            labelProps={{ children: 'E-mail' }}
            inputProps={{ id: 'email', name: 'email', type: 'email', autoComplete: 'email' }}
            errors={e('customer.email')}
          />
          <Field
            labelProps={{ children: 'Date of birth' }}
            inputProps={{ id: 'dob', name: 'dob', type: 'date', autoComplete: 'bday' }}
            errors={e('customer.dob')}
          />
          <SelectField
            labelProps={{ children: 'Nationality' }}
            selectProps={{ id: 'country', name: 'country', defaultValue: '' }}
            placeholder="Choose a country"
            options={countries.map((c) => ({ value: String(c.id), label: c.name }))}
            errors={e('customer.country')}
          />
          <Field
            labelProps={{ children: 'Passport number' }}
            inputProps={{ id: 'passport_number', name: 'passport_number' }}
            errors={e('customer.passport_number')}
          />
          <Field
            labelProps={{ children: 'Education provider' }}
            inputProps={{ id: 'education_institute', name: 'education_institute' }}
            errors={e('customer.education_institute')}
          />
          <Field
            labelProps={{ children: 'Mobile number (optional)' }}
            inputProps={{ id: 'mobile_number', name: 'mobile_number', type: 'tel', autoComplete: 'tel' }}
            errors={e('customer.mobile_number')}
          />
        </div>
        {WITH_PARTNER.has(quote.policyType) ? (
          <fieldset className="grid gap-x-4 rounded-md border p-3 sm:grid-cols-3">
            <legend className="px-1 text-sm font-medium">Partner</legend>
            <Field
              labelProps={{ children: 'First name' }}
              inputProps={{ id: 'partner.first_name', name: 'partner.first_name' }}
              errors={e('partner.first_name') ?? e('partner')}
            />
            <Field
              labelProps={{ children: 'Last name' }}
              inputProps={{ id: 'partner.last_name', name: 'partner.last_name' }}
              errors={e('partner.last_name')}
            />
            <Field
              labelProps={{ children: 'Date of birth' }}
              inputProps={{ id: 'partner.dob', name: 'partner.dob', type: 'date' }}
              errors={e('partner.dob')}
            />
          </fieldset>
        ) : null}
        {WITH_CHILDREN.has(quote.policyType) ? (
          <fieldset className="space-y-2 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Children</legend>
            {Array.from({ length: children }, (_, i) => (
              <div key={i} className="grid gap-x-4 sm:grid-cols-3">
                <Field
                  labelProps={{ children: `Child ${i + 1} first name` }}
                  inputProps={{
                    id: `family_members.${i}.first_name`,
                    name: `family_members.${i}.first_name`,
                  }}
                  errors={e(`family_members.${i}.first_name`)}
                />
                <Field
                  labelProps={{ children: 'Last name' }}
                  inputProps={{ id: `family_members.${i}.last_name`, name: `family_members.${i}.last_name` }}
                  errors={e(`family_members.${i}.last_name`)}
                />
                <Field
                  labelProps={{ children: 'Date of birth' }}
                  inputProps={{
                    id: `family_members.${i}.dob`,
                    name: `family_members.${i}.dob`,
                    type: 'date',
                  }}
                  errors={e(`family_members.${i}.dob`)}
                />
              </div>
            ))}
            {e('family_members') ? (
              <p className="text-sm text-destructive">{e('family_members')?.join(' ')}</p>
            ) : null}
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={() => setChildren((n) => Math.min(20, n + 1))}>
                Add a child
              </Button>
              {children > 1 ? (
                <Button type="button" variant="outline" onClick={() => setChildren((n) => n - 1)}>
                  Remove the last child
                </Button>
              ) : null}
            </div>
          </fieldset>
        ) : null}
        <CheckboxField
          labelProps={{
            children:
              'The student is the primary holder of the student visa and eligible to apply for this cover',
          }}
          inputProps={{
            id: 'is_primary_visa_holder_and_eligible_to_apply',
            name: 'is_primary_visa_holder_and_eligible_to_apply',
          }}
          errors={e('customer.is_primary_visa_holder_and_eligible_to_apply')}
        />
        <CheckboxField
          labelProps={{ children: 'I confirm these details are correct and accept the terms of cover' }}
          inputProps={{ id: 'has_accepted_terms', name: 'has_accepted_terms' }}
          errors={e('customer.has_accepted_terms')}
        />
        {message ? (
          <p role="alert" className="text-sm text-destructive">
            {message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={onBack}>
            Back to quotes
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Continue to payment'}
          </Button>
        </div>
      </form>
    </section>
  )
}
