import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { monthLabel } from '../../../../domain/finance/periods/periods.rules'
import { approveInsurerRemittance } from '../../../../domain/finance/remittances/approve-insurer-remittance'
import { cancelInsurerRemittance } from '../../../../domain/finance/remittances/cancel-insurer-remittance'
import { getInsurerRemittance } from '../../../../domain/finance/remittances/get-insurer-remittance'
import { REMITTANCE_STATUS_LABELS } from '../../../../domain/finance/remittances/remittances.rules'
import { CancelRemittanceSchema } from '../../../../domain/finance/remittances/remittances.schemas'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { RemittancePage } from './remittance-page'

/** Approving the remittance: a decision without a field (the use case asks for a fresh second factor). */
const ApproveSchema = z.object({ intent: z.literal('approve') })
/** Cancelling it: the use case's optional reason. */
const CancelFormSchema = CancelRemittanceSchema.extend({ intent: z.literal('cancel') })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getInsurerRemittance.access, 'staff')
  const remittanceId = idFromParam(params.remittanceId, 'Remittance')
  const {
    remittance: r,
    can_approve,
    lines,
  } = await getInsurerRemittance({ actor, remittanceId }).catch(throwAsResponse)
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    remittance: {
      id: r.id,
      month: r.month,
      month_label: monthLabel(r.month),
      insurer: r.insurer,
      status: r.status,
      status_label: REMITTANCE_STATUS_LABELS[r.status],
      policy_count: r.policy_count,
      premium_cents: r.premium_cents,
      commission_cents: r.commission_cents,
      amount_cents: r.amount_cents,
      bsb: r.bsb,
      account_name: r.account_name,
      account_number_masked: r.account_number_masked,
      proposed_by: r.proposed_by,
      proposed_at: r.proposed_at.toISOString(),
      approved_by: r.approved_by,
      approved_at: iso(r.approved_at),
      paid_at: iso(r.paid_at),
      cancelled_at: iso(r.cancelled_at),
      cancel_reason: r.cancel_reason,
      batch_id: r.batch_id,
    },
    can_approve,
    you_proposed: r.proposed_by_identity_id === actor.identityId,
    lines,
  }
}

/** `approve` (another person than its proposer, with a fresh second factor) or `cancel` with a reason. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, getInsurerRemittance.access, 'staff')
  const remittanceId = idFromParam(params.remittanceId, 'Remittance')
  const formData = await readForm(request)
  const back = `/staff/finance/remittances/${remittanceId}`
  if (formData.get('intent') === 'cancel')
    return submitForm(formData, CancelFormSchema, async (input) => {
      await cancelInsurerRemittance({ actor, remittanceId, input })
      return redirectWithToast(back, {
        type: 'success',
        title: 'Remittance cancelled: its month can be proposed again for this insurer',
      })
    })
  return submitForm(formData, ApproveSchema, async () => {
    await approveInsurerRemittance({ actor, remittanceId })
    return redirectWithToast(back, {
      type: 'success',
      title: 'Remittance approved: a payout batch pays it',
    })
  })
}

export default function StaffRemittance() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link className="underline" to="/staff/finance/remittances">
          All insurer remittances
        </Link>
      </p>
      <RemittancePage {...data} schemas={{ approve: ApproveSchema, cancel: CancelFormSchema }} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
