import { type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { REQUEST_STATUSES } from '../../../db/schema/enums'
import { findCommissionPayouts } from '../../../domain/finance/payouts/find-commission-payouts'
import { DataTable, FilterBar, SORT_DIRECTION_PARAM, SORT_KEY_PARAM } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { StatusBadge } from '../../components/status-badge'
import { Label } from '../../components/ui/label'
import { Select } from '../../components/ui/select'
import { agencyListInput, iso, sortOf } from '../../utils/finance-lists.server'
import { labelOf, PAYOUT_PAYMENT_TYPE_LABELS, REQUEST_STATUS_LABELS } from '../../utils/labels'
import { formatDateTime, formatMoney } from '../../utils/misc'
import { FINANCE_PAGES, requireAgency } from '../../utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const input = agencyListInput(request, 'payouts')
  const r = await findCommissionPayouts({ actor, agencyId: actor.agencyId, input })
  return {
    rows: r.items.map((p) => ({
      id: p.id,
      external_invoice_id: p.external_invoice_id,
      lines: p.lines,
      commission_amount: p.commission_amount,
      gst_amount: p.gst_amount,
      total_amount: p.total_amount,
      status: p.status,
      payment_type: p.payment_type,
      receipt_id: p.receipt_id,
      rejection_reason: p.rejection_reason,
      invoice_id: p.invoice_id,
      created_at: iso(p.created_at),
      payment_date: iso(p.payment_date),
    })),
    pageInfo: r.pageInfo,
    sort: sortOf(input),
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function AgencyPayouts() {
  const data = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Your commission payout requests. To request a new one, choose lines under{' '}
        <Link to="/agency/finance/commission" className="text-primary hover:underline">
          Banked commission
        </Link>
        .
      </p>
      <FilterBar preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM]} label="Payout filters">
        <div className="space-y-1">
          <Label htmlFor="status">Status</Label>
          <Select id="status" name="status" defaultValue={searchParams.get('status') ?? ''}>
            <option value="">Any status</option>
            {REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {labelOf(REQUEST_STATUS_LABELS, s)}
              </option>
            ))}
          </Select>
        </div>
      </FilterBar>
      <DataTable
        caption="Your commission payouts"
        rows={data.rows}
        pageInfo={data.pageInfo}
        sortKey={data.sort.key}
        sortDirection={data.sort.direction}
        getRowKey={(p) => p.id}
        emptyText="No payout requested yet."
        columns={[
          {
            key: 'id',
            header: '#',
            cell: (p: Row) => (
              <Link
                to={`/agency/finance/payouts/${p.id}`}
                aria-label={`Payout #${p.id}`}
                className="font-medium text-primary hover:underline"
              >
                #{p.id}
              </Link>
            ),
          },
          { key: 'external', header: 'Your invoice', cell: (p: Row) => p.external_invoice_id },
          { key: 'lines', header: 'Policies', className: 'text-right', cell: (p: Row) => p.lines },
          {
            key: 'commission',
            header: 'Commission',
            className: 'text-right',
            cell: (p: Row) => formatMoney(p.commission_amount),
          },
          { key: 'gst', header: 'GST', className: 'text-right', cell: (p: Row) => formatMoney(p.gst_amount) },
          {
            key: 'total_amount',
            header: 'Total',
            sortable: true,
            className: 'text-right',
            cell: (p: Row) => formatMoney(p.total_amount),
          },
          {
            key: 'status',
            header: 'Status',
            sortable: true,
            cell: (p: Row) => <StatusBadge kind="request" status={p.status} />,
          },
          {
            key: 'paid',
            header: 'Paid',
            cell: (p: Row) =>
              p.payment_type
                ? `${PAYOUT_PAYMENT_TYPE_LABELS[p.payment_type]}, ${formatDateTime(p.payment_date)} (${p.receipt_id})`
                : (p.rejection_reason ?? '—'),
          },
          {
            key: 'created_at',
            header: 'Requested',
            sortable: true,
            cell: (p: Row) => formatDateTime(p.created_at),
          },
          {
            key: 'invoice',
            header: 'Invoice',
            action: true,
            cell: (p: Row) => (
              <div className="flex flex-col items-start gap-1">
                {p.invoice_id ? (
                  <Link
                    to={`/agency/finance/invoices/${p.invoice_id}`}
                    className="text-primary hover:underline"
                  >
                    #{p.invoice_id}
                  </Link>
                ) : (
                  '—'
                )}
                {p.status === 'APPROVED' ? (
                  <a
                    href={`/agency/finance/payouts/${p.id}/remittance`}
                    download
                    aria-label={`Remittance (PDF) of payout #${p.id}`}
                    className="whitespace-nowrap text-primary hover:underline"
                  >
                    Remittance (PDF)
                  </a>
                ) : null}
              </div>
            ),
          },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
