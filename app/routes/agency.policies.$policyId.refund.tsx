import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { deleteRefundDocument } from '../../domain/refunds/delete-refund-document'
import { requestFullRefund } from '../../domain/refunds/request-full-refund'
import { parseId } from '../../domain/shared/fields'
import { z } from 'zod'
import { PageHeader } from '../components/app-shell'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { RefundAgencySection, type FormErrors } from '../components/policies/refund-agency-section'
import { idFromParam, readForm, replyForIntent, throwAsResponse } from '../utils/forms.server'
import { agencyRefundData, RefundRequestForm } from '../utils/refunds.server'
import { requireAccess } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'
import { storeFormFile } from '../utils/upload.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Full refund of ${data?.view.ref ?? 'a policy'} · Agency portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, { agency: true })
  const policyId = idFromParam(params.policyId, 'Policy')
  return agencyRefundData(actor, policyId).catch(throwAsResponse)
}

/** request (reason and documents, multipart) or delete-document (file_id); both answer on the policy page. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, requestFullRefund.access)
  const policyId = idFromParam(params.policyId, 'Policy')
  const formData = await readForm(request)
  const intent = String(formData.get('intent') ?? '')
  const back = (title: string) =>
    redirectWithToast(`/agency/policies/${policyId}`, { type: 'success', title })
  if (intent === 'delete-document') {
    const submission = parseWithZod(formData, { schema: z.object({ intent: z.literal('delete-document') }) })
    try {
      await deleteRefundDocument({ actor, fileId: parseId(formData.get('file_id')) ?? 0 })
    } catch (err) {
      return replyForIntent({ intent }, submission, err)
    }
    return back('Refund document removed')
  }
  if (intent !== 'request') throw new Response('Unknown action', { status: 400 })
  const submission = parseWithZod(formData, { schema: RefundRequestForm })
  if (submission.status !== 'success') return replyForIntent({ intent }, submission)
  try {
    const files: string[] = []
    for (const file of formData.getAll('files')) {
      if (typeof file === 'string' || file.size === 0) continue
      files.push((await storeFormFile({ actor, file, field: 'files', agencyId: actor.agencyId })).key)
    }
    await requestFullRefund({
      actor,
      policyId,
      reason: submission.value.full_refund_requested_reason,
      files,
    })
  } catch (err) {
    return replyForIntent({ intent }, submission, err)
  }
  return back('Full refund requested')
}

type Reply = { intent: string; result: { error?: Record<string, string[] | null> | null } }

export default function AgencyPolicyRefund() {
  const { view, canRequest } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>() as Reply | undefined
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
      <RefundAgencySection view={view} canRequest={canRequest} errors={reply?.result.error as FormErrors} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/policies" homeLabel="Back to policies" />
}
