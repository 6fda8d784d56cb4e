import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { getCommissionPayout } from '../../../../domain/finance/payouts/get-commission-payout'
import { withActorNames } from '../../../../domain/shared/actor-names'
import { PageHeader } from '../../../components/app-shell'
import { DownloadLink } from '../../../components/download-link'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { PayoutHistory, PayoutSummary } from '../../../components/finance/payout-summary'
import { idFromParam, throwAsResponse } from '../../../utils/forms.server'
import { formatDateTime } from '../../../utils/misc'
import { requireAccess } from '../../../utils/session.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Commission payout #${data?.payout.id ?? ''} · Agency portal` },
]

/**
 * One of the agency's own payouts (getCommissionPayout: another agency's is 404), with the
 * timeline rows meant for the agency. Reads only; staff decide on their own payout page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getCommissionPayout.access, 'agency')
  const payoutId = idFromParam(params.payoutId, 'Commission payout')
  const p = await getCommissionPayout({ actor, payoutId }).catch(throwAsResponse)
  const history = await withActorNames(p.history)
  return {
    payout: {
      id: p.id,
      status: p.status,
      external_invoice_id: p.external_invoice_id,
      commission_amount: p.commission_amount,
      gst_rate: p.gst_rate,
      gst_amount: p.gst_amount,
      total_amount: p.total_amount,
      clawback_offset_amount: p.clawback_offset_amount,
      payment_type: p.payment_type,
      receipt_id: p.receipt_id,
      rejection_reason: p.rejection_reason,
      created_at: p.created_at.toISOString(),
      payment_date: p.payment_date?.toISOString() ?? null,
      invoice: p.invoice ? { id: p.invoice.id, status: p.invoice.status } : null,
      lines: p.lines.map((l) => ({
        id: l.id,
        policy_id: l.policy_id,
        policy_ref: l.policy_ref,
        customer_name: l.customer_name,
        commission_rate: l.commission_rate,
        amount: l.amount,
        gst_amount: l.gst_amount,
        total_amount: l.total_amount,
        commission_status: l.commission_status,
      })),
      history: history.map((h) => ({
        id: h.id,
        action: h.action,
        actor: h.actor,
        note: h.note,
        created_at: h.created_at.toISOString(),
      })),
    },
  }
}

export default function AgencyPayoutDetail() {
  const { payout } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Commission payout #${payout.id}`}
        description={`Your invoice ${payout.external_invoice_id} · requested ${formatDateTime(payout.created_at)}`}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            {payout.status === 'APPROVED' ? (
              <DownloadLink href={`/agency/finance/payouts/${payout.id}/remittance`}>
                Download remittance (PDF)
              </DownloadLink>
            ) : null}
            {payout.status === 'APPROVED' && Number(payout.gst_amount) > 0 ? (
              <DownloadLink href={`/agency/finance/payouts/${payout.id}/tax-invoice`}>
                Download tax invoice (RCTI, PDF)
              </DownloadLink>
            ) : null}
            <Link to="/agency/finance/payouts" className="text-sm text-primary hover:underline">
              All payouts
            </Link>
          </div>
        }
      />
      <PayoutSummary payout={payout} portal="agency" />
      <PayoutHistory history={payout.history} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/finance/payouts" homeLabel="Back to payouts" />
}
