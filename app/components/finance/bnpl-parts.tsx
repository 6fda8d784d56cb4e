import { Link } from '@remix-run/react'
import { StatusBadge } from '../status-badge'
import { Timeline } from '../timeline'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card'
import { formatDate, formatDateTime, formatMoney } from '../../utils/misc'
import { labelOf, PAYMENT_METHOD_LABELS } from '../../utils/labels'
import { ApproveRejectForm } from './approve-reject-form'
import { BnplDecisionSchema } from './bnpl-decision.schemas'

export type BnplDetail = {
  id: number
  status: string
  payment_type: string
  total_amount: number
  rejection_reason: string | null
  invoice_id: number | null
  bank_document: string | null
  bank_document_url: string | null
  created_at: string | Date
  agency: { id: number; name: string }
  policies: {
    policy_id: number
    ref: string
    student: string
    amount: number
    payment_status: string
    settlement_deadline: string | Date
  }[]
}

export type BnplHistoryRow = {
  id: number
  action: string
  actor: string
  note: string | null
  created_at: string | Date
}

/**
 * Approve or reject a REQUESTED settlement: its own form, Conform over the staff action's schema,
 * showing its refusal under the buttons; decided ones show nothing. `place` tells apart the forms
 * of one settlement shown twice on a page (its row and its opened detail).
 */
export function BnplDecision({
  r,
  place = 'row',
}: {
  r: { id: number; status: string; total_amount: number; agency: string }
  place?: string
}) {
  if (r.status !== 'REQUESTED') return null
  return <BnplDecisionForm r={r} place={place} />
}

function BnplDecisionForm({
  r,
  place,
}: {
  r: { id: number; total_amount: number; agency: string }
  place: string
}) {
  const amount = formatMoney(r.total_amount)
  return (
    <ApproveRejectForm
      schema={BnplDecisionSchema}
      formId={`bnpl-${place}-${r.id}`}
      noun="settlement"
      id={r.id}
      agency={r.agency}
      intents={{ approve: `approve:${r.id}`, reject: `reject:${r.id}` }}
      reasonId={`reason_${place === 'row' ? '' : `${place}_`}${r.id}`}
      describe={{
        approve: `${amount} is recorded as paid and restored to the buy now, pay later allowance of ${r.agency}.`,
        reject: `${amount} stays owed; ${r.agency} reads the reason and may settle again.`,
      }}
    />
  )
}

/** One settlement request: its policies, document, invoice and timeline. */
export function BnplRequestDetail({
  d,
  history,
  invoiceBase,
  policyBase,
  decide,
}: {
  d: BnplDetail
  history: BnplHistoryRow[]
  invoiceBase: string
  /** This portal's policy pages: the settlement's policies link to them. */
  policyBase: '/staff/policies' | '/agency/policies'
  decide?: boolean
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">
          Settlement #{d.id} · {d.agency.name}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <StatusBadge kind="request" status={d.status} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="font-semibold">{formatMoney(d.total_amount)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Paid by</dt>
            <dd>{labelOf(PAYMENT_METHOD_LABELS, d.payment_type)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Sent</dt>
            <dd>{formatDateTime(d.created_at)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Bank document</dt>
            <dd>
              {d.bank_document_url ? (
                <a href={d.bank_document_url} className="text-primary underline">
                  Open the document
                </a>
              ) : (
                'None'
              )}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Invoice</dt>
            <dd>
              {d.invoice_id ? (
                <Link to={`${invoiceBase}/${d.invoice_id}`} className="text-primary underline">
                  #{d.invoice_id}
                </Link>
              ) : (
                '—'
              )}
            </dd>
          </div>
          {d.rejection_reason ? (
            <div className="sm:col-span-2">
              <dt className="text-muted-foreground">Rejection reason</dt>
              <dd>{d.rejection_reason}</dd>
            </div>
          ) : null}
        </dl>
        <table className="w-full text-sm">
          <caption className="sr-only">Policies of settlement #{d.id}</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1">Policy</th>
              <th>Student</th>
              <th>Deadline</th>
              <th>Premium status</th>
              <th className="text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {d.policies.map((p) => (
              <tr key={p.policy_id} className="border-t">
                <td className="py-1">
                  <Link to={`${policyBase}/${p.policy_id}`} className="text-primary underline">
                    {p.ref}
                  </Link>
                </td>
                <td>{p.student}</td>
                <td>{formatDate(p.settlement_deadline)}</td>
                <td>
                  <StatusBadge kind="payment" status={p.payment_status} />
                </td>
                <td className="text-right">{formatMoney(p.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {decide && d.status === 'REQUESTED' ? (
          <BnplDecision
            r={{ id: d.id, status: d.status, total_amount: d.total_amount, agency: d.agency.name }}
            place="detail"
          />
        ) : null}
        <div>
          <h4 className="mb-2 text-sm font-semibold">History</h4>
          <Timeline
            items={history.map((h) => ({
              id: String(h.id),
              title: h.action.charAt(0) + h.action.slice(1).toLowerCase(),
              at: h.created_at,
              actor: h.actor,
              note: h.note,
            }))}
          />
        </div>
      </CardContent>
    </Card>
  )
}
