import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { REQUEST_STATUSES } from '../../../db/schema/enums'
import { approveBnplPaymentRequest } from '../../../domain/finance/bnpl/approve-bnpl-payment-request'
import { BnplRequestListQuerySchema } from '../../../domain/finance/bnpl/bnpl.schemas'
import { findBnplPaymentRequestHistory } from '../../../domain/finance/bnpl/find-bnpl-payment-request-history'
import { findBnplPaymentRequests } from '../../../domain/finance/bnpl/find-bnpl-payment-requests'
import { getBnplPaymentRequest } from '../../../domain/finance/bnpl/get-bnpl-payment-request'
import { rejectBnplPaymentRequest } from '../../../domain/finance/bnpl/reject-bnpl-payment-request'
import { parseId } from '../../../domain/shared/fields'
import { DataTable } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { BnplDecisionSchema } from '../../components/finance/bnpl-decision.schemas'
import { BnplDecision, BnplRequestDetail } from '../../components/finance/bnpl-parts'
import { StatusBadge } from '../../components/status-badge'
import { TabLinks, useListHref } from '../../components/tab-links'
import { listParams, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { iso, parseOr400 } from '../../utils/finance-lists.server'
import { labelOf, PAYMENT_METHOD_LABELS, REQUEST_STATUS_LABELS } from '../../utils/labels'
import { formatDateTime, formatMoney } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { withActorNames } from '../../../domain/shared/actor-names'

/**
 * Staff: buy-now-pay-later settlement requests by status (tabs), each approvable or rejectable
 * with a reason; ?request=<id> opens one with its policies, document and history.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findBnplPaymentRequests.access)
  const params = listParams(request)
  // The status tab: REQUESTED unless another is chosen; ALL lists every status.
  const all = params.status === 'ALL'
  const input = parseOr400(() =>
    BnplRequestListQuerySchema.parse({ ...params, status: all ? undefined : (params.status ?? 'REQUESTED') }),
  )
  const r = await findBnplPaymentRequests({ actor, input })
  const openId = parseId(params.request)
  let detail = null
  if (openId !== null) {
    try {
      const [d, history] = await Promise.all([
        getBnplPaymentRequest({ actor, requestId: openId }),
        findBnplPaymentRequestHistory({ actor, requestId: openId }).then(withActorNames),
      ])
      detail = {
        d: { ...d, created_at: iso(d.created_at)! },
        history: history.map((h) => ({ ...h, created_at: iso(h.created_at)! })),
      }
    } catch (err) {
      throwAsResponse(err)
    }
  }
  return {
    status: input.status ?? 'ALL',
    rows: r.items.map((b) => ({
      id: b.id,
      agency: b.agency.name,
      total_amount: b.total_amount,
      payment_type: b.payment_type,
      policy_count: b.policy_count,
      status: b.status,
      rejection_reason: b.rejection_reason,
      created_at: iso(b.created_at),
    })),
    pageInfo: r.pageInfo,
    detail,
  }
}

/**
 * `intent=approve:<id>` or `reject:<id>` (with its `reason`): a settlement's form
 * (BnplDecisionSchema); a decision goes back to the same list with a toast, a refusal answers on
 * that form.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, approveBnplPaymentRequest.access)
  const formData = await readForm(request)
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  return submitForm(formData, BnplDecisionSchema, async (v) => {
    const [verb, idText] = v.intent.split(':')
    // 0 names no record: the use case answers 404, never a query with an impossible id.
    const requestId = parseId(idText) ?? 0
    if (verb === 'approve') {
      await approveBnplPaymentRequest({ actor, requestId })
      return redirectWithToast(back, { type: 'success', title: `Settlement #${requestId} approved` })
    }
    await rejectBnplPaymentRequest({ actor, requestId, reason: v.reason ?? '' })
    return redirectWithToast(back, { type: 'success', title: `Settlement #${requestId} rejected` })
  })
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function StaffFinanceBnpl() {
  const data = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const href = useListHref(pathname)
  const tabs = [...REQUEST_STATUSES, 'ALL'] as const
  return (
    <div className="space-y-4">
      <TabLinks
        label="Settlement requests by status"
        items={tabs.map((s) => ({
          value: s,
          label: s === 'ALL' ? 'All' : labelOf(REQUEST_STATUS_LABELS, s),
        }))}
        current={data.status as (typeof tabs)[number]}
        href={(s) => href({ status: s, request: null })}
      />
      {data.detail ? (
        <BnplRequestDetail
          d={data.detail.d}
          history={data.detail.history}
          invoiceBase="/staff/finance/invoices"
          policyBase="/staff/policies"
          decide
        />
      ) : null}
      <DataTable
        caption="Buy now, pay later settlement requests"
        rows={data.rows}
        pageInfo={data.pageInfo}
        getRowKey={(r) => r.id}
        emptyText="No settlement request here."
        columns={[
          {
            key: 'id',
            header: '#',
            cell: (r: Row) => (
              <Link to={href({ request: String(r.id) })} className="text-primary hover:underline">
                #{r.id}
              </Link>
            ),
          },
          { key: 'agency', header: 'Agency', cell: (r: Row) => r.agency },
          { key: 'policies', header: 'Policies', cell: (r: Row) => r.policy_count },
          {
            key: 'amount',
            header: 'Amount',
            className: 'text-right',
            cell: (r: Row) => formatMoney(r.total_amount),
          },
          {
            key: 'payment_type',
            header: 'Paid by',
            cell: (r: Row) => labelOf(PAYMENT_METHOD_LABELS, r.payment_type),
          },
          {
            key: 'status',
            header: 'Status',
            cell: (r: Row) => <StatusBadge kind="request" status={r.status} />,
          },
          { key: 'created_at', header: 'Sent', cell: (r: Row) => formatDateTime(r.created_at) },
          {
            key: 'decision',
            header: 'Decision',
            action: true,
            cell: (r: Row) =>
              r.status === 'REQUESTED' ? <BnplDecision r={r} /> : (r.rejection_reason ?? '—'),
          },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
