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
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { formatDateTime, formatMoney } from '../../../utils/misc'
import { PayoutHistory, PayoutSummary } from '../../../components/finance/payout-summary'
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
            {payout.status === 'APPROVED' && Number(payout.gst_amount) > 0 ? (
              <DownloadLink href={`/staff/finance/payouts/${payout.id}/tax-invoice`}>
                Download tax invoice (RCTI, PDF)
              </DownloadLink>
            ) : null}
            <Link to="/staff/finance/payouts" className="text-sm text-primary hover:underline">
              All payouts
            </Link>
          </div>
        }
      />
      <PayoutSummary payout={payout} portal="staff" />
      {payout.status === 'REQUESTED' ? (
        <PayoutDecisionForms
          payout={{ id: payout.id, total_amount: payout.total_amount, agency: payout.agency }}
          approveSchema={ApprovePayoutFormSchema}
          rejectSchema={RejectPayoutFormSchema}
        />
      ) : null}
      <PayoutHistory history={payout.history} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
