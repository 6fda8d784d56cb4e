import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import {
  CLAWBACK_METHODS,
  CLAWBACK_STATUS_LABELS,
  METHOD_LABELS,
} from '../../../../domain/clawbacks/clawbacks.rules'
import {
  ClawbackListQuerySchema,
  ClawbackPaymentSchema,
} from '../../../../domain/clawbacks/clawbacks.schemas'
import { findClawbacks } from '../../../../domain/clawbacks/find-clawbacks'
import { payClawback } from '../../../../domain/clawbacks/pay-clawback'
import { DomainError } from '../../../../domain/shared/errors'
import { ClawbackPayForm } from './clawback-pay-form'
import { DataTable, FilterBar, SORT_DIRECTION_PARAM, SORT_KEY_PARAM } from '../../../components/data-table'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { Label } from '../../../components/ui/label'
import { Select } from '../../../components/ui/select'
import { iso, parseOr400, sortOf } from '../../../utils/finance-lists.server'
import { listParams, readForm } from '../../../utils/forms.server'
import { formatDateTime, formatMoney } from '../../../utils/misc'
import { FINANCE_PAGES, requireAgency } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { storeFormFile } from '../../../utils/upload.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const input = parseOr400(() => ClawbackListQuerySchema.parse(listParams(request)))
  const r = await findClawbacks({ actor, agencyId: actor.agencyId, input })
  return {
    methods: CLAWBACK_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] })),
    canPay: actor.permissions.has('purchase') || actor.permissions.has('finance'),
    rows: r.items.map((c) => ({
      id: c.id,
      policy_id: c.policy_id,
      policy_ref: c.policy_ref,
      invoice_id: c.invoice_id,
      premium_amount: c.clawback_premium_amount,
      commission_rate: c.commission_rate,
      amount: c.clawback_commission_amount,
      outstanding_amount: c.outstanding_amount,
      status: c.status,
      status_label: c.status_label,
      method_label: c.clawback_method_label,
      rejection_reason: c.rejection_reason,
      receipt_id: c.receipt_id,
      created_at: iso(c.created_at),
    })),
    pageInfo: r.pageInfo,
    sort: sortOf(input),
  }
}

/** Pay a clawback: a bank transfer's proof is stored first, then clawbackPayment runs. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const formData = await readForm(request)
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  try {
    const method = String(formData.get('payment_method') ?? '')
    const file = formData.get('bank_document')
    const hasFile = !!file && typeof file !== 'string' && file.size > 0
    const bankDocument =
      method === 'BANK' && hasFile ? (await storeFormFile({ actor, file, field: 'bank_document' })).key : null
    const parsed = ClawbackPaymentSchema.safeParse({
      policy_id: formData.get('policy_id'),
      payment_method: method,
      bank_document: bankDocument,
    })
    if (!parsed.success)
      return redirectWithToast(back, { type: 'error', title: parsed.error.issues[0]?.message ?? 'Invalid' })
    const c = await payClawback({ actor, input: parsed.data })
    return redirectWithToast(back, {
      type: 'success',
      title: `Clawback #${c.id} paid`,
      description: `${formatMoney(c.outstanding_amount)} by ${c.clawback_method_label ?? method}: waiting for our finance team.`,
    })
  } catch (err) {
    if (err instanceof DomainError) return redirectWithToast(back, { type: 'error', title: err.message })
    throw err
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function AgencyFinanceClawbacks() {
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
      </FilterBar>
      <DataTable
        caption="Commission clawbacks"
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
            cell: (c: Row) => (
              <span className="space-y-1">
                <Link
                  to={`/agency/policies/${c.policy_id}#clawback`}
                  className="block whitespace-nowrap text-primary hover:underline"
                >
                  {c.policy_ref}
                </Link>
                {c.invoice_id ? (
                  <Link
                    to={`/agency/finance/invoices/${c.invoice_id}`}
                    className="block whitespace-nowrap text-xs text-primary hover:underline"
                  >
                    Invoice #{c.invoice_id}
                  </Link>
                ) : null}
              </span>
            ),
          },
          {
            key: 'clawback_commission_amount',
            header: 'Commission to pay back',
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
          { key: 'method', header: 'Paid by', cell: (c: Row) => c.method_label ?? '—' },
          {
            key: 'created_at',
            header: 'Initiated',
            sortable: true,
            cell: (c: Row) => formatDateTime(c.created_at),
          },
          {
            key: 'pay',
            header: 'Payment',
            action: true,
            cell: (c: Row) =>
              data.canPay && (c.status === 'INITIATED' || c.status === 'REJECTED') ? (
                <div className="space-y-1">
                  {c.rejection_reason ? (
                    <p className="text-sm text-destructive">Rejected: {c.rejection_reason}</p>
                  ) : null}
                  <ClawbackPayForm c={c} methods={data.methods} />
                </div>
              ) : (
                (c.receipt_id ?? '—')
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
