import { type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useSearchParams } from '@remix-run/react'
import { findCommissionPayouts } from '../../../domain/finance/payouts/find-commission-payouts'
import { DataTable, FilterBar, SORT_DIRECTION_PARAM, SORT_KEY_PARAM } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { AgencySelect, PerPageSelect } from '../../components/finance/list-fields'
import { StatusBadge } from '../../components/status-badge'
import { TabLinks, useListHref } from '../../components/tab-links'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { iso, sortOf, staffFilterChoices, staffListInput } from '../../utils/finance-lists.server'
import { PAYOUT_PAYMENT_TYPE_LABELS } from '../../utils/labels'
import { formatDateTime, formatMoney } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'

/** The status tabs of the payout list (`status` in the query; none = all). */
const STATUS_TABS = [
  { value: 'ALL', label: 'All' },
  { value: 'REQUESTED', label: 'Waiting for a decision' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
] as const
type StatusTab = (typeof STATUS_TABS)[number]['value']

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findCommissionPayouts.access, 'staff')
  const input = staffListInput(request, 'payouts')
  const [{ agencies }, r] = await Promise.all([
    staffFilterChoices(actor),
    findCommissionPayouts({ actor, input }),
  ])
  return {
    agencies,
    status: (input.status ?? 'ALL') as StatusTab,
    rows: r.items.map((p) => ({
      id: p.id,
      agency: p.agency.name ?? p.agency.email,
      external_invoice_id: p.external_invoice_id,
      lines: p.lines,
      commission_amount: p.commission_amount,
      gst_amount: p.gst_amount,
      total_amount: p.total_amount,
      status: p.status,
      payment_type: p.payment_type,
      created_at: iso(p.created_at),
    })),
    pageInfo: r.pageInfo,
    sort: sortOf(input),
    perPage: String(input.perPage),
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function StaffFinancePayouts() {
  const data = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const hrefTo = useListHref(useLocation().pathname)
  return (
    <div className="space-y-4">
      <TabLinks
        label="Payout status"
        items={STATUS_TABS}
        current={data.status}
        href={(s) => hrefTo({ status: s === 'ALL' ? null : s })}
      />
      <FilterBar preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM, 'status']} label="Payout filters">
        <AgencySelect agencies={data.agencies} />
        <div className="space-y-1">
          <Label htmlFor="start_date">Requested from</Label>
          <Input
            id="start_date"
            name="start_date"
            type="date"
            defaultValue={searchParams.get('start_date') ?? ''}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="end_date">Requested until</Label>
          <Input
            id="end_date"
            name="end_date"
            type="date"
            defaultValue={searchParams.get('end_date') ?? ''}
          />
        </div>
        <PerPageSelect value={data.perPage} />
      </FilterBar>
      <DataTable
        caption="Commission payout requests"
        rows={data.rows}
        pageInfo={data.pageInfo}
        sortKey={data.sort.key}
        sortDirection={data.sort.direction}
        getRowKey={(p) => p.id}
        emptyText="No payout request matches these filters."
        columns={[
          {
            key: 'id',
            header: 'Payout',
            cell: (p: Row) => (
              <Link
                to={`/staff/finance/payouts/${p.id}`}
                className="font-medium text-primary hover:underline"
              >
                #{p.id}
              </Link>
            ),
          },
          { key: 'agency', header: 'Agency', cell: (p: Row) => p.agency },
          { key: 'external', header: 'Agency invoice', cell: (p: Row) => p.external_invoice_id },
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
            key: 'payment_type',
            header: 'Paid by',
            cell: (p: Row) => (p.payment_type ? PAYOUT_PAYMENT_TYPE_LABELS[p.payment_type] : '—'),
          },
          {
            key: 'created_at',
            header: 'Requested',
            sortable: true,
            cell: (p: Row) => formatDateTime(p.created_at),
          },
          {
            key: 'open',
            header: 'Decision',
            action: true,
            cell: (p: Row) => (
              <Link to={`/staff/finance/payouts/${p.id}`} className="text-primary hover:underline">
                {p.status === 'REQUESTED' ? 'Review' : 'Open'}
              </Link>
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
