import { formatMoney } from '../../../utils/misc'
import { ApproveRejectForm } from '../../../components/finance/approve-reject-form'
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
  const amount = formatMoney(t.amount)
  return (
    <ApproveRejectForm
      schema={TopupDecisionSchema}
      formId={`topup-${t.id}`}
      noun="top-up"
      id={t.id}
      agency={t.agency}
      intents={{ approve: `approve-topup:${t.id}`, reject: `reject-topup:${t.id}` }}
      reasonId={`reason_${t.id}`}
      describe={{
        approve: `${amount} is credited to the balance of ${t.agency}.`,
        reject: `${amount} is not credited; ${t.agency} reads the reason.`,
      }}
    />
  )
}
