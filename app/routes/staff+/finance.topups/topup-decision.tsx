import { formatMoney } from '../../../utils/misc'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'

/** Approve or reject a requested top-up (inside the list's form); a decided one shows its reason. */
export function TopupDecision({
  t,
}: {
  t: { id: number; agency: string; amount: number; status: string; rejection_reason: string | null }
}) {
  if (t.status !== 'REQUESTED') return <>{t.rejection_reason ?? '—'}</>
  const amount = formatMoney(t.amount)
  return (
    <div className="flex min-w-[16rem] flex-wrap items-center gap-2">
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
      <Label htmlFor={`reason_${t.id}`} className="sr-only">
        Reason for rejecting top-up #{t.id}
      </Label>
      <Input id={`reason_${t.id}`} name={`reason_${t.id}`} placeholder="Reason" className="h-8 w-40" />
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
  )
}
