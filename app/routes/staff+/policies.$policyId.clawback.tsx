import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { getClawback } from '../../../domain/clawbacks/get-clawback'
import { getClawbackInitiateDetails } from '../../../domain/clawbacks/get-clawback-initiate-details'
import { initiateClawback } from '../../../domain/clawbacks/initiate-clawback'
import { ClawbackInitiateFormSchema } from '../../../domain/clawbacks/clawbacks.schemas'
import { DomainError } from '../../../domain/shared/errors'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ClawbackInitiateForm } from '../../components/policies/clawback-initiate-form'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { formatDateTime, formatMoney } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { redirectWithToast } from '../../utils/toast.server'
import { storeFormFile } from '../../utils/upload.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Clawback of ${data?.details.ref ?? 'policy'} · OSHC Back Office` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, initiateClawback.access)
  const policyId = idFromParam(params.policyId, 'Policy')
  const details = await getClawbackInitiateDetails({ actor, policyId }).catch(throwAsResponse)
  const past = await getClawback({ actor, policyId }).catch((err: unknown) => {
    if (err instanceof DomainError && err.code === 'NOT_FOUND') return null
    throw err
  })
  return { details, clawbacks: past?.clawbacks ?? [] }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, initiateClawback.access)
  const policyId = idFromParam(params.policyId, 'Policy')
  return submitForm(await readForm(request), ClawbackInitiateFormSchema, async (v) => {
    const file = v.clawback_document
    const stored = file ? await storeFormFile({ actor, file, field: 'clawback_document' }) : null
    const input = {
      clawback_premium_amount: v.clawback_premium_amount,
      clawback_document: stored?.key ?? null,
      clawback_document_name: file?.name ?? null,
    }
    const c = await initiateClawback({ actor, policyId, input })
    return redirectWithToast(`/staff/policies/${policyId}/clawback`, {
      type: 'success',
      title: `Clawback #${c.id} initiated`,
      description: `${formatMoney(c.clawback_commission_amount)} of commission is to be paid back.`,
    })
  })
}

export default function StaffPolicyClawback() {
  const { details, clawbacks } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Clawback of policy ${details.ref}`}
        description={
          <Link to={`/staff/policies/${details.policy_id}`} className="text-primary hover:underline">
            Back to the policy
          </Link>
        }
      />
      <ClawbackInitiateForm d={details} schema={ClawbackInitiateFormSchema} />
      <section aria-labelledby="clawback-history" className="space-y-3">
        <h3 id="clawback-history" className="text-lg font-semibold">
          Clawbacks of this policy
        </h3>
        {clawbacks.length === 0 ? <p className="text-sm text-muted-foreground">None yet.</p> : null}
        {clawbacks.map((c) => (
          <div key={c.id} className="rounded border p-3 text-sm">
            <p>
              #{c.id}: {formatMoney(c.clawback_commission_amount)} ({c.status_label}), outstanding{' '}
              {formatMoney(c.outstanding_amount)}
              {c.clawback_method_label ? `, ${c.clawback_method_label}` : ''}
            </p>
            <ul className="mt-2 list-disc pl-5">
              {c.history.map((h, i) => (
                <li key={i}>
                  {formatDateTime(h.created_at)}: {h.action} by {h.actor}
                  {h.note ? ` (${h.note})` : ''}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
