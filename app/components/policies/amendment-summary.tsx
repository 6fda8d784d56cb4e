import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'
import { StatusBadge } from '../status-badge'
import { formatDate, formatMoney } from '../../utils/misc'

export type AmendmentSummaryView = {
  id: number
  status: string
  phase: string
  phase_label: string
  is_open: boolean
  prev_premium: number
  new_premium: number
  changed_premium: number
  payable_amount: number
  prev_commission: number
  new_commission: number
  payer: string | null
  invoice_id: number | null
  note: string | null
  certificate_state: string
  changes: { field: string; before: unknown; after: unknown }[]
  payments: {
    id: number
    status: string
    payment_method: string
    amount: number
    rejection_reason: string | null
    created_at: string | Date
  }[]
}

const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)

/** What an amendment changes and where it stands: premiums old and new, who pays, the changes and payments. */
export function AmendmentSummary({ a, side }: { a: AmendmentSummaryView; side: 'agency' | 'staff' }) {
  const owed =
    a.payer === 'AGENCY'
      ? `The agency pays ${formatMoney(a.payable_amount)}`
      : a.payer === 'OSHC'
        ? `The agency receives ${formatMoney(a.payable_amount)}`
        : 'No premium difference'
  return (
    <Card id="amendment">
      <CardHeader>
        <CardTitle as="h2">Amendment #{a.id}</CardTitle>
        <CardDescription>
          <StatusBadge status={a.phase} kind="request" label={a.phase_label} />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-2 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted-foreground">Current premium</dt>
            <dd>{formatMoney(a.prev_premium)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">New premium</dt>
            <dd>{formatMoney(a.new_premium)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Difference</dt>
            <dd>{owed}</dd>
          </div>
          {side === 'staff' ? (
            <div>
              <dt className="text-sm text-muted-foreground">Commission</dt>
              <dd>
                {formatMoney(a.prev_commission)} → {formatMoney(a.new_commission)}
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-sm text-muted-foreground">Certificate</dt>
            <dd>
              {a.certificate_state === 'CERTIFICATE_UPLOADED'
                ? 'Certificate uploaded'
                : 'Certificate upload pending'}
            </dd>
          </div>
          {a.note ? (
            <div>
              <dt className="text-sm text-muted-foreground">Note</dt>
              <dd>{a.note}</dd>
            </div>
          ) : null}
        </dl>
        {a.changes.length ? (
          <table className="w-full text-sm">
            <caption className="text-left font-medium">Changes</caption>
            <thead>
              <tr>
                <th className="text-left">Field</th>
                <th className="text-left">Before</th>
                <th className="text-left">After</th>
              </tr>
            </thead>
            <tbody>
              {a.changes.map((c) => (
                <tr key={c.field}>
                  <td>{c.field}</td>
                  <td>{show(c.before)}</td>
                  <td>{show(c.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {a.payments.length ? (
          <ul className="text-sm">
            {a.payments.map((p) => (
              <li key={p.id}>
                {formatDate(p.created_at)}: {p.payment_method} {formatMoney(p.amount)} — {p.status}
                {p.rejection_reason ? ` (${p.rejection_reason})` : ''}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  )
}
