import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { StatusBadge } from '../status-badge'
import { Timeline } from '../timeline'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card'
import {
  COMMISSION_STATUS_LABELS,
  INVOICE_STATUS_LABELS,
  labelOf,
  PAYOUT_ACTION_LABELS,
  PAYOUT_PAYMENT_TYPE_LABELS,
} from '../../utils/labels'
import { formatDateTime, formatMoney } from '../../utils/misc'
import { PolicyRefLink } from '../policies/policy-ref-link'

/** A payout as both portals' payout pages load it (getCommissionPayout, dates as ISO strings). */
export type PayoutSummaryData = {
  id: number
  status: string
  /** Dollars (presentPayout), so formatMoney. */
  commission_amount: number
  gst_rate: number
  gst_amount: number
  total_amount: number
  clawback_offset_amount: number | null
  payment_type: string | null
  receipt_id: string | null
  payment_date: string | null
  rejection_reason: string | null
  invoice: { id: number; status: string } | null
  lines: {
    id: number
    policy_id: number
    policy_ref: string
    customer_name: string | null
    commission_rate: string | number | null
    amount: number
    gst_amount: number
    total_amount: number
    commission_status: string
  }[]
}

/** Where a portal's pages are: a payout's lines and invoice link to the viewer's own portal. */
export type PortalBase = 'staff' | 'agency'

/**
 * The payout's figures, its invoice and its commission lines, shared by the staff and agency
 * payout pages: each link goes to the viewer's portal (`/staff/...` or `/agency/...`).
 */
export function PayoutSummary({ payout, portal }: { payout: PayoutSummaryData; portal: PortalBase }) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="flex items-center gap-3">
            Amount <StatusBadge kind="request" status={payout.status} />
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-4">
            <Fact label="Commission" value={formatMoney(payout.commission_amount)} />
            <Fact label={`GST (${payout.gst_rate.toFixed(2)}%)`} value={formatMoney(payout.gst_amount)} />
            <Fact label="Total" value={formatMoney(payout.total_amount)} />
            <Fact
              label="Invoice"
              value={
                payout.invoice ? (
                  <Link
                    to={`/${portal}/finance/invoices/${payout.invoice.id}`}
                    className="text-primary hover:underline"
                  >
                    #{payout.invoice.id} ({labelOf(INVOICE_STATUS_LABELS, payout.invoice.status)})
                  </Link>
                ) : (
                  '—'
                )
              }
            />
            {payout.payment_type ? (
              <Fact label="Paid by" value={labelOf(PAYOUT_PAYMENT_TYPE_LABELS, payout.payment_type)} />
            ) : null}
            {payout.receipt_id ? <Fact label="Receipt" value={payout.receipt_id} /> : null}
            {payout.payment_date ? (
              <Fact label="Paid on" value={formatDateTime(payout.payment_date)} />
            ) : null}
            {payout.clawback_offset_amount ? (
              <Fact label="Set against clawbacks" value={formatMoney(payout.clawback_offset_amount)} />
            ) : null}
            {payout.rejection_reason ? (
              <Fact label="Rejection reason" value={payout.rejection_reason} />
            ) : null}
          </dl>
        </CardContent>
      </Card>
      <PayoutLines lines={payout.lines} portal={portal} />
    </>
  )
}

function PayoutLines({ lines, portal }: { lines: PayoutSummaryData['lines']; portal: PortalBase }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Commission lines</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Commission lines of this payout</caption>
          <thead>
            <tr className="border-b text-left">
              <th className="py-2 pr-4">Policy</th>
              <th className="py-2 pr-4">Student</th>
              <th className="py-2 pr-4">Rate</th>
              <th className="py-2 pr-4 text-right">Commission</th>
              <th className="py-2 pr-4 text-right">GST</th>
              <th className="py-2 pr-4 text-right">Total</th>
              <th className="py-2">Commission status</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id} className="border-b last:border-0">
                <td className="py-2 pr-4">
                  <PolicyRefLink portal={portal} id={l.policy_id} policyRef={l.policy_ref} />
                </td>
                <td className="py-2 pr-4">{l.customer_name}</td>
                <td className="py-2 pr-4">{l.commission_rate}%</td>
                <td className="py-2 pr-4 text-right">{formatMoney(l.amount)}</td>
                <td className="py-2 pr-4 text-right">{formatMoney(l.gst_amount)}</td>
                <td className="py-2 pr-4 text-right">{formatMoney(l.total_amount)}</td>
                <td className="py-2">{labelOf(COMMISSION_STATUS_LABELS, l.commission_status)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  )
}

/** The payout's timeline (the agency sees only the rows meant for it: the use case filters). */
export function PayoutHistory({
  history,
}: {
  history: { id: number; action: string; created_at: string; actor: string; note: string | null }[]
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">History</CardTitle>
      </CardHeader>
      <CardContent>
        <Timeline
          items={history.map((h) => ({
            id: String(h.id),
            title: labelOf(PAYOUT_ACTION_LABELS, h.action),
            at: h.created_at,
            actor: h.actor,
            note: h.note,
          }))}
        />
      </CardContent>
    </Card>
  )
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  )
}
