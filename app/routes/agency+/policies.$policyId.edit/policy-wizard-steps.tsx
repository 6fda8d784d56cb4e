// The steps of the new-policy wizard (its route, beside): personal details, partner and
// children, other details, and the quote to buy. Each posts to the route with its intent.
import { Form, Link, useActionData, type useLoaderData } from '@remix-run/react'
import * as React from 'react'
import { ErrorList, SubmitButton } from '../../../components/forms'
import {
  AustralianAddressFields,
  PersonalFields,
  StepCheckbox,
  StepField,
  StepSelect,
} from '../../../components/policy-wizard'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { formatDate, formatMoney } from '../../../utils/misc'
import { labelOf, policyTypeLabel, RELATIONSHIP_LABELS } from '../../../utils/labels'

import type { action, loader } from './edit.server'
import type { WizardReply } from './policy-wizard.server'

function Carried({ carried }: { carried: [string, string][] }) {
  return (
    <>
      {carried.map(([k, v]) => (
        <input key={k} type="hidden" name={`carry_${k}`} value={v} />
      ))}
    </>
  )
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

function useReply(intent: string) {
  const reply = useActionData<typeof action>() as WizardReply | undefined
  const mine = reply?.intent === intent ? reply : undefined
  return {
    reply: mine,
    errors: (name: string) => mine?.result.error?.[name] ?? undefined,
  }
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

export function PersonalStep({ loaded }: { loaded: Extract<LoaderData, { countries: unknown }> }) {
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

export function FamilyStep({ loaded }: { loaded: Extract<LoaderData, { rule: unknown }> }) {
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

export function OtherStep({ loaded }: { loaded: Extract<LoaderData, { states: unknown }> }) {
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

export function QuoteStep({ loaded }: { loaded: Extract<LoaderData, { quote: unknown }> }) {
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
