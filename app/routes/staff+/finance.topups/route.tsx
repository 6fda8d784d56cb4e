import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { REQUEST_STATUSES } from '../../../../db/schema/enums'
import { approveTopup } from '../../../../domain/finance/topups/approve-topup'
import { findTopups } from '../../../../domain/finance/topups/find-topups'
import { rejectTopup } from '../../../../domain/finance/topups/reject-topup'
import { parseId } from '../../../../domain/shared/fields'
import { DataTable, FilterBar, SORT_DIRECTION_PARAM, SORT_KEY_PARAM } from '../../../components/data-table'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { AgencySelect, PerPageSelect } from '../../../components/finance/list-fields'
import { iso, sortOf, staffFilterChoices, staffListInput } from '../../../utils/finance-lists.server'
import { TopupDecision } from './topup-decision'
import { TopupDecisionSchema } from './topup-decision.schemas'
import { StatusBadge } from '../../../components/status-badge'
import { Label } from '../../../components/ui/label'
import { Select } from '../../../components/ui/select'
import { readForm, submitForm } from '../../../utils/forms.server'
import { labelOf, REQUEST_STATUS_LABELS } from '../../../utils/labels'
import { formatDate, formatDateTime, formatMoney } from '../../../utils/misc'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findTopups.access, 'staff')
  const input = staffListInput(request, 'topups')
  const [{ agencies }, r] = await Promise.all([staffFilterChoices(actor), findTopups({ actor, input })])
  return {
    agencies,
    rows: r.items.map((t) => ({
      id: t.id,
      agency: t.agency.name ?? t.agency.email,
      amount: t.amount,
      status: t.status,
      topup_date: t.topup_date,
      rejection_reason: t.rejection_reason,
      invoice_id: t.invoice_id,
      created_at: iso(t.created_at),
    })),
    pageInfo: r.pageInfo,
    sort: sortOf(input),
    perPage: String(input.perPage),
  }
}

/**
 * Approve (`intent=approve-topup:<id>`) or reject (`reject-topup:<id>`, with its `reason`): the
 * row's form (TopupDecisionSchema); a refusal answers on that form, a decision with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, approveTopup.access, 'staff')
  const formData = await readForm(request)
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  return submitForm(formData, TopupDecisionSchema, async (v) => {
    const [verb, idText] = v.intent.split(':')
    // 0 names no record: the use case answers 404, never a query with an impossible id.
    const topupId = parseId(idText) ?? 0
    if (verb === 'approve-topup') {
      const t = await approveTopup({ actor, topupId })
      return redirectWithToast(back, { type: 'success', title: `Top-up #${t.id} approved` })
    }
    const t = await rejectTopup({ actor, topUpId: topupId, reason: v.reason ?? '' })
    return redirectWithToast(back, { type: 'success', title: `Top-up #${t.id} rejected` })
  })
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function StaffFinanceTopups() {
  const data = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  return (
    <div className="space-y-4">
      <FilterBar preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM]} label="Top-up filters">
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
        <AgencySelect agencies={data.agencies} />
        <PerPageSelect value={data.perPage} />
      </FilterBar>
      <DataTable
        caption="Agency top-ups"
        rows={data.rows}
        pageInfo={data.pageInfo}
        sortKey={data.sort.key}
        sortDirection={data.sort.direction}
        getRowKey={(t) => t.id}
        emptyText="No top-up matches these filters."
        columns={[
          { key: 'id', header: '#', cell: (t: Row) => t.id },
          { key: 'agency', header: 'Agency', cell: (t: Row) => t.agency },
          {
            key: 'amount',
            header: 'Amount',
            sortable: true,
            className: 'text-right',
            cell: (t: Row) => formatMoney(t.amount),
          },
          {
            key: 'topup_date',
            header: 'Transfer date',
            sortable: true,
            cell: (t: Row) => formatDate(t.topup_date),
          },
          {
            key: 'status',
            header: 'Status',
            sortable: true,
            cell: (t: Row) => <StatusBadge kind="request" status={t.status} />,
          },
          {
            key: 'invoice',
            header: 'Invoice',
            cell: (t: Row) =>
              t.invoice_id ? (
                <Link to={`/staff/finance/invoices/${t.invoice_id}`} className="text-primary hover:underline">
                  #{t.invoice_id}
                </Link>
              ) : (
                '—'
              ),
          },
          {
            key: 'created_at',
            header: 'Requested',
            sortable: true,
            cell: (t: Row) => formatDateTime(t.created_at),
          },
          { key: 'decision', header: 'Decision', action: true, cell: (t: Row) => <TopupDecision t={t} /> },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
