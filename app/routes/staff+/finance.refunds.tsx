import { type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { FULL_REFUND_STATUSES } from '../../../db/schema/enums'
import { findFullRefundPolicies } from '../../../domain/refunds/find-full-refund-policies'
import { RefundListQuerySchema } from '../../../domain/refunds/refunds.schemas'
import { DataTable, FilterBar, SORT_DIRECTION_PARAM, SORT_KEY_PARAM } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { AgencySelect, PerPageSelect } from '../../components/finance/list-fields'
import { statusTone } from '../../components/status-badge'
import { Badge } from '../../components/ui/badge'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select } from '../../components/ui/select'
import { iso, parseOr400, sortOf, staffFilterChoices } from '../../utils/finance-lists.server'
import { listParams } from '../../utils/forms.server'
import { CANCELLATION_REQUEST_STATUS_LABELS, FULL_REFUND_STATUS_LABELS, labelOf } from '../../utils/labels'
import { formatDateTime, formatMoney } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'

/** Full refund requests of every agency; each row opens the policy page, where staff decide. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findFullRefundPolicies.access)
  const input = parseOr400(() => RefundListQuerySchema.parse(listParams(request)))
  const [{ agencies }, r] = await Promise.all([
    staffFilterChoices(actor),
    findFullRefundPolicies({ actor, input }),
  ])
  return {
    agencies,
    rows: r.items.map((x) => ({
      id: x.id,
      policy_id: x.policy_id,
      ref: x.ref,
      agency: x.agency_name ?? `Agency #${x.agency_id}`,
      customer: x.customer_name,
      status: x.status,
      cancellation: x.cancellation_request_status,
      premium: x.premium,
      refund_amount: x.refund_amount,
      reason: x.full_refund_requested_reason,
      created_at: iso(x.created_at),
    })),
    pageInfo: r.pageInfo,
    sort: sortOf(input),
    perPage: String(input.perPage),
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function StaffFinanceRefunds() {
  const data = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  return (
    <div className="space-y-4">
      <FilterBar preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM]} label="Full refund filters">
        <div className="space-y-1">
          <Label htmlFor="search">Policy or student</Label>
          <Input id="search" name="search" defaultValue={searchParams.get('search') ?? ''} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="status">Status</Label>
          <Select id="status" name="status" defaultValue={searchParams.get('status') ?? ''}>
            <option value="">Any status</option>
            {FULL_REFUND_STATUSES.map((s) => (
              <option key={s} value={s}>
                {labelOf(FULL_REFUND_STATUS_LABELS, s)}
              </option>
            ))}
          </Select>
        </div>
        <AgencySelect agencies={data.agencies} />
        <PerPageSelect value={data.perPage} />
      </FilterBar>
      <DataTable
        caption="Full refund requests"
        rows={data.rows}
        pageInfo={data.pageInfo}
        sortKey={data.sort.key}
        sortDirection={data.sort.direction}
        getRowKey={(r) => r.id}
        emptyText="No full refund request matches these filters."
        columns={[
          {
            key: 'ref',
            header: 'Policy',
            sortable: true,
            cell: (r: Row) => (
              <Link to={`/staff/policies/${r.policy_id}#refund`} className="text-primary hover:underline">
                {r.ref}
              </Link>
            ),
          },
          { key: 'agency', header: 'Agency', cell: (r: Row) => r.agency },
          { key: 'customer', header: 'Student', cell: (r: Row) => r.customer },
          { key: 'reason', header: 'Reason', cell: (r: Row) => r.reason },
          {
            key: 'premium',
            header: 'Premium',
            className: 'text-right',
            cell: (r: Row) => (r.premium === null ? '—' : formatMoney(r.premium)),
          },
          {
            key: 'refund_amount',
            header: 'Refund',
            className: 'text-right',
            cell: (r: Row) => (r.refund_amount === null ? 'Not set' : formatMoney(r.refund_amount)),
          },
          {
            key: 'status',
            header: 'Status',
            sortable: true,
            cell: (r: Row) => (
              <Badge variant={statusTone(r.status)}>{labelOf(FULL_REFUND_STATUS_LABELS, r.status)}</Badge>
            ),
          },
          {
            key: 'cancellation',
            header: 'Cancellation',
            cell: (r: Row) => labelOf(CANCELLATION_REQUEST_STATUS_LABELS, r.cancellation),
          },
          {
            key: 'created_at',
            header: 'Requested',
            sortable: true,
            cell: (r: Row) => formatDateTime(r.created_at),
          },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
