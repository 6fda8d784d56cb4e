import { formatMoney } from '../../../utils/misc'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import { ConformForm, ErrorList, useConformForm, useResultFor } from '../../../components/forms'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { TopupDecisionSchema } from './topup-decision.schemas'

/**
 * Approve or reject a requested top-up: the row's own form, Conform over the action's schema,
 * showing its refusal under the buttons; a decided one shows its reason.
 */
export function TopupDecision({
  t,
}: {
  t: { id: number; agency: string; amount: number; status: string; rejection_reason: string | null }
}) {
  if (t.status !== 'REQUESTED') return <>{t.rejection_reason ?? '—'}</>
  return <TopupDecisionForm t={t} />
}

function TopupDecisionForm({ t }: { t: { id: number; agency: string; amount: number } }) {
  const result = useResultFor(`approve-topup:${t.id}`, `reject-topup:${t.id}`)
  const [form, fields] = useConformForm(TopupDecisionSchema, {
    id: `topup-${t.id}`,
    lastResult: result ?? null,
  })
  const amount = formatMoney(t.amount)
  const reasonId = `reason_${t.id}`
  const errorId = `${reasonId}-error`
  return (
    <ConformForm form={form} className="min-w-[16rem] space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <ConfirmSubmit
          size="sm"
          variant="default"
          name="intent"
          value={`approve-topup:${t.id}`}
          title={`Approve top-up #${t.id} of ${t.agency}?`}
          description={`${amount} is credited to the balance of ${t.agency}.`}
          confirmLabel="Approve top-up"
        >
          Approve<span className="sr-only"> top-up #{t.id}</span>
        </ConfirmSubmit>
        <Label htmlFor={reasonId} className="sr-only">
          Reason for rejecting top-up #{t.id}
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
          value={`reject-topup:${t.id}`}
          title={`Reject top-up #${t.id} of ${t.agency}?`}
          description={`${amount} is not credited; ${t.agency} reads the reason.`}
          confirmLabel="Reject top-up"
        >
          Reject<span className="sr-only"> top-up #{t.id}</span>
        </ConfirmSubmit>
      </div>
      <ErrorList id={errorId} errors={[...(form.errors ?? []), ...(fields.reason.errors ?? [])]} />
    </ConformForm>
  )
}
