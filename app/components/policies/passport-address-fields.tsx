// The student's passport, visa, institute and address: the wizard's passport step and, when a
// quote for cover of the student alone is carried, the new policy page (one page for the student).
import { type SelectOption } from '../forms'
import { StepField, valueAt, type StepErrors, type StepValues } from '../policy-wizard'
import { SearchableSelect } from '../searchable-select'
import { AustralianAddressFields } from './australian-address-fields'

export function PassportAddressFields({
  values,
  errors,
  countries,
  states,
}: {
  values: StepValues
  errors: StepErrors
  countries: SelectOption[]
  states: SelectOption[]
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <StepField name="passport_number" label="Passport number" values={values} errors={errors} required />
        <SearchableSelect
          id="passport_country_id"
          name="passport_country_id"
          label="Passport country (optional)"
          defaultValue={valueAt(values, 'passport_country_id')}
          errors={errors('passport_country_id')}
          options={countries}
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
        <StepField name="student_number" label="Student number (optional)" values={values} errors={errors} />
      </div>
      <AustralianAddressFields values={values} errors={errors} states={states} />
    </>
  )
}
