import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import {
  BnplRequestListQuerySchema,
  BnplSettleFormSchema,
} from '../../../../domain/finance/bnpl/bnpl.schemas'
import { findBnplPaymentRequestHistory } from '../../../../domain/finance/bnpl/find-bnpl-payment-request-history'
import { findBnplPaymentRequests } from '../../../../domain/finance/bnpl/find-bnpl-payment-requests'
import { findUnsettledBnplPolicies } from '../../../../domain/finance/bnpl/find-unsettled-bnpl-policies'
import { getBnplPaymentRequest } from '../../../../domain/finance/bnpl/get-bnpl-payment-request'
import { getBnplPercentageRemaining } from '../../../../domain/finance/bnpl/get-bnpl-percentage-remaining'
import { sendBnplPaymentRequest } from '../../../../domain/finance/bnpl/send-bnpl-payment-request'
import { parseId } from '../../../../domain/shared/fields'
import { DataTable } from '../../../components/data-table'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { BnplRequestDetail } from '../../../components/finance/bnpl-parts'
import { BnplSettleForm } from './bnpl-settle-form'
import { StatusBadge } from '../../../components/status-badge'
import { useListHref } from '../../../components/tab-links'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Card, CardContent } from '../../../components/ui/card'
import { iso, parseOr400 } from '../../../utils/finance-lists.server'
import { listParams, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { labelOf, PAYMENT_METHOD_LABELS } from '../../../utils/labels'
import { formatDateTime, formatMoney } from '../../../utils/misc'
import { FINANCE_PAGES, requireAgency } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { storeFormFile } from '../../../utils/upload.server'
import { withActorNames } from '../../../../domain/shared/actor-names'

/** Agency: the BNPL allowance and what is left, the purchases to settle, the settlement requests. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const agencyId = actor.agencyId
  const params = listParams(request)
  const input = parseOr400(() => BnplRequestListQuerySchema.parse({ ...params, agency_id: undefined }))
  const [allowance, unsettled, requests] = await Promise.all([
    getBnplPercentageRemaining({ actor, agencyId }),
    findUnsettledBnplPolicies({ actor, agencyId }),
    findBnplPaymentRequests({ actor, agencyId, input }),
  ])
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
    allowance,
    unsettled: {
      ...unsettled,
      policies: unsettled.policies.map((p) => ({ ...p, settlement_deadline: iso(p.settlement_deadline)! })),
    },
    rows: requests.items.map((r) => ({
      id: r.id,
      total_amount: r.total_amount,
      payment_type: r.payment_type,
      policy_count: r.policy_count,
      status: r.status,
      rejection_reason: r.rejection_reason,
      created_at: iso(r.created_at),
    })),
    pageInfo: requests.pageInfo,
    detail,
  }
}

/** Sends a settlement: the receipt (for a bank transfer) is stored first, then staff decide. */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const formData = await readForm(request)
  return submitForm(formData, BnplSettleFormSchema, async (value) => {
    const file = value.bank_document && value.bank_document.size > 0 ? value.bank_document : null
    const stored =
      value.payment_type === 'BANK' && file
        ? await storeFormFile({ actor, file, field: 'bank_document' })
        : null
    const r = await sendBnplPaymentRequest({
      actor,
      input: {
        agency_id: actor.agencyId,
        payment_type: value.payment_type,
        policies: value.policies,
        bank_document: stored?.key ?? null,
        by_pass_document_validation: false,
      },
    })
    return redirectWithToast(`/agency/finance/bnpl?request=${r.id}`, {
      type: 'success',
      title: 'Settlement sent',
      description: `Settlement #${r.id} of ${formatMoney(r.total_amount)} waits for our finance team.`,
    })
  })
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function AgencyFinanceBnpl() {
  const data = useLoaderData<typeof loader>()
  const href = useListHref(useLocation().pathname)
  const a = data.allowance
  return (
    <div className="space-y-4">
      <Card>
        <CardContent className="grid grid-cols-1 gap-3 pt-6 text-sm sm:grid-cols-4">
          <div>
            <p className="text-muted-foreground">Allowance</p>
            <p className="text-lg font-semibold">{formatMoney(a.buy_now_pay_later_amount)}</p>
          </div>
          <div>
            <p className="text-muted-foreground">Remaining</p>
            <p className="text-lg font-semibold">{formatMoney(a.buy_now_pay_later_remaining_amount)}</p>
          </div>
          <div>
            <p className="text-muted-foreground">Used</p>
            <p className="text-lg font-semibold">{formatMoney(a.buy_now_pay_later_used_amount)}</p>
          </div>
          <div>
            <p className="text-muted-foreground">Settlement period</p>
            <p className="text-lg font-semibold">{data.unsettled.settlement_days} days</p>
          </div>
        </CardContent>
      </Card>
      {data.unsettled.blocked_reason ? (
        <Alert variant="destructive">
          <AlertTitle>Buy now, pay later is blocked</AlertTitle>
          <AlertDescription>{data.unsettled.blocked_reason}</AlertDescription>
        </Alert>
      ) : null}
      <BnplSettleForm policies={data.unsettled.policies} schema={BnplSettleFormSchema} />
      {data.detail ? (
        <BnplRequestDetail
          d={data.detail.d}
          history={data.detail.history}
          invoiceBase="/agency/finance/invoices"
          policyBase="/agency/policies"
        />
      ) : null}
      <DataTable
        caption="Your settlement requests"
        rows={data.rows}
        pageInfo={data.pageInfo}
        getRowKey={(r) => r.id}
        emptyText="No settlement sent yet."
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
          { key: 'reason', header: 'Rejection reason', cell: (r: Row) => r.rejection_reason ?? '—' },
          { key: 'created_at', header: 'Sent', cell: (r: Row) => formatDateTime(r.created_at) },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
