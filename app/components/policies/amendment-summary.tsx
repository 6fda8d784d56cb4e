import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'
import { StatusBadge } from '../status-badge'
import { formatDate, formatMoney } from '../../utils/misc'
import {
  amendmentFieldLabel,
  labelOf,
  PAYMENT_METHOD_LABELS,
  POLICY_TYPE_LABELS,
  readable,
} from '../../utils/labels'

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

const nameOf = (v: unknown) => {
  const p = v as { first_name?: unknown; last_name?: unknown } | null
  return p && typeof p === 'object' ? [p.first_name, p.last_name].filter(Boolean).join(' ') || '—' : '—'
}

/** A changed value in words: dates as dates, yes or no, codes as labels, people by name. */
const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—'
  if (typeof v === 'boolean') return v ? 'Yes' : 'No'
  if (Array.isArray(v)) return v.length ? v.map(nameOf).join(', ') : 'None'
  if (typeof v === 'object') return nameOf(v)
  const text = String(v)
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDate(text)
  if (/^[A-Z][A-Z0-9_]*$/.test(text)) return labelOf(POLICY_TYPE_LABELS, text)
  return text
}

/** What an amendment changes and where it stands: premiums old and new, who pays, the changes and payments. */
export function AmendmentSummary({ a, side }: { a: AmendmentSummaryView; side: 'agency' | 'staff' }) {
  const owed =
    a.payer === 'AGENCY'
      ? `The agency pays ${formatMoney(a.payable_amount)}`
      : a.payer === 'OSHC'
        ? `The agency receives ${formatMoney(a.payable_amount)}`
        : 'No premium difference'
  return (
    <Card id={`amendment-${a.id}`}>
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
                  <td>{amendmentFieldLabel(c.field)}</td>
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
                {formatDate(p.created_at)}: {labelOf(PAYMENT_METHOD_LABELS, p.payment_method)}{' '}
                {formatMoney(p.amount)} — {readable(p.status).toLowerCase()}
                {p.rejection_reason ? ` (${p.rejection_reason})` : ''}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  )
}
