// The fields of the house's forms (forms.tsx): a label, the control, its description and its
// errors, with `aria-invalid` and `aria-describedby` wired as Conform's get*Props expect.
import * as React from 'react'

import { cn } from '../utils/cn'
import { Input } from './ui/input'
import { Label } from './ui/label'
import { Select } from './ui/select'
import { Textarea } from './ui/textarea'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

type LabelProps = React.LabelHTMLAttributes<HTMLLabelElement>

/** Conform's get*Props include a `key` (used to remount on form reset); it must not be spread into JSX. */
type WithKey = { key?: React.Key | null }

function splitKey<T extends object>(props: T): { key: React.Key | undefined; rest: T } {
  const { key, ...rest } = props as T & WithKey
  return { key: key ?? undefined, rest: rest as T }
}

/** Error messages for a field; `id` is what the control's aria-describedby points at. */
export function ErrorList({
  id,
  errors,
  className,
}: {
  id?: string
  errors?: ListOfErrors
  className?: string
}) {
  const errorsToRender = errors?.filter((e): e is string => Boolean(e))
  if (!errorsToRender?.length) return null
  return (
    <ul id={id} role="none" className={cn('flex flex-col gap-1', className)}>
      {errorsToRender.map((e, i) => (
        <li key={`${i}-${e}`} className="text-sm text-destructive">
          {e}
        </li>
      ))}
    </ul>
  )
}

function hasErrors(errors: ListOfErrors): boolean {
  return Boolean(errors?.some(Boolean))
}

/**
 * Builds id / aria-invalid / aria-describedby for a control. Conform's get*Props already point
 * aria-describedby at `${id}-error`; we keep that convention, drop it when no error list is rendered
 * (dangling idrefs upset axe) and add the description id.
 */
function useFieldA11y({
  id: providedId,
  errors,
  describedBy,
  hasDescription,
}: {
  id: string | undefined
  errors: ListOfErrors
  describedBy: string | undefined
  hasDescription: boolean
}) {
  const fallbackId = React.useId()
  const id = providedId ?? fallbackId
  const errorId = `${id}-error`
  const descriptionId = `${id}-description`
  const invalid = hasErrors(errors)
  const tokens = new Set((describedBy ?? '').split(/\s+/).filter(Boolean))
  if (invalid) tokens.add(errorId)
  else tokens.delete(errorId)
  if (hasDescription) tokens.add(descriptionId)
  else tokens.delete(descriptionId)
  return {
    id,
    errorId,
    descriptionId,
    invalid,
    controlProps: {
      id,
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': tokens.size ? Array.from(tokens).join(' ') : undefined,
    },
  }
}

function FieldDescription({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} className="text-sm text-muted-foreground">
      {children}
    </p>
  )
}

function FieldErrors({ id, errors }: { id: string; errors: ListOfErrors }) {
  return (
    <div className="min-h-[1.25rem]">
      <ErrorList id={id} errors={errors} />
    </div>
  )
}

export interface FieldProps {
  labelProps: LabelProps
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & WithKey
  errors?: ListOfErrors
  className?: string
  description?: React.ReactNode
}

export function Field({ labelProps, inputProps, errors, className, description }: FieldProps) {
  const a11y = useFieldA11y({
    id: inputProps.id,
    errors,
    describedBy: inputProps['aria-describedby'],
    hasDescription: Boolean(description),
  })
  const input = splitKey(inputProps)
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={a11y.id} {...labelProps} />
      <Input key={input.key} {...input.rest} {...a11y.controlProps} />
      {description ? <FieldDescription id={a11y.descriptionId}>{description}</FieldDescription> : null}
      <FieldErrors id={a11y.errorId} errors={errors} />
    </div>
  )
}

export interface TextareaFieldProps {
  labelProps: LabelProps
  textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement> & WithKey
  errors?: ListOfErrors
  className?: string
  description?: React.ReactNode
}

export function TextareaField({
  labelProps,
  textareaProps,
  errors,
  className,
  description,
}: TextareaFieldProps) {
  const a11y = useFieldA11y({
    id: textareaProps.id,
    errors,
    describedBy: textareaProps['aria-describedby'],
    hasDescription: Boolean(description),
  })
  const textarea = splitKey(textareaProps)
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={a11y.id} {...labelProps} />
      <Textarea key={textarea.key} {...textarea.rest} {...a11y.controlProps} />
      {description ? <FieldDescription id={a11y.descriptionId}>{description}</FieldDescription> : null}
      <FieldErrors id={a11y.errorId} errors={errors} />
    </div>
  )
}

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export interface SelectFieldProps {
  labelProps: LabelProps
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & WithKey
  options: SelectOption[]
  /** Renders a leading empty option (value="") with this text. */
  placeholder?: string
  errors?: ListOfErrors
  className?: string
  description?: React.ReactNode
}

/** Native <select>: works without JavaScript. */
export function SelectField({
  labelProps,
  selectProps,
  options,
  placeholder,
  errors,
  className,
  description,
}: SelectFieldProps) {
  const a11y = useFieldA11y({
    id: selectProps.id,
    errors,
    describedBy: selectProps['aria-describedby'],
    hasDescription: Boolean(description),
  })
  const select = splitKey(selectProps)
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={a11y.id} {...labelProps} />
      <Select key={select.key} {...select.rest} {...a11y.controlProps}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </Select>
      {description ? <FieldDescription id={a11y.descriptionId}>{description}</FieldDescription> : null}
      <FieldErrors id={a11y.errorId} errors={errors} />
    </div>
  )
}

type CheckboxInputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type?: 'checkbox'
} & WithKey

export interface CheckboxFieldProps {
  labelProps: LabelProps
  /** Props for the native checkbox (e.g. Conform's `getInputProps(field, { type: 'checkbox' })`). */
  inputProps?: CheckboxInputProps
  /** Alias of `inputProps` (Epic Stack naming). */
  buttonProps?: CheckboxInputProps
  errors?: ListOfErrors
  className?: string
  description?: React.ReactNode
}

/**
 * A native <input type="checkbox"> (posts `value`, default "on", without JavaScript) next to its label.
 */
export function CheckboxField({
  labelProps,
  inputProps,
  buttonProps,
  errors,
  className,
  description,
}: CheckboxFieldProps) {
  const props = inputProps ?? buttonProps ?? {}
  const a11y = useFieldA11y({
    id: props.id,
    errors,
    describedBy: props['aria-describedby'],
    hasDescription: Boolean(description),
  })
  const { key: inputKey, rest: checkboxProps } = splitKey(props)
  const { className: inputClassName, value, ...rest } = checkboxProps
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-start gap-2">
        <input
          key={inputKey}
          {...rest}
          {...a11y.controlProps}
          type="checkbox"
          value={value ?? 'on'}
          className={cn(
            'peer mt-0.5 h-4 w-4 shrink-0 cursor-pointer rounded-sm border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
            inputClassName,
          )}
        />
        <Label htmlFor={a11y.id} {...labelProps} className={cn('leading-5', labelProps.className)} />
      </div>
      {description ? <FieldDescription id={a11y.descriptionId}>{description}</FieldDescription> : null}
      <FieldErrors id={a11y.errorId} errors={errors} />
    </div>
  )
}
