import {
  getFormProps,
  useForm,
  type DefaultValue,
  type FormMetadata,
  type Submission,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useFormAction, useNavigation } from '@remix-run/react'
import { Loader2 } from 'lucide-react'
import { useRef } from 'react'
import type * as React from 'react'
import { z } from 'zod'

import { STEP_UP_FIELD } from '../utils/step-up'
import { withHumanMessages } from './form-messages'
import { StepUpPrompt } from './step-up'

import { Button, type ButtonProps } from './ui/button'

export {
  CheckboxField,
  ErrorList,
  Field,
  SelectField,
  TextareaField,
  type CheckboxFieldProps,
  type FieldProps,
  type ListOfErrors,
  type SelectFieldProps,
  type SelectOption,
  type TextareaFieldProps,
} from './form-fields'

/** A form action's answer to a refused or invalid form (submitForm): Conform's reply. */
export type FormResult = SubmissionResult<string[]>

/** The action's answer when it is a form's reply (a page's action may also answer other data). */
function useReply(): FormResult | undefined {
  const data = useActionData() as unknown
  return data && typeof data === 'object' && 'initialValue' in data ? (data as FormResult) : undefined
}

/**
 * On a page with several forms, the action's answer belongs to the form that posted `intent`
 * (the reply carries the posted fields, the intent among them).
 */
export function useResultFor(...intents: string[]): FormResult | undefined {
  const result = useReply()
  const intent = result?.initialValue?.intent
  return typeof intent === 'string' && intents.includes(intent) ? result : undefined
}

/** A form's schema: an object of fields (what Conform validates). */
export type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>

const ANYTHING = z.looseObject({})
const unchecked = (submitter: HTMLElement | null) =>
  (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
  submitter.formNoValidate

/**
 * The one form of the house (CONVENTIONS 5): Conform over the form's zod schema, the same one
 * the action's submitForm parses with. The browser checks it on submit, then as the person
 * types; a refusal comes back from the server as the form's last result. On a page with several
 * forms, `intent` names this one: the reply it takes and, by default, its id (render it with
 * `<ConformForm form intent>`). A form of one button still has its (tiny) schema. Default values
 * may be nested (lists of fieldsets): name their shape as `T` to read the nested fields.
 */
export function useConformForm<T extends Record<string, unknown> = Record<string, unknown>>(
  schema: FormSchema,
  options: {
    intent?: string
    id?: string
    defaultValue?: DefaultValue<NoInfer<T>>
    /** This form's reply when the page tells its forms apart by more than the intent. */
    lastResult?: FormResult | null
  } = {},
) {
  const any = useReply()
  const mine = useResultFor(options.intent ?? '')
  return useForm<T>({
    id: options.id ?? options.intent,
    lastResult: options.lastResult !== undefined ? options.lastResult : options.intent ? mine : any,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    // A button marked formNoValidate sends the form unchecked (the action still checks it).
    // Messages worded for the page from the fields' labels (form-messages.ts); the API keeps the
    // schema's wording.
    onValidate: ({ form, formData, submitter }) =>
      withHumanMessages(
        parseWithZod(formData, { schema: unchecked(submitter) ? ANYTHING : schema }) as Submission<T>,
        form,
        formData,
      ),
    shouldValidate: 'onSubmit',
    // After a refused submit the messages go as the person types, not when the field loses focus:
    // clearing them on blur moved the button under a pointer already pressing it, losing the click.
    shouldRevalidate: 'onInput',
  })
}

/** The form of useConformForm: posts to the page's action, with its `intent` as a hidden field. */
export function ConformForm<T extends Record<string, unknown>>({
  form,
  intent,
  children,
  className,
  encType,
  action,
}: {
  form: FormMetadata<T, string[]>
  intent?: string
  children: React.ReactNode
  className?: string
  encType?: 'multipart/form-data'
  /** Another route's action (default: this page's). */
  action?: string
}) {
  // The button that sent the form, to send it again the same way after a step-up.
  const submitter = useRef<HTMLElement | null>(null)
  const formProps = getFormProps(form)
  const stepUp = form.allErrors[STEP_UP_FIELD]?.[0]
  const sendAgain = () => {
    const el = document.getElementById(form.id)
    if (!(el instanceof HTMLFormElement)) return
    const button = submitter.current
    el.requestSubmit(button && el.contains(button) ? button : undefined)
  }
  return (
    <Form
      method="post"
      action={action}
      encType={encType}
      className={className}
      {...formProps}
      onSubmit={(event) => {
        submitter.current = (event.nativeEvent as SubmitEvent).submitter
        formProps.onSubmit(event)
      }}
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {children}
      {stepUp === 'code' || stepUp === 'enrol' ? (
        <StepUpPrompt kind={stepUp} onConfirmed={sendAgain} />
      ) : null}
    </Form>
  )
}

/** The messages of some fields of a result ('' is the form's own message). */
export function errorsOf(result: FormResult | undefined, ...names: string[]) {
  return names.flatMap((n) => result?.error?.[n] ?? [])
}

/**
 * The house's button form: a button (or a few) and hidden values, nothing a person types, posting
 * its `intent` (a hidden field) to the page's action or `action`. The action still parses it with
 * its schema; a form with fields is a ConformForm (ADR 0015).
 */
export function IntentForm({
  intent,
  children,
  className,
  encType,
  action,
}: {
  intent: string
  children: React.ReactNode
  className?: string
  encType?: 'multipart/form-data'
  /** Another route's action (default: this page's). */
  action?: string
}) {
  return (
    <Form method="post" action={action} encType={encType} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  )
}

/**
 * True while a form submission to `formAction` (default: the current route's action, same as an
 * action-less <Form>) is in flight. Always false without JavaScript.
 */
export function useIsPending({
  formAction,
  formMethod = 'POST',
  state = 'non-idle',
}: {
  formAction?: string
  formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE'
  state?: 'submitting' | 'loading' | 'non-idle'
} = {}): boolean {
  const contextualFormAction = useFormAction()
  const navigation = useNavigation()
  const isPendingState = state === 'non-idle' ? navigation.state !== 'idle' : navigation.state === state
  return (
    isPendingState &&
    navigation.formAction === (formAction ?? contextualFormAction) &&
    navigation.formMethod === formMethod
  )
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild' | 'value'> {
  children: React.ReactNode
  className?: string
  name?: string
  value?: string
  /** Form action this button submits to, if not the current route's (for pending detection). */
  formAction?: string
}

/**
 * Submit button that disables itself and shows a spinner while its form is submitting. When `name`
 * and `value` are given, only the button whose value was submitted shows the spinner.
 */
export function SubmitButton({
  children,
  className,
  name,
  value,
  formAction,
  disabled,
  ...props
}: SubmitButtonProps) {
  const navigation = useNavigation()
  const isPending = useIsPending({ formAction })
  const isThisButton =
    isPending && (name === undefined || value === undefined || navigation.formData?.get(name) === value)
  return (
    <Button
      type="submit"
      name={name}
      value={value}
      formAction={formAction}
      disabled={disabled || isPending}
      aria-busy={isThisButton ? true : undefined}
      className={className}
      {...props}
    >
      {isThisButton ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </Button>
  )
}
