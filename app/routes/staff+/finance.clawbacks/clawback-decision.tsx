import { formatMoney } from '../../../utils/misc'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import {
  ConformForm,
  ErrorList,
  useConformForm,
  useResultFor,
  type FormSchema,
} from '../../../components/forms'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'

type Clawback = {
  policy_id: number
  policy_ref: string
  agency: string
  outstanding_amount: number
  status: string
  clawback_method: string | null
  method_label: string | null
  rejection_reason: string | null
}

/**
 * Approve or reject a paid clawback, keyed by its policy: the row's own form, Conform over the
 * action's schema (passed by the route), showing its refusal under the buttons. A clawback the
 * agency nets against its next payout waits for that payout, not for a decision here.
 */
export function ClawbackDecision({ c, schema }: { c: Clawback; schema: FormSchema }) {
  if (c.status !== 'REQUESTED') return <>{c.rejection_reason ?? '—'}</>
  return <ClawbackDecisionForm c={c} schema={schema} />
}

function ClawbackDecisionForm({ c, schema }: { c: Clawback; schema: FormSchema }) {
  const approve = `approve-clawback:${c.policy_id}`
  const reject = `reject-clawback:${c.policy_id}`
  const result = useResultFor(approve, reject)
  const [form, fields] = useConformForm(schema, { id: `clawback-${c.policy_id}`, lastResult: result ?? null })
  const amount = formatMoney(c.outstanding_amount)
  const byPayout = c.clawback_method === 'COMMISSION'
  const reasonId = `reason_${c.policy_id}`
  const errorId = `${reasonId}-error`
  const reasonErrors = fields.rejection_reason.errors
  return (
    <ConformForm form={form} className="min-w-[16rem] space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        {byPayout ? (
          <span className="text-sm text-muted-foreground">Settled by the next commission payout</span>
        ) : (
          <ConfirmSubmit
            size="sm"
            variant="default"
            name="intent"
            value={approve}
            title={`Approve the clawback payment on policy ${c.policy_ref}?`}
            description={`${amount} from ${c.agency} (${c.method_label ?? 'payment'}) settles the clawback.`}
            confirmLabel="Approve clawback"
          >
            Approve<span className="sr-only"> clawback on {c.policy_ref}</span>
          </ConfirmSubmit>
        )}
        <Label htmlFor={reasonId} className="sr-only">
          Reason for rejecting the clawback payment on {c.policy_ref}
        </Label>
        <Input
          id={reasonId}
          name={fields.rejection_reason.name}
          placeholder="Reason"
          className="h-8 w-40"
          aria-invalid={reasonErrors ? true : undefined}
          aria-describedby={reasonErrors ? errorId : undefined}
        />
        <ConfirmSubmit
          size="sm"
          name="intent"
          value={reject}
          title={`Reject the clawback payment on policy ${c.policy_ref}?`}
          description={`${amount} is not accepted${c.clawback_method === 'AGENCY_BALANCE' ? ' and goes back to the balance' : ''}; ${c.agency} reads the reason and pays again.`}
          confirmLabel="Reject payment"
        >
          Reject<span className="sr-only"> clawback on {c.policy_ref}</span>
        </ConfirmSubmit>
      </div>
      <ErrorList id={errorId} errors={[...(form.errors ?? []), ...(reasonErrors ?? [])]} />
    </ConformForm>
  )
}
