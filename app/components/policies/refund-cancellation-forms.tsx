import { getInputProps, getSelectProps } from '@conform-to/react'
import type { RefundView } from '../../utils/refunds.server'
import { REFUND_METHOD_LABELS } from '../../utils/labels'
import { formatMoney, withReturnTo } from '../../utils/misc'
import { ConfirmSubmit } from '../confirm-submit'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
  type FormSchema,
} from '../forms'
import { Alert } from '../ui/alert'

/**
 * The cancellation beside a full refund (the staff refund section): the checklist, each step
 * ticked by its own button (policy_management), and the approval with the refund method and
 * date (finance). Conform over the refund page's schemas; they post to its action.
 */
export function CancellationForms({
  view,
  canFinance,
  canManage,
  forms,
  returnTo,
}: {
  view: RefundView
  canFinance: boolean
  canManage: boolean
  forms: { tick: FormSchema; approveCancellation: FormSchema }
  returnTo?: string
}) {
  const status = view.cancellation.status
  const action = withReturnTo(`/staff/policies/${view.policyId}/refund`, returnTo)
  return (
    <>
      {canManage && ['REQUESTED_FOR_CANCELLATION', 'READY_FOR_CANCELLATION'].includes(status) ? (
        <ChecklistForm view={view} action={action} schema={forms.tick} />
      ) : null}
      {canFinance && status === 'READY_FOR_CANCELLATION' ? (
        <ApproveCancellationForm view={view} action={action} schema={forms.approveCancellation} />
      ) : null}
    </>
  )
}

type FormProps = { view: RefundView; action: string; schema: FormSchema }

function ChecklistForm({ view, action, schema }: FormProps) {
  const [form] = useConformForm(schema, { intent: 'tick' })
  return (
    <ConformForm form={form} intent="tick" action={action} className="space-y-2">
      <h4 className="text-sm font-medium">Cancellation checklist</h4>
      <ul className="space-y-2 text-sm">
        {view.cancellation.steps.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-2">
            <span>{s.name}</span>
            {s.done ? (
              <span className="text-success">Done</span>
            ) : (
              <SubmitButton size="sm" variant="outline" name="step_id" value={String(s.id)}>
                Mark done
              </SubmitButton>
            )}
          </li>
        ))}
      </ul>
      <ErrorList id={form.errorId} errors={form.errors} />
    </ConformForm>
  )
}

function ApproveCancellationForm({ view, action, schema }: FormProps) {
  const net = view.refund?.net
  const [form, fields] = useConformForm(schema, { intent: 'approve-cancellation' })
  return (
    <ConformForm form={form} intent="approve-cancellation" action={action} className="space-y-3">
      <h4 className="text-sm font-medium">Approve the cancellation</h4>
      {view.cancellation.pending ? (
        <Alert variant="warning">A payment of this policy waits for verification: verify it first.</Alert>
      ) : null}
      <SelectField
        labelProps={{ children: 'Refund method' }}
        selectProps={getSelectProps(fields.refund_method)}
        placeholder="Choose a refund method"
        options={Object.entries(REFUND_METHOD_LABELS).map(([value, label]) => ({ value, label }))}
        errors={fields.refund_method.errors}
      />
      <Field
        labelProps={{ children: 'Cancelled from' }}
        inputProps={getInputProps(fields.policy_cancellation_date, { type: 'date' })}
        errors={fields.policy_cancellation_date.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <ConfirmSubmit
        variant="default"
        size="sm"
        title={`Approve the cancellation of ${view.ref}?`}
        description={
          net !== null && net !== undefined
            ? `The policy is cancelled from the date given; its refund is ${formatMoney(net)}.`
            : 'The policy is cancelled from the date given.'
        }
        confirmLabel="Approve cancellation"
      >
        Approve cancellation
      </ConfirmSubmit>
    </ConformForm>
  )
}

/** The cancellation steps not done yet (the cancellation is its own track beside the refund). */
export function openCancellationSteps(view: RefundView): string[] {
  const open = ['REQUESTED_FOR_CANCELLATION', 'READY_FOR_CANCELLATION'].includes(view.cancellation.status)
  return open ? view.cancellation.steps.filter((s) => !s.done).map((s) => s.name) : []
}

/** What the refund's approval leaves open: the cancellation steps, or its approval. */
export function cancellationLeftOpen(view: RefundView): string | null {
  const status = view.cancellation.status
  if (!['REQUESTED_FOR_CANCELLATION', 'READY_FOR_CANCELLATION'].includes(status)) return null
  const steps = openCancellationSteps(view)
  return steps.length
    ? `The cancellation is a separate track and stays open: ${steps.length} of ${view.cancellation.steps.length} cancellation steps are not done (${steps.join('; ')}).`
    : 'The cancellation is a separate track: its steps are done and it still waits for finance to approve it.'
}

/**
 * The next work on a policy whose refund is approved or paid while its cancellation is still
 * open: the refund does not wait for the cancellation (ADR 0009), so the page says what is left.
 */
export function CancellationNextWork({ view }: { view: RefundView }) {
  const left = cancellationLeftOpen(view)
  if (!left || !['APPROVED', 'COMPLETED'].includes(view.refund?.status ?? '')) return null
  const steps = openCancellationSteps(view)
  return (
    <Alert variant="warning" role="region" aria-label="Next work: the cancellation">
      <p className="font-medium">Next: finish the cancellation of {view.ref}</p>
      <p>{left}</p>
      {steps.length ? (
        <ul aria-label="Open cancellation steps" className="mt-1 list-disc pl-5">
          {steps.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  )
}
