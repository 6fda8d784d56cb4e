// A select of a long list (the countries) that is searched by typing. Before JavaScript it is the
// native select; once hydrated, a combobox (ui/combobox.tsx) whose text names the option: a hidden
// input posts that option's value under the field's name, as the select did, so the form and its
// action are the same either way. An unknown name posts nothing (the field's own refusal).
import * as React from 'react'
import { ErrorList, SelectField, type SelectOption } from './forms'
import { Combobox, type ComboboxOption } from './ui/combobox'
import { Label } from './ui/label'

type Props = {
  id: string
  name: string
  label: string
  options: SelectOption[]
  /** The chosen option's value. */
  defaultValue: string
  errors: string[] | undefined
  placeholder?: string
  required?: boolean
}

/** Options whose name starts with the text first, then those that contain it. */
function matching(options: SelectOption[], text: string): ComboboxOption[] {
  const t = text.trim().toLowerCase()
  const starts = options.filter((o) => o.label.toLowerCase().startsWith(t))
  const contains = t
    ? options.filter((o) => !o.label.toLowerCase().startsWith(t) && o.label.toLowerCase().includes(t))
    : []
  return [...starts, ...contains].slice(0, 50).map((o) => ({ value: o.label, label: o.label }))
}

export function SearchableSelect({
  id,
  name,
  label,
  options,
  defaultValue,
  errors,
  placeholder,
  required,
}: Props) {
  const [hydrated, setHydrated] = React.useState(false)
  React.useEffect(() => setHydrated(true), [])
  const initial = options.find((o) => o.value === defaultValue)?.label ?? ''
  const [text, setText] = React.useState(initial)
  const [shown, setShown] = React.useState<ComboboxOption[]>([])
  if (!hydrated)
    return (
      <SelectField
        labelProps={{ children: label }}
        selectProps={{ id, name, required, defaultValue }}
        placeholder={placeholder}
        options={options}
        errors={errors}
      />
    )
  const t = text.trim().toLowerCase()
  const chosen = options.find((o) => o.label.toLowerCase() === t)?.value ?? ''
  const errorId = `${id}-error`
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Combobox
        id={id}
        defaultValue={initial}
        placeholder="Type to search"
        options={shown}
        emptyMessage="None of that name"
        onSearch={(q) => {
          setText(q)
          setShown(matching(options, q))
        }}
        onChoose={(o) => setText(o.value)}
        aria-required={required || undefined}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      />
      <input type="hidden" name={name} value={chosen} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
