import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PAYMENT_METHODS } from '../../../../db/schema/enums'
import { OUTSTANDING_TABS } from '../../../../domain/finance/finance.rules'
import { approvePolicyPayment } from '../../../../domain/finance/policy-payments/approve-policy-payment'
import { rejectPolicyPayments } from '../../../../domain/finance/policy-payments/reject-policy-payments'
import { uploadPolicyPaymentProof } from '../../../../domain/finance/policy-payments/upload-policy-payment-proof'
import { parseId } from '../../../../domain/shared/fields'
import { formatCents } from '../../../../domain/shared/format'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { STAFF_FINANCE_TAB_LABELS } from '../../../components/finance/finance-tabs'
import { loadStaffPaymentTab } from '../../../utils/finance-lists.server'
import { StaffPaymentList } from '../../../components/finance/staff-payment-list'
import { PaymentDecisionSchema } from '../../../components/finance/staff-payment-list.schemas'
import { UploadProof } from './upload-proof'
import { UploadProofSchema } from './upload-proof.schemas'
import { readForm, submitForm } from '../../../utils/forms.server'
import { requireStaff } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { storeFormFile } from '../../../utils/upload.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadStaffPaymentTab(await requireStaff(request, 'finance'), request, 'verification')
}

/** The list the decision came from (without Remix's ?index marker), to go back to. */
function backTo(request: Request) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  return `${url.pathname}${url.search}`
}

/**
 * Approve one payment (`intent=approve-payment:<policyId>`) or reject the ticked ones
 * (`reject-payments`): the list's form (PaymentDecisionSchema); or upload a proof (`upload-proof`,
 * UploadProofSchema). A decision goes back to the list with a toast, a refusal answers on its form.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireStaff(request, 'finance')
  const formData = await readForm(request)
  const intent = String(formData.get('intent') ?? '')
  const back = backTo(request)
  if (intent === 'upload-proof')
    return submitForm(formData, UploadProofSchema, async (v) => {
      const stored = await storeFormFile({ actor, file: formData.get('document'), field: 'document' })
      await uploadPolicyPaymentProof({ actor, policyId: v.policy_id, documentUrl: stored.key })
      return redirectWithToast(back, {
        type: 'success',
        title: 'Payment proof uploaded',
        description: 'Another finance staff member must approve this payment now.',
      })
    })
  return submitForm(formData, PaymentDecisionSchema, async (v) => {
    const [verb, idText] = v.intent.split(':')
    if (verb === 'approve-payment') {
      // 0 names no record: the use case answers 404, never a query with an impossible id.
      const r = await approvePolicyPayment({ actor, policyId: parseId(idText) ?? 0 })
      return redirectWithToast(back, { type: 'success', title: `Payment approved for ${r.ref}` })
    }
    const r = await rejectPolicyPayments({ actor, policyIds: v.policyId, reason: v.reason ?? '' })
    const held = r.reduce((sum, p) => sum + p.heldInSuspenseCents, 0)
    return redirectWithToast(back, {
      type: 'success',
      title: r.length === 1 ? `Payment rejected for ${r[0].ref}` : `${r.length} payments rejected`,
      description: held
        ? `${formatCents(held)} already received is held in Suspense until it is refunded or allocated.`
        : undefined,
    })
  })
}

export default function StaffFinanceVerification() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <StaffPaymentList
        list="verification"
        caption={STAFF_FINANCE_TAB_LABELS.verification}
        rows={data.rows}
        pageInfo={data.pageInfo}
        sort={data.sort}
        statusTab={null}
        agencies={data.agencies}
        providers={data.providers}
        perPage={data.perPage}
        methods={PAYMENT_METHODS}
        outstandingTabs={OUTSTANDING_TABS}
      />
      <UploadProof rows={data.rows} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
