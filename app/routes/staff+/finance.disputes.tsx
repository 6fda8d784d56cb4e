import { type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import {
  CARD_DISPUTE_STATUS_LABELS,
  CARD_DISPUTE_STATUS_OPTIONS,
} from '../../../domain/card-payments/card-disputes.rules'
import {
  CardDisputeListQuerySchema,
  findCardDisputes,
} from '../../../domain/card-payments/find-card-disputes'
import { parseId } from '../../../domain/shared/fields'
import { DataTable, FilterBar } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { PerPageSelect } from '../../components/finance/list-fields'
import { Badge } from '../../components/ui/badge'
import { Label } from '../../components/ui/label'
import { Select } from '../../components/ui/select'
import { iso, parseOr400 } from '../../utils/finance-lists.server'
import { listParams } from '../../utils/forms.server'
import { formatCents, formatDate, formatDateTime } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'

/**
 * Card disputes (chargebacks) the card gateway reported: open ones first, each with what it
 * disputes, the amount, what the journal holds and from where, reason, status and dates.
 * `?dispute=<id>` (the inbox task's link) marks one row.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findCardDisputes.access)
  const params = listParams(request)
  const input = parseOr400(() =>
    CardDisputeListQuerySchema.parse({ ...params, status: params.status || undefined }),
  )
  const r = await findCardDisputes({ actor, input })
  return {
    rows: r.items.map((d) => ({
      ...d,
      opened_at: iso(d.opened_at),
      evidence_due_at: iso(d.evidence_due_at),
      closed_at: iso(d.closed_at),
    })),
    pageInfo: r.pageInfo,
    perPage: String(input.perPage),
    marked: parseId(params.dispute),
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

const STATUS_VARIANT = { OPEN: 'warning', WON: 'success', LOST: 'danger' } as const

function About({ d }: { d: Row }) {
  const { about } = d
  const href =
    about.kind === 'policy'
      ? `/staff/policies/${about.id}`
      : about.kind === 'invoice'
        ? `/staff/finance/invoices/${about.id}`
        : about.kind === 'topup' && d.agency_id
          ? `/staff/finance/topups?agency_id=${d.agency_id}`
          : null
  return (
    <div className="space-y-0.5">
      {href ? (
        <Link to={href} className="text-primary hover:underline">
          {about.label}
        </Link>
      ) : (
        <span>{about.label}</span>
      )}
      <div className="text-xs text-muted-foreground">
        {d.agency_name && d.agency_id ? (
          <Link to={`/staff/agencies/${d.agency_id}`} className="hover:underline">
            {d.agency_name}
          </Link>
        ) : null}
        {d.card_payment_ref ? ` · ${d.card_payment_ref}` : ''}
      </div>
    </div>
  )
}

export default function StaffFinanceDisputes() {
  const data = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  return (
    <div className="space-y-4">
      <FilterBar label="Card dispute filters">
        <div className="space-y-1">
          <Label htmlFor="status">Status</Label>
          <Select id="status" name="status" defaultValue={searchParams.get('status') ?? ''}>
            <option value="">Any status</option>
            {CARD_DISPUTE_STATUS_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {CARD_DISPUTE_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <PerPageSelect value={data.perPage} />
      </FilterBar>
      <p className="text-sm text-muted-foreground">
        A dispute holds what the card holder takes back on the money journal until the card gateway closes it:
        won releases it, lost takes it for good.
      </p>
      <DataTable
        caption="Card disputes"
        rows={data.rows}
        pageInfo={data.pageInfo}
        getRowKey={(d) => d.id}
        emptyText="No card payment has been disputed."
        columns={[
          {
            key: 'dispute',
            header: 'Dispute',
            cell: (d: Row) => (
              <span className={d.id === data.marked ? 'font-semibold' : undefined}>
                {d.gateway_dispute_id}
              </span>
            ),
          },
          { key: 'about', header: 'Paid for', cell: (d: Row) => <About d={d} /> },
          {
            key: 'amount',
            header: 'Disputed',
            className: 'text-right',
            cell: (d: Row) => formatCents(d.amount, d.currency),
          },
          {
            key: 'held',
            header: 'Held',
            className: 'text-right',
            cell: (d: Row) =>
              d.held_amount ? (
                <span>
                  {formatCents(d.held_amount)}
                  <span className="block text-xs text-muted-foreground">
                    from {d.held_from_suspense ? 'suspense (staff place it)' : d.held_from}
                  </span>
                </span>
              ) : (
                'Nothing'
              ),
          },
          { key: 'reason', header: 'Reason', cell: (d: Row) => d.reason_label },
          {
            key: 'status',
            header: 'Status',
            cell: (d: Row) => <Badge variant={STATUS_VARIANT[d.status]}>{d.status_label}</Badge>,
          },
          { key: 'opened_at', header: 'Opened', cell: (d: Row) => formatDateTime(d.opened_at) },
          {
            key: 'evidence_due_at',
            header: 'Evidence due',
            cell: (d: Row) =>
              d.status === 'OPEN' && d.evidence_due_at ? formatDate(d.evidence_due_at) : '—',
          },
          {
            key: 'closed_at',
            header: 'Closed',
            cell: (d: Row) => (d.closed_at ? formatDateTime(d.closed_at) : '—'),
          },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
