import { ConfirmSubmit } from '../confirm-submit'
import { ConformForm, ErrorList, useConformForm, useResultFor, type FormSchema } from '../forms'
import { Input } from '../ui/input'
import { Label } from '../ui/label'

/**
 * Approve or reject one requested record (a top-up, a BNPL settlement) with a reason: the row's
 * own form, Conform over the action's schema (its intent and `reason`), each button confirmed,
 * the refusal shown under the buttons.
 */
export function ApproveRejectForm(props: {
  schema: FormSchema
  formId: string
  /** What is decided, as people read it: `top-up`, `settlement`. */
  noun: string
  id: number
  agency: string
  intents: { approve: string; reject: string }
  /** The reason field's element id (the journeys and labels name it). */
  reasonId: string
  describe: { approve: string; reject: string }
}) {
  const { noun, id, agency, intents, reasonId } = props
  const result = useResultFor(intents.approve, intents.reject)
  const [form, fields] = useConformForm(props.schema, { id: props.formId, lastResult: result ?? null })
  const errorId = `${reasonId}-error`
  return (
    <ConformForm form={form} className="min-w-[16rem] space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <ConfirmSubmit
          size="sm"
          variant="default"
          name="intent"
          value={intents.approve}
          title={`Approve ${noun} #${id} of ${agency}?`}
          description={props.describe.approve}
          confirmLabel={`Approve ${noun}`}
        >
          Approve
          <span className="sr-only">
            {' '}
            {noun} #{id}
          </span>
        </ConfirmSubmit>
        <Label htmlFor={reasonId} className="sr-only">
          Reason for rejecting {noun} #{id}
        </Label>
        <Input
          id={reasonId}
          name={fields.reason.name}
          placeholder="Reason"
          className="h-8 w-40"
          aria-invalid={fields.reason.errors ? true : undefined}
          aria-describedby={fields.reason.errors ? errorId : undefined}
        />
        <ConfirmSubmit
          size="sm"
          name="intent"
          value={intents.reject}
          title={`Reject ${noun} #${id} of ${agency}?`}
          description={props.describe.reject}
          confirmLabel={`Reject ${noun}`}
        >
          Reject
          <span className="sr-only">
            {' '}
            {noun} #{id}
          </span>
        </ConfirmSubmit>
      </div>
      <ErrorList id={errorId} errors={[...(form.errors ?? []), ...(fields.reason.errors ?? [])]} />
    </ConformForm>
  )
}
