import { Link } from '@remix-run/react'

import { cn } from '../utils/cn'
import { SearchableSelect } from './searchable-select'
import { GENDER_LABELS, labelOf, policyTypeLabel } from '../utils/labels'
import { CheckboxField, Field, SelectField, type SelectOption } from './forms'

export const WIZARD_STEPS = [
  { key: 'personal', label: 'Student' },
  { key: 'family', label: 'Partner and dependants' },
  { key: 'other', label: 'Passport and address' },
  { key: 'quote', label: 'Quote' },
] as const
export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key']

/** Values of a step form: what was posted (after a refusal) or what is saved. */
export type StepValues = Record<string, unknown>
export type StepErrors = (name: string) => string[] | undefined

/** The value at a dotted / indexed path (`partner.first_name`, `family_members[0].dob`). */
export function valueAt(values: StepValues | undefined, path: string): string {
  let cur: unknown = values
  for (const part of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return ''
    cur = (cur as Record<string, unknown>)[part]
  }
  if (cur === null || cur === undefined) return ''
  return String(cur)
}

const checked = (v: string) => v === 'true' || v === 'on'

/** The wizard's steps; steps not open yet are shown but not linked. */
export function WizardSteps({
  policyId,
  current,
  open,
  skipped = [],
}: {
  policyId: number | null
  current: WizardStepKey
  open: readonly string[]
  skipped?: readonly string[]
}) {
  return (
    <ol className="mb-6 grid gap-2 text-sm sm:grid-cols-4" aria-label="New policy steps">
      {WIZARD_STEPS.map((s, i) => {
        const label = `${i + 1}. ${s.label}${skipped.includes(s.key) ? ' (not needed)' : ''}`
        const reachable = policyId !== null && open.includes(s.key) && !skipped.includes(s.key)
        return (
          <li key={s.key}>
            {reachable ? (
              <Link
                to={`/agency/policies/${policyId}/edit?step=${s.key}`}
                aria-current={s.key === current ? 'step' : undefined}
                className={cn(
                  'block rounded-md border px-2 py-1 text-center',
                  s.key === current ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
                )}
              >
                {label}
              </Link>
            ) : (
              <span
                aria-current={s.key === current ? 'step' : undefined}
                className={cn(
                  'block rounded-md border px-2 py-1 text-center',
                  s.key === current
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'text-muted-foreground',
                )}
              >
                {label}
              </span>
            )}
          </li>
        )
      })}
    </ol>
  )
}

const TITLES = ['Mr', 'Ms', 'Mrs', 'Miss', 'Mx', 'Dr'].map((t) => ({ value: t, label: t }))
const GENDERS = ['FEMALE', 'MALE', 'OTHER'].map((g) => ({ value: g, label: labelOf(GENDER_LABELS, g) }))
export const POLICY_TYPE_OPTIONS = ['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY'].map((t) => ({
  value: t,
  label: policyTypeLabel(t),
}))

/** A text-like input of a step form, wired to its value and errors. */
export function StepField({
  name,
  label,
  values,
  errors,
  type = 'text',
  required,
  autoComplete,
  className,
}: {
  name: string
  label: string
  values?: StepValues
  errors: StepErrors
  type?: string
  required?: boolean
  autoComplete?: string
  className?: string
}) {
  return (
    <Field
      className={className}
      labelProps={{ children: label }}
      inputProps={{
        id: name.replace(/[[\].]/g, '_'),
        name,
        type,
        required,
        autoComplete: autoComplete ?? 'off',
        defaultValue: valueAt(values, name),
      }}
      errors={errors(name)}
    />
  )
}

export function StepSelect({
  name,
  label,
  values,
  errors,
  options,
  placeholder,
  required,
}: {
  name: string
  label: string
  values?: StepValues
  errors: StepErrors
  options: SelectOption[]
  placeholder?: string
  required?: boolean
}) {
  return (
    <SelectField
      labelProps={{ children: label }}
      selectProps={{
        id: name.replace(/[[\].]/g, '_'),
        name,
        required,
        defaultValue: valueAt(values, name),
      }}
      placeholder={placeholder}
      options={options}
      errors={errors(name)}
    />
  )
}

export function StepCheckbox({
  name,
  label,
  values,
  errors,
}: {
  name: string
  label: string
  values?: StepValues
  errors: StepErrors
}) {
  return (
    <CheckboxField
      labelProps={{ children: label }}
      inputProps={{
        id: name.replace(/[[\].]/g, '_'),
        name,
        defaultChecked: checked(valueAt(values, name)),
      }}
      errors={errors(name)}
    />
  )
}

/** Step one: the student's personal details and the policy type they want. */
export function PersonalFields({
  values,
  errors,
  countries,
  typeLocked,
}: {
  values?: StepValues
  errors: StepErrors
  countries: SelectOption[]
  /** Priced policies keep their type here (it changes with a new quote). */
  typeLocked: string | null
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {typeLocked ? (
        <div className="sm:col-span-2">
          <input type="hidden" name="policy_type" value={typeLocked} />
          <p className="text-sm">
            Policy type: <strong>{policyTypeLabel(typeLocked)}</strong>
          </p>
        </div>
      ) : (
        <StepSelect
          name="policy_type"
          label="Policy type"
          values={values}
          errors={errors}
          options={POLICY_TYPE_OPTIONS}
          placeholder="Choose the cover"
          required
        />
      )}
      <StepSelect
        name="title"
        label="Title (optional)"
        values={values}
        errors={errors}
        options={TITLES}
        placeholder="—"
      />
      <StepField name="first_name" label="First name" values={values} errors={errors} required />
      <StepField name="last_name" label="Last name" values={values} errors={errors} required />
      <StepField name="email" label="E-mail" type="email" values={values} errors={errors} required />
      <StepField name="dob" label="Date of birth" type="date" values={values} errors={errors} required />
      <StepSelect
        name="gender"
        label="Gender (optional)"
        values={values}
        errors={errors}
        options={GENDERS}
        placeholder="—"
      />
      <StepField
        name="mobile_number"
        label="Mobile number (optional)"
        type="tel"
        values={values}
        errors={errors}
      />
      <SearchableSelect
        id="country"
        name="country"
        label="Country"
        defaultValue={valueAt(values, 'country')}
        errors={errors('country')}
        options={countries}
        placeholder="Choose the student's country"
        required
      />
      <div className="space-y-2 sm:col-span-2">
        <StepCheckbox
          name="is_primary_visa_holder_and_eligible_to_apply"
          label="The student is the primary visa holder and eligible to apply"
          values={values}
          errors={errors}
        />
        <StepCheckbox
          name="has_accepted_terms"
          label="The student has accepted the terms and conditions"
          values={values}
          errors={errors}
        />
      </div>
    </div>
  )
}
