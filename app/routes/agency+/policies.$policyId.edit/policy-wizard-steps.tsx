// The steps of the new-policy wizard (its route, beside): personal details, partner and
// children, other details (the quote to buy is quote-step.tsx). Each posts to the route with
// its intent, through the house form (wizard-step-parts.tsx: useStepForm).
import { ConformForm, ErrorList, SubmitButton } from '../../../components/forms'
import { PersonalFields, StepField, StepSelect } from '../../../components/policy-wizard'
import { Button } from '../../../components/ui/button'
import { Label } from '../../../components/ui/label'
import { labelOf, policyTypeLabel, RELATIONSHIP_LABELS } from '../../../utils/labels'
import {
  FamilyFormSchema,
  OtherStepSchema,
  PersonalDetailsFormSchema,
} from '../../../utils/policy-wizard.schemas'
import { PassportAddressFields } from '../../../components/policies/passport-address-fields'
import { Carried, ChooseTypeFirst, StepCard, useStepForm, type LoaderData } from './wizard-step-parts'

export function PersonalStep({ loaded }: { loaded: Extract<LoaderData, { countries: unknown }> }) {
  const { form, values, errors } = useStepForm(PersonalDetailsFormSchema, ['personal'], loaded.values)
  return (
    <StepCard title="Student" description="The student's personal details and the cover they need.">
      <ConformForm form={form} intent="personal" className="space-y-6">
        <Carried carried={loaded.carried} />
        <PersonalFields
          values={values}
          errors={errors}
          countries={loaded.countries}
          typeLocked={loaded.priced ? loaded.policy.policy_type : null}
        />
        <ErrorList errors={errors('')} />
        <SubmitButton>Save and continue</SubmitButton>
      </ConformForm>
    </StepCard>
  )
}

const PERSON_FIELDS = [
  ['first_name', 'First name', 'text'],
  ['last_name', 'Last name', 'text'],
  ['dob', 'Date of birth', 'date'],
  ['passport_number', 'Passport number (optional)', 'text'],
] as const

export function FamilyStep({ loaded }: { loaded: Extract<LoaderData, { rule: unknown }> }) {
  const { form, result, values, errors } = useStepForm(FamilyFormSchema, ['family', 'count'], loaded.values)
  if (!loaded.policy.policy_type)
    return (
      <StepCard title="Partner and dependants" description="Who the policy covers depends on its type.">
        <ChooseTypeFirst policyId={loaded.policy.id} />
      </StepCard>
    )
  const members = loaded.values.family_members
  const saved = Array.isArray(members) ? (members as unknown[]).length : 0
  // After "Update the number" (or a refusal) as many rows as were asked for, else as saved.
  const posted = Number(result?.initialValue?.dependant_count)
  const count = Number.isFinite(posted)
    ? Math.min(20, Math.max(0, Math.trunc(posted)))
    : Math.max(saved, loaded.rule.dependants ? 1 : 0)
  return (
    <StepCard
      title="Partner and dependants"
      description={`A ${policyTypeLabel(loaded.policy.policy_type).toLowerCase()} policy covers ${loaded.rule.partner ? 'a partner' : 'no partner'} and ${loaded.rule.dependants ? 'at least one dependant' : 'no dependants'}.`}
    >
      <ConformForm form={form} className="space-y-6">
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
      </ConformForm>
    </StepCard>
  )
}

export function OtherStep({ loaded }: { loaded: Extract<LoaderData, { states: unknown }> }) {
  const { form, values, errors } = useStepForm(OtherStepSchema, ['other'], loaded.values)
  return (
    <StepCard
      title="Passport and address"
      description="Passport, visa, education and the student's address in Australia."
    >
      <ConformForm form={form} intent="other" className="space-y-6">
        <Carried carried={loaded.carried} />
        <PassportAddressFields
          values={values}
          errors={errors}
          countries={loaded.countries}
          states={loaded.states}
        />
        <ErrorList errors={errors('')} />
        <SubmitButton>Save and continue</SubmitButton>
      </ConformForm>
    </StepCard>
  )
}
