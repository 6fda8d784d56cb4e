import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { deleteRefundDocument } from '../../../domain/refunds/delete-refund-document'
import { requestFullRefund } from '../../../domain/refunds/request-full-refund'
import { AGENCY_REFUND_FORMS as F } from '../../../domain/refunds/refunds.schemas'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { RefundAgencySection } from '../../components/policies/refund-agency-section'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { agencyRefundData } from '../../utils/refunds.server'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { storeFormFile } from '../../utils/upload.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Full refund of ${data?.view.ref ?? 'a policy'} · Agency portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, { agency: true })
  const policyId = idFromParam(params.policyId, 'Policy')
  return agencyRefundData(actor, policyId).catch(throwAsResponse)
}

/**
 * request (reason and documents, multipart) or delete-document (file_id), each on its schema
 * (AGENCY_REFUND_FORMS); success answers on the policy page, a refusal on this page's form.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, requestFullRefund.access)
  const policyId = idFromParam(params.policyId, 'Policy')
  // Up to 10 refund documents in one post (AGENCY_REFUND_FORMS.request).
  const formData = await readForm(request, { files: 10 })
  const back = (title: string) =>
    redirectWithToast(`/agency/policies/${policyId}`, { type: 'success', title })
  switch (formData.get('intent')) {
    case 'delete-document':
      return submitForm(formData, F.deleteDocument, async (v) => {
        await deleteRefundDocument({ actor, fileId: v.file_id })
        return back('Refund document removed')
      })
    case 'request':
      return submitForm(formData, F.request, async (v) => {
        const files: string[] = []
        for (const file of v.files) {
          if (file.size === 0) continue
          files.push((await storeFormFile({ actor, file, field: 'files', agencyId: actor.agencyId })).key)
        }
        await requestFullRefund({ actor, policyId, reason: v.full_refund_requested_reason, files })
        return back('Full refund requested')
      })
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

export default function AgencyPolicyRefund() {
  const { view, canRequest } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <Link
        to={`/agency/policies/${view.policyId}`}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to policy {view.ref}
      </Link>
      <PageHeader title={`Full refund of policy ${view.ref}`} />
      <RefundAgencySection view={view} canRequest={canRequest} forms={F} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/policies" homeLabel="Back to policies" />
}
