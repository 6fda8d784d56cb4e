import { getSelectProps, getTextareaProps } from '@conform-to/react'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import {
  ConformForm,
  ErrorList,
  SelectField,
  TextareaField,
  useConformForm,
  type FormSchema,
} from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { labelOf, PAYOUT_PAYMENT_TYPE_LABELS, TASK_KIND_LABELS } from '../../../utils/labels'
import { formatCents } from '../../../utils/misc'

/** What approving does, per kind, in the words of the confirmation. */
const APPROVES: Record<string, string> = {
  policy_payment: 'The bank payment is verified: the policy is paid and its certificate can be issued.',
  topup: "The top-up is credited to the agency's balance.",
  payout: 'The payout is credited to the agency balance or set against its open clawbacks.',
  bnpl: "The settlement is verified and the agency's buy now, pay later credit is given back.",
}

/**
 * The decision of a finance task in its view: Approve, Approve and next (the next task of the
 * queue opens after it), Reject with a reason. Each asks first, with the amount.
 */
export function TaskDecision({
  schema,
  task,
}: {
  schema: FormSchema
  task: { kind: string; subject: string; amount: number | null }
}) {
  const [approve, a] = useConformForm(schema, {
    intent: 'decide',
    id: 'approve-task',
    defaultValue: { payment_type: 'AGENCY_BALANCE' },
  })
  const [reject, r] = useConformForm(schema, { intent: 'decide', id: 'reject-task' })
  const what = `the ${labelOf(TASK_KIND_LABELS, task.kind).toLowerCase()}${task.amount === null ? '' : ` of ${formatCents(task.amount)}`}`
  const approves = APPROVES[task.kind] ?? ''
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Decision</CardTitle>
        <CardDescription>{approves}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <ConformForm form={approve} intent="decide" className="space-y-4">
          {task.kind === 'payout' ? (
            <SelectField
              labelProps={{ children: 'Payment method' }}
              selectProps={getSelectProps(a.payment_type)}
              options={(['AGENCY_BALANCE', 'SETTLED_WITH_CLAWBACK'] as const).map((t) => ({
                value: t,
                label: PAYOUT_PAYMENT_TYPE_LABELS[t],
              }))}
              errors={a.payment_type.errors}
            />
          ) : null}
          <ErrorList id={approve.errorId} errors={approve.errors} />
          <div className="flex flex-wrap gap-2">
            <ConfirmSubmit
              variant="default"
              name="decision"
              value="approve-next"
              title={`Approve ${what}?`}
              description={`${task.subject}. ${approves} The next task of this queue opens after it (the inbox when none is left).`}
              confirmLabel="Approve and next"
            >
              Approve and next
            </ConfirmSubmit>
            <ConfirmSubmit
              variant="outline"
              name="decision"
              value="approve"
              title={`Approve ${what}?`}
              description={`${task.subject}. ${approves}`}
              confirmLabel="Approve"
            >
              Approve
            </ConfirmSubmit>
          </div>
        </ConformForm>
        <ConformForm form={reject} intent="decide" className="space-y-4">
          <input type="hidden" name="decision" value="reject" />
          <TextareaField
            labelProps={{ children: 'Reason (the agency reads it)' }}
            textareaProps={getTextareaProps(r.reason)}
            errors={r.reason.errors}
          />
          <ErrorList id={reject.errorId} errors={reject.errors} />
          <ConfirmSubmit
            title={`Reject ${what}?`}
            description={`${task.subject}. Nothing is credited; the agency reads the reason.`}
            confirmLabel="Reject"
          >
            Reject
          </ConfirmSubmit>
        </ConformForm>
      </CardContent>
    </Card>
  )
}
