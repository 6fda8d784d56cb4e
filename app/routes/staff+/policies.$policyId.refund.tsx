import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { approveFullRefund } from '../../../domain/refunds/approve-full-refund'
import { approvePolicyCancellation } from '../../../domain/refunds/approve-policy-cancellation'
import { initiateFullRefund } from '../../../domain/refunds/initiate-full-refund'
import { rejectFullRefund } from '../../../domain/refunds/reject-full-refund'
import { retryFullRefundPayment } from '../../../domain/refunds/retry-full-refund-payment'
import { tickCancellationStep } from '../../../domain/refunds/tick-cancellation-step'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { RefundStaffDecisions } from '../../components/policies/refund-staff-decisions'
import { answerPage, idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { STAFF_REFUND_FORMS as F } from '../../../domain/refunds/refunds.schemas'
import { staffRefundData } from '../../utils/refunds.server'
import { requireStaff } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { storeFormFile } from '../../utils/upload.server'
import { formatMoney } from '../../utils/misc'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Full refund of ${data?.view.ref ?? 'a policy'} · OSHC Back Office` },
]

/** The staff refund section's data: the view and what this staff member may do. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireStaff(request, ['finance', 'policy_management'])
  const policyId = idFromParam(params.policyId, 'Policy')
  return staffRefundData(actor, policyId).catch(throwAsResponse)
}

/**
 * initiate | approve (payment_method, proof file for BANK) | reject | retry-payment | tick (step_id) |
 * approve-cancellation, each form on its schema (STAFF_REFUND_FORMS: the API's with the intent); each
 * use case checks its own access. Success answers on the policy page (or the inbox task view named
 * by `return_to`), a refusal on this page's form.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireStaff(request, ['finance', 'policy_management'])
  const policyId = idFromParam(params.policyId, 'Policy')
  const formData = await readForm(request)
  const to = answerPage(request, `/staff/policies/${policyId}`)
  const back = (title: string) => redirectWithToast(to, { type: 'success', title })
  switch (formData.get('intent')) {
    case 'initiate':
      return submitForm(formData, F.initiate, async (v) => {
        const r = await initiateFullRefund({
          actor,
          policyId,
          refundablePremiumAmount: v.refundable_premium_amount,
          deductableCommissionAmount: v.deductable_commission_amount,
          isFullRefund: v.is_full_refund,
        })
        return back(`Refund amounts set: ${formatMoney(r.refund_amount ?? 0)} to the agency`)
      })
    case 'approve':
      return submitForm(formData, F.approve, async (v) => {
        const proof =
          v.payment_method === 'BANK' && v.payment_url && !v.pay_by_batch
            ? (await storeFormFile({ actor, file: v.payment_url, field: 'payment_url' })).key
            : null
        const r = await approveFullRefund({
          actor,
          policyId,
          paymentMethod: v.payment_method,
          paymentUrl: proof,
          payByBatch: v.pay_by_batch,
        })
        return back(
          r.status === 'COMPLETED'
            ? `Refund of ${formatMoney(r.refund_amount ?? 0)} approved and paid`
            : `Refund of ${formatMoney(r.refund_amount ?? 0)} approved: it waits for a payout batch`,
        )
      })
    case 'reject':
      return submitForm(formData, F.reject, async (v) => {
        await rejectFullRefund({ actor, policyId, reason: v.rejectionReason })
        return back('Full refund rejected')
      })
    case 'retry-payment':
      return submitForm(formData, F.retryPayment, async () => {
        const r = await retryFullRefundPayment({ actor, policyId })
        return back(
          r.status === 'COMPLETED'
            ? `Refund of ${formatMoney(r.refund_amount ?? 0)} paid`
            : 'The refund payment is being made again',
        )
      })
    case 'tick':
      return submitForm(formData, F.tick, async (v) => {
        const out = await tickCancellationStep({ actor, policyId, cancellationStepId: v.step_id })
        return back(
          out.cancellation_request_status === 'READY_FOR_CANCELLATION'
            ? 'Every cancellation step is done: ready for cancellation'
            : 'Cancellation step done',
        )
      })
    case 'approve-cancellation':
      return submitForm(formData, F.approveCancellation, async (v) => {
        const out = await approvePolicyCancellation({
          actor,
          policyId,
          input: {
            refund_method: v.refund_method,
            ...(v.policy_cancellation_date ? { policy_cancellation_date: v.policy_cancellation_date } : {}),
          },
        })
        return back(out.no_refund ? 'Cancellation approved (no refund)' : 'Cancellation approved')
      })
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

export default function StaffPolicyRefund() {
  const { view, canFinance, canManage } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <Link
        to={`/staff/policies/${view.policyId}`}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to policy {view.ref}
      </Link>
      <PageHeader title={`Full refund of policy ${view.ref}`} />
      <RefundStaffDecisions view={view} canFinance={canFinance} canManage={canManage} forms={F} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/policies" homeLabel="Back to policies" />
}
