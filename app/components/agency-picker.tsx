import * as React from 'react'
import { useFetcher } from '@remix-run/react'
import { Combobox, type ComboboxOption } from './ui/combobox'

type AgencyOption = { id: number; name: string }

/**
 * An agency chosen by typing part of its name (GET /staff/agencies/options): a network of
 * hundreds of agencies is too many for a list. The chosen id is submitted under `name`; the text
 * box itself is not submitted, so without JavaScript the current choice is kept.
 */
export function AgencyPicker({
  id,
  name,
  selected,
  placeholder = 'Any agency: type a name',
}: {
  id: string
  name: string
  selected: AgencyOption | null
  placeholder?: string
}) {
  const fetcher = useFetcher<{ agencies: AgencyOption[] }>()
  const [chosen, setChosen] = React.useState<AgencyOption | null>(selected)
  const timer = React.useRef<ReturnType<typeof setTimeout>>()
  React.useEffect(() => () => clearTimeout(timer.current), [])
  const found = fetcher.data?.agencies ?? []
  const options: ComboboxOption[] = found.map((a) => ({ value: a.name, label: a.name }))
  return (
    <>
      <Combobox
        id={id}
        defaultValue={selected?.name ?? ''}
        placeholder={placeholder}
        options={options}
        loading={fetcher.state !== 'idle'}
        emptyMessage="No agency matches"
        onSearch={(q) => {
          if (q !== chosen?.name) setChosen(null)
          clearTimeout(timer.current)
          timer.current = setTimeout(
            () => fetcher.load(`/staff/agencies/options?${new URLSearchParams({ q })}`),
            150,
          )
        }}
        onChoose={(o) => setChosen(found.find((a) => a.name === o.value) ?? null)}
      />
      <input type="hidden" name={name} value={chosen?.id ?? ''} />
    </>
  )
}
