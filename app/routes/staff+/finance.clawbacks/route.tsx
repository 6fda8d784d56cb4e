import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { approveClawback } from '../../../../domain/clawbacks/approve-clawback'
import {
  CLAWBACK_METHODS,
  CLAWBACK_STATUS_LABELS,
  METHOD_LABELS,
} from '../../../../domain/clawbacks/clawbacks.rules'
import {
  ClawbackDecisionFormSchema,
  ClawbackListQuerySchema,
} from '../../../../domain/clawbacks/clawbacks.schemas'
import { findClawbacks } from '../../../../domain/clawbacks/find-clawbacks'
import { rejectClawback } from '../../../../domain/clawbacks/reject-clawback'
import { parseId } from '../../../../domain/shared/fields'
import { ClawbackDecision } from './clawback-decision'
import { DataTable, FilterBar, SORT_DIRECTION_PARAM, SORT_KEY_PARAM } from '../../../components/data-table'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { AgencySelect, PerPageSelect } from '../../../components/finance/list-fields'
import { Label } from '../../../components/ui/label'
import { Select } from '../../../components/ui/select'
import { iso, parseOr400, sortOf, staffFilterChoices } from '../../../utils/finance-lists.server'
import { listParams, readForm, submitForm } from '../../../utils/forms.server'
import { formatDateTime, formatMoney } from '../../../utils/misc'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { fileHref } from '../../../utils/file-href'
import { PolicyRefLink } from '../../../components/policies/policy-ref-link'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, approveClawback.access)
  const input = parseOr400(() => ClawbackListQuerySchema.parse(listParams(request)))
  const [{ agencies }, r] = await Promise.all([staffFilterChoices(actor), findClawbacks({ actor, input })])
  return {
    agencies,
    rows: r.items.map((c) => ({
      id: c.id,
      policy_id: c.policy_id,
      policy_ref: c.policy_ref,
      agency: c.agency.name ?? c.agency.email,
      premium_amount: c.clawback_premium_amount,
      commission_rate: c.commission_rate,
      amount: c.clawback_commission_amount,
      outstanding_amount: c.outstanding_amount,
      status: c.status,
      status_label: c.status_label,
      clawback_method: c.clawback_method,
      method_label: c.clawback_method_label,
      bank_document_url: c.bank_document_url,
      rejection_reason: c.rejection_reason,
      invoice_id: c.invoice_id,
      created_at: iso(c.created_at),
    })),
    pageInfo: r.pageInfo,
    sort: sortOf(input),
    perPage: String(input.perPage),
  }
}

/**
 * Approve (`intent=approve-clawback:<policyId>`) or reject (`reject-clawback:<policyId>`, with its
 * `rejection_reason`): the row's form (ClawbackDecisionFormSchema); a refusal answers on that form,
 * a decision with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, approveClawback.access)
  const formData = await readForm(request)
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  return submitForm(formData, ClawbackDecisionFormSchema, async (v) => {
    const [verb, idText] = v.intent.split(':')
    // 0 names no record: the use case answers 404, never a query with an impossible id.
    const policyId = parseId(idText) ?? 0
    if (verb === 'approve-clawback') {
      const c = await approveClawback({ actor, policyId })
      return redirectWithToast(back, {
        type: 'success',
        title: `Clawback #${c.id} settled`,
        description: `${formatMoney(c.clawback_commission_amount)} received, receipt ${c.receipt_id ?? ''}`,
      })
    }
    const reason = (v.rejection_reason ?? '').trim()
    const c = await rejectClawback({ actor, policyId, reason })
    return redirectWithToast(back, { type: 'success', title: `Clawback #${c.id} payment rejected` })
  })
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function StaffFinanceClawbacks() {
  const data = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  return (
    <div className="space-y-4">
      <FilterBar preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM]} label="Clawback filters">
        <div className="space-y-1">
          <Label htmlFor="status">Status</Label>
          <Select id="status" name="status" defaultValue={searchParams.get('status') ?? ''}>
            <option value="">Any status</option>
            {Object.entries(CLAWBACK_STATUS_LABELS).map(([s, label]) => (
              <option key={s} value={s}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="clawback_method">Method</Label>
          <Select
            id="clawback_method"
            name="clawback_method"
            defaultValue={searchParams.get('clawback_method') ?? ''}
          >
            <option value="">Any method</option>
            {CLAWBACK_METHODS.map((m) => (
              <option key={m} value={m}>
                {METHOD_LABELS[m]}
              </option>
            ))}
          </Select>
        </div>
        <AgencySelect agencies={data.agencies} />
        <PerPageSelect value={data.perPage} />
      </FilterBar>
      <DataTable
        caption="Clawbacks"
        rows={data.rows}
        pageInfo={data.pageInfo}
        sortKey={data.sort.key}
        sortDirection={data.sort.direction}
        getRowKey={(c) => c.id}
        emptyText="No clawback matches these filters."
        columns={[
          { key: 'id', header: '#', cell: (c: Row) => c.id },
          {
            key: 'policy',
            header: 'Policy',
            cell: (c: Row) => <PolicyRefLink portal="staff" id={c.policy_id} policyRef={c.policy_ref} />,
          },
          { key: 'agency', header: 'Agency', cell: (c: Row) => c.agency },
          {
            key: 'clawback_commission_amount',
            header: 'Commission clawed back',
            sortable: true,
            className: 'text-right',
            cell: (c: Row) =>
              `${formatMoney(c.amount)} (${formatMoney(c.premium_amount)} at ${c.commission_rate ?? 0}%)`,
          },
          {
            key: 'outstanding_amount',
            header: 'Outstanding',
            sortable: true,
            className: 'text-right',
            cell: (c: Row) => formatMoney(c.outstanding_amount),
          },
          { key: 'status', header: 'Status', sortable: true, cell: (c: Row) => c.status_label },
          {
            key: 'method',
            header: 'Method',
            cell: (c: Row) =>
              c.bank_document_url ? (
                <span className="whitespace-nowrap">
                  {c.method_label} ·{' '}
                  <a href={fileHref(c.bank_document_url)} className="text-primary hover:underline">
                    proof<span className="sr-only"> of clawback #{c.id}</span>
                  </a>
                </span>
              ) : (
                (c.method_label ?? '—')
              ),
          },
          {
            key: 'invoice',
            header: 'Invoice',
            cell: (c: Row) =>
              c.invoice_id ? (
                <Link to={`/staff/finance/invoices/${c.invoice_id}`} className="text-primary hover:underline">
                  #{c.invoice_id}
                </Link>
              ) : (
                '—'
              ),
          },
          {
            key: 'created_at',
            header: 'Initiated',
            sortable: true,
            cell: (c: Row) => formatDateTime(c.created_at),
          },
          {
            key: 'decision',
            header: 'Decision',
            action: true,
            cell: (c: Row) => <ClawbackDecision c={c} schema={ClawbackDecisionFormSchema} />,
          },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
