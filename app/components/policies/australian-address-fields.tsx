// The student's address in Australia, in the policy wizard (its passport step and the new policy page):
// the state and the city searched within it.
import { useFetcher } from '@remix-run/react'
import * as React from 'react'
import { ErrorList, SelectField, type SelectOption } from '../forms'
import { StepCheckbox, StepField, valueAt, type StepErrors, type StepValues } from '../policy-wizard'
import { Combobox, type ComboboxOption } from '../ui/combobox'
import { Label } from '../ui/label'

const NO_CITIES: ComboboxOption[] = []

/**
 * The city of the chosen state, searched as the user types (GET /agency/policies/cities); a
 * state has up to several hundred cities, too many for a list. Without JavaScript it is a text
 * field: the action looks the name up in the chosen state.
 */
function CityCombobox({
  stateId,
  defaultValue,
  errors,
}: {
  stateId: string
  defaultValue: string
  errors: string[] | undefined
}) {
  const fetcher = useFetcher<{ cities: ComboboxOption[] }>()
  const timer = React.useRef<ReturnType<typeof setTimeout>>()
  // True from a keystroke until its request starts, so "no city" is not shown in between.
  const [waiting, setWaiting] = React.useState(false)
  React.useEffect(() => () => clearTimeout(timer.current), [])
  const search = (q: string) => {
    clearTimeout(timer.current)
    if (!stateId) return
    setWaiting(true)
    // Wait for a pause in typing: one request per word, not per key.
    timer.current = setTimeout(() => {
      setWaiting(false)
      fetcher.load(`/agency/policies/cities?${new URLSearchParams({ state_id: stateId, q })}`)
    }, 150)
  }
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="city_name">City</Label>
      <Combobox
        id="city_name"
        name="city_name"
        defaultValue={defaultValue}
        placeholder={stateId ? 'Type to search the cities' : 'Choose a state first'}
        options={stateId ? (fetcher.data?.cities ?? NO_CITIES) : NO_CITIES}
        loading={waiting || fetcher.state !== 'idle'}
        emptyMessage={stateId ? 'No city of this state starts with that' : 'Choose a state first'}
        onSearch={search}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? 'city_name-error' : undefined}
      />
      <div className="min-h-[1.25rem]">
        <ErrorList id="city_name-error" errors={errors} />
      </div>
    </div>
  )
}

/**
 * The student's address in Australia, shown only while its box is ticked: CSS (`:has`) hides
 * the fields, so this works before and without JavaScript too; the action drops whatever they
 * hold when the box is not ticked.
 */
export function AustralianAddressFields({
  values,
  errors,
  states,
}: {
  values: StepValues
  errors: StepErrors
  states: SelectOption[]
}) {
  const savedState = valueAt(values, 'state_id')
  const [stateId, setStateId] = React.useState(savedState)
  return (
    <fieldset className="group space-y-3 rounded-md border p-4">
      <legend className="px-1 font-semibold">Address in Australia</legend>
      {/* The only checkbox of this fieldset: the CSS below keys on it. */}
      <StepCheckbox
        name="has_australian_address"
        label="The student has an Australian address"
        values={values}
        errors={errors}
      />
      <div className="grid gap-4 group-has-[input[type=checkbox]:not(:checked)]:hidden sm:grid-cols-2">
        <StepField name="street_address_1" label="Street address" values={values} errors={errors} />
        <StepField
          name="street_address_2"
          label="Street address line 2 (optional)"
          values={values}
          errors={errors}
        />
        <SelectField
          labelProps={{ children: 'State' }}
          selectProps={{
            id: 'state_id',
            name: 'state_id',
            defaultValue: savedState,
            onChange: (e) => setStateId(e.currentTarget.value),
          }}
          placeholder="Choose a state"
          options={states}
          errors={errors('state_id')}
        />
        {/* A new state starts an empty city box: a city belongs to one state. */}
        <CityCombobox
          key={stateId}
          stateId={stateId}
          defaultValue={stateId === savedState ? valueAt(values, 'city_name') : ''}
          errors={errors('city_id') ?? errors('city_name')}
        />
        <StepField name="post_code" label="Post code" values={values} errors={errors} />
      </div>
    </fieldset>
  )
}
