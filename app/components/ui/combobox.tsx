import * as React from 'react'

import { cn } from '../../utils/cn'
import { Input, type InputProps } from './input'

export type ComboboxOption = { value: string; label: string }

export type ComboboxProps = Omit<InputProps, 'id' | 'defaultValue' | 'value' | 'onChange' | 'type'> & {
  id: string
  /** Submitted under the input's `name`: the typed text, or the chosen option's value. */
  defaultValue?: string
  /** The options for the current text; the parent loads them when `onSearch` is called. */
  options: ComboboxOption[]
  /** Called with the text when the user types or opens the list. */
  onSearch: (text: string) => void
  loading?: boolean
  /** Shown in the open list when there is nothing to choose. */
  emptyMessage?: string
  onChoose?: (option: ComboboxOption) => void
}

/**
 * A text input with a list of suggestions (WAI-ARIA combobox with a listbox popup): arrow keys
 * move through the options, Enter chooses, Escape closes. It is a plain text input until
 * JavaScript runs, so a form using it still submits the typed text without JavaScript.
 */
export const Combobox = React.forwardRef<HTMLInputElement, ComboboxProps>(function Combobox(
  {
    id,
    defaultValue = '',
    options,
    onSearch,
    loading = false,
    emptyMessage = 'No matches',
    onChoose,
    className,
    onKeyDown,
    onBlur,
    ...inputProps
  },
  ref,
) {
  const listId = `${id}-listbox`
  const optionId = (i: number) => `${id}-option-${i}`
  const [text, setText] = React.useState(defaultValue)
  const [open, setOpen] = React.useState(false)
  const [active, setActive] = React.useState(-1)

  // New options (a new search) start with nothing highlighted.
  const optionsKey = options.map((o) => o.value).join('\n')
  React.useEffect(() => setActive(-1), [optionsKey])
  React.useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [active, id])

  function openWith(value: string) {
    setOpen(true)
    onSearch(value)
  }

  function choose(option: ComboboxOption) {
    setText(option.value)
    setOpen(false)
    setActive(-1)
    onChoose?.(option)
  }

  function handleKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(e)
    if (e.defaultPrevented) return
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault()
        if (!open) openWith(text)
        else setActive((i) => Math.min(i + 1, options.length - 1))
        break
      case 'ArrowUp':
        e.preventDefault()
        if (open) setActive((i) => Math.max(i - 1, 0))
        break
      case 'Enter':
        // Enter on a highlighted option chooses it; otherwise the form submits as usual.
        if (open && active >= 0 && options[active]) {
          e.preventDefault()
          choose(options[active])
        }
        break
      case 'Escape':
        if (open) {
          e.preventDefault()
          setOpen(false)
          setActive(-1)
        }
        break
    }
  }

  const expanded = open && (options.length > 0 || !loading)
  const status = !open
    ? ''
    : loading
      ? 'Searching…'
      : `${options.length} suggestion${options.length === 1 ? '' : 's'}`

  return (
    <div className="relative">
      <Input
        {...inputProps}
        ref={ref}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value)
          openWith(e.currentTarget.value)
        }}
        onKeyDown={handleKeyDown}
        onBlur={(e) => {
          setOpen(false)
          onBlur?.(e)
        }}
        className={className}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border bg-background p-1 text-sm text-foreground shadow-md"
      >
        {options.length ? (
          options.map((o, i) => (
            <li
              key={o.value}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Mouse down would blur the input (closing the list) before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(o)}
              onMouseMove={() => setActive(i)}
              className={cn(
                'cursor-pointer rounded-sm px-2 py-1.5',
                i === active ? 'bg-accent text-accent-foreground' : null,
              )}
            >
              {o.label}
            </li>
          ))
        ) : (
          <li
            role="option"
            aria-selected={false}
            aria-disabled="true"
            className="px-2 py-1.5 text-muted-foreground"
          >
            {emptyMessage}
          </li>
        )}
      </ul>
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
    </div>
  )
})
