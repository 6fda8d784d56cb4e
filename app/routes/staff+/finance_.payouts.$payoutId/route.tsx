import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { approveCommissionPayout } from '../../../../domain/finance/payouts/approve-commission-payout'
import { getCommissionPayout } from '../../../../domain/finance/payouts/get-commission-payout'
import { rejectCommissionPayout } from '../../../../domain/finance/payouts/reject-commission-payout'
import {
  ApprovePayoutFormSchema,
  RejectPayoutFormSchema,
} from '../../../../domain/finance/payouts/payouts.schemas'
import { PageHeader } from '../../../components/app-shell'
import { DownloadLink } from '../../../components/download-link'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { PayoutDecisionForms } from './payout-decision'
import { StatusBadge } from '../../../components/status-badge'
import { Timeline } from '../../../components/timeline'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import {
  COMMISSION_STATUS_LABELS,
  labelOf,
  PAYOUT_ACTION_LABELS,
  PAYOUT_PAYMENT_TYPE_LABELS,
} from '../../../utils/labels'
import { formatDateTime, formatMoney } from '../../../utils/misc'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { storeFormFile } from '../../../utils/upload.server'
import { withActorNames } from '../../../../domain/shared/actor-names'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Commission payout #${data?.payout.id ?? ''} · OSHC Back Office` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getCommissionPayout.access, 'staff')
  const payoutId = idFromParam(params.payoutId, 'Commission payout')
  try {
    const p = await getCommissionPayout({ actor, payoutId })
    return {
      payout: {
        ...p,
        agency: p.agency.name ?? p.agency.email,
        created_at: p.created_at.toISOString(),
        payment_date: p.payment_date?.toISOString() ?? null,
        history: (await withActorNames(p.history)).map((h) => ({
          ...h,
          created_at: h.created_at.toISOString(),
        })),
      },
    }
  } catch (err) {
    throwAsResponse(err)
  }
}

/** approve (payment_type, bank_document file) or reject (rejection_reason); both answer back here. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, approveCommissionPayout.access)
  const payoutId = idFromParam(params.payoutId, 'Commission payout')
  const formData = await readForm(request)
  const back = `/staff/finance/payouts/${payoutId}`
  if (formData.get('intent') === 'reject') {
    return submitForm(formData, RejectPayoutFormSchema, async (v) => {
      await rejectCommissionPayout({ actor, payoutId, reason: v.rejection_reason })
      return redirectWithToast(back, { type: 'success', title: `Payout #${payoutId} rejected` })
    })
  }
  return submitForm(formData, ApprovePayoutFormSchema, async ({ payment_type, bank_document }) => {
    let key: string | null = null
    if (payment_type === 'BANK') {
      const current = await getCommissionPayout({ actor, payoutId })
      const file = bank_document ?? null
      key = (await storeFormFile({ actor, file, field: 'bank_document', agencyId: current.agency_id })).key
    }
    const p = await approveCommissionPayout({ actor, payoutId, paymentType: payment_type, bankDocument: key })
    return redirectWithToast(back, {
      type: 'success',
      title: `Payout #${p.id} approved`,
      description: `${formatMoney(p.total_amount)}, receipt ${p.receipt_id}.`,
    })
  })
}

export default function StaffPayoutDetail() {
  const { payout } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Commission payout #${payout.id}`}
        description={`${payout.agency} · agency invoice ${payout.external_invoice_id} · requested ${formatDateTime(payout.created_at)}`}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            {payout.status === 'APPROVED' ? (
              <DownloadLink href={`/staff/finance/payouts/${payout.id}/remittance`}>
                Download remittance (PDF)
              </DownloadLink>
            ) : null}
            <Link to="/staff/finance/payouts" className="text-sm text-primary hover:underline">
              All payouts
            </Link>
          </div>
        }
      />
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
                    to={`/staff/finance/invoices/${payout.invoice.id}`}
                    className="text-primary hover:underline"
                  >
                    #{payout.invoice.id} ({payout.invoice.status})
                  </Link>
                ) : (
                  '—'
                )
              }
            />
            {payout.payment_type ? (
              <Fact label="Paid by" value={PAYOUT_PAYMENT_TYPE_LABELS[payout.payment_type]} />
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
              {payout.lines.map((l) => (
                <tr key={l.id} className="border-b last:border-0">
                  <td className="py-2 pr-4">
                    <Link to={`/staff/policies/${l.policy_id}`} className="text-primary hover:underline">
                      {l.policy_ref}
                    </Link>
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
      {payout.status === 'REQUESTED' ? (
        <PayoutDecisionForms
          payout={{ id: payout.id, total_amount: payout.total_amount, agency: payout.agency }}
          approveSchema={ApprovePayoutFormSchema}
          rejectSchema={RejectPayoutFormSchema}
        />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h3">History</CardTitle>
        </CardHeader>
        <CardContent>
          <Timeline
            items={payout.history.map((h) => ({
              id: String(h.id),
              title: labelOf(PAYOUT_ACTION_LABELS, h.action),
              at: h.created_at,
              actor: h.actor,
              note: h.note,
            }))}
          />
        </CardContent>
      </Card>
    </div>
  )
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
