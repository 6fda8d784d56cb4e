import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { deleteRefundDocument } from '../../../domain/refunds/delete-refund-document'
import { requestFullRefund } from '../../../domain/refunds/request-full-refund'
import { z } from 'zod'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { type FormResult } from '../../components/forms'
import { RefundAgencySection } from '../../components/policies/refund-agency-section'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { agencyRefundData, RefundRequestForm } from '../../utils/refunds.server'
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

const DeleteDocumentForm = z.object({ file_id: z.coerce.number().int().positive() })

/** request (reason and documents, multipart) or delete-document (file_id); both answer on the policy page. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, requestFullRefund.access)
  const policyId = idFromParam(params.policyId, 'Policy')
  // Up to 10 refund documents in one post (RefundRequestForm).
  const formData = await readForm(request, { files: 10 })
  const back = (title: string) =>
    redirectWithToast(`/agency/policies/${policyId}`, { type: 'success', title })
  switch (formData.get('intent')) {
    case 'delete-document':
      return submitForm(formData, DeleteDocumentForm, async (v) => {
        await deleteRefundDocument({ actor, fileId: v.file_id })
        return back('Refund document removed')
      })
    case 'request':
      return submitForm(formData, RefundRequestForm, async (v) => {
        const files: string[] = []
        for (const file of formData.getAll('files')) {
          if (typeof file === 'string' || file.size === 0) continue
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
  const result = useActionData() as FormResult | undefined
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
      <RefundAgencySection view={view} canRequest={canRequest} errors={result?.error ?? undefined} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/policies" homeLabel="Back to policies" />
}
