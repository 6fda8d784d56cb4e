import { formatMoney } from '../../../utils/misc'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'

/**
 * Approve or reject a paid clawback (inside the list's form), keyed by its policy. A clawback the
 * agency nets against its next payout waits for that payout, not for a decision here.
 */
export function ClawbackDecision({
  c,
}: {
  c: {
    policy_id: number
    policy_ref: string
    agency: string
    outstanding_amount: number
    status: string
    clawback_method: string | null
    method_label: string | null
    rejection_reason: string | null
  }
}) {
  if (c.status !== 'REQUESTED') return <>{c.rejection_reason ?? '—'}</>
  const amount = formatMoney(c.outstanding_amount)
  const byPayout = c.clawback_method === 'COMMISSION'
  return (
    <div className="flex min-w-[16rem] flex-wrap items-center gap-2">
      {byPayout ? (
        <span className="text-sm text-muted-foreground">Settled by the next commission payout</span>
      ) : (
        <ConfirmSubmit
          size="sm"
          variant="default"
          name="intent"
          value={`approve-clawback:${c.policy_id}`}
          title={`Approve the clawback payment on policy ${c.policy_ref}?`}
          description={`${amount} from ${c.agency} (${c.method_label ?? 'payment'}) settles the clawback.`}
          confirmLabel="Approve clawback"
        >
          Approve<span className="sr-only"> clawback on {c.policy_ref}</span>
        </ConfirmSubmit>
      )}
      <Label htmlFor={`reason_${c.policy_id}`} className="sr-only">
        Reason for rejecting the clawback payment on {c.policy_ref}
      </Label>
      <Input
        id={`reason_${c.policy_id}`}
        name={`reason_${c.policy_id}`}
        placeholder="Reason"
        className="h-8 w-40"
      />
      <ConfirmSubmit
        size="sm"
        name="intent"
        value={`reject-clawback:${c.policy_id}`}
        title={`Reject the clawback payment on policy ${c.policy_ref}?`}
        description={`${amount} is not accepted${c.clawback_method === 'AGENCY_BALANCE' ? ' and goes back to the balance' : ''}; ${c.agency} reads the reason and pays again.`}
        confirmLabel="Reject payment"
      >
        Reject<span className="sr-only"> clawback on {c.policy_ref}</span>
      </ConfirmSubmit>
    </div>
  )
}
