import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { getAmendmentOverview } from '../../../../domain/amendments/get-amendment-overview'
import { handlePolicyAmendment } from '../../../../domain/amendments/handle-policy-amendment'
import { updateAmendmentPremium } from '../../../../domain/amendments/update-amendment-premium'
import { approveAmendmentPayment } from '../../../../domain/amendments/approve-amendment-payment'
import { rejectAmendmentPayment } from '../../../../domain/amendments/reject-amendment-payment'
import {
  AmendedCertificateFormSchema,
  AmendmentPaymentDecisionFormSchema,
  ConfirmAmendmentPremiumFormSchema,
  STAFF_AMENDMENT_FORMS,
  StaffOpenAmendmentFormSchema,
} from '../../../../domain/amendments/amendments.schemas'
import { uploadPolicyCertificate } from '../../../../domain/policies/upload-policy-certificate'
import { conflict } from '../../../../domain/shared/errors'
import { PageHeader } from '../../../components/app-shell'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { AmendmentSummary } from '../../../components/policies/amendment-summary'
import { StaffAmendmentDecision, StaffOpenForm } from '../../../components/policies/amendment-staff-forms'
import { answerPage, idFromParam, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { requireStaff } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { storeFormFile } from '../../../utils/upload.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Amendment of ${data?.policy.ref ?? 'policy'} · OSHC Back Office` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireStaff(request)
  const policyId = idFromParam(params.policyId, 'Policy')
  const o = await getAmendmentOverview({ actor, policyId }).catch(throwAsResponse)
  return {
    policy: o.policy,
    canAmend: o.can_amend && actor.permissions.has('policy_management'),
    open: o.open,
    past: o.past,
    canPolicy: actor.permissions.has('policy_management'),
    canFinance: actor.permissions.has('finance'),
  }
}

/** The open amendment a decision is about (a form posted after it closed is refused on the form). */
async function openAmendment(actor: Parameters<typeof getAmendmentOverview>[0]['actor'], policyId: number) {
  const o = await getAmendmentOverview({ actor, policyId })
  if (!o.open) throw conflict('This policy has no open amendment')
  return { ...o, open: o.open }
}

/**
 * open (amendment_premium, amendment_note) | adjust, confirm (new_premium) | approve, reject
 * (reason) | certificate (certificate_url file, membership_number): each form on its schema
 * (amendments.schemas.ts); a refusal answers on the form that posted, a decision with a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireStaff(request)
  const policyId = idFromParam(params.policyId, 'Policy')
  const form = await readForm(request)
  const here = answerPage(request, `/staff/policies/${policyId}/amendment`)
  switch (form.get('intent')) {
    case 'open':
      return submitForm(form, StaffOpenAmendmentFormSchema, async (v) => {
        await getAmendmentOverview({ actor, policyId })
        await handlePolicyAmendment({
          actor,
          policyId,
          input: {
            amendment_premium: v.amendment_premium,
            amendment_note: v.amendment_note,
            partner: null,
            family_members: [],
          },
        })
        return redirectWithToast(here, { title: 'Amendment opened' })
      })
    case 'adjust':
    case 'confirm':
      return submitForm(form, ConfirmAmendmentPremiumFormSchema, async (v) => {
        const { open } = await openAmendment(actor, policyId)
        const confirm = v.intent === 'confirm'
        await updateAmendmentPremium({ actor, amendmentId: open.id, newPremium: v.new_premium, confirm })
        return redirectWithToast(here, { title: confirm ? 'Premium confirmed' : 'Premium saved' })
      })
    case 'approve':
    case 'reject':
      return submitForm(form, AmendmentPaymentDecisionFormSchema, async (v) => {
        const { open } = await openAmendment(actor, policyId)
        if (v.intent === 'approve') {
          await approveAmendmentPayment({ actor, amendmentId: open.id })
          return redirectWithToast(here, { title: 'Payment approved' })
        }
        await rejectAmendmentPayment({ actor, amendmentId: open.id, reason: v.reason })
        return redirectWithToast(here, { title: 'Payment rejected' })
      })
    case 'certificate':
      return submitForm(form, AmendedCertificateFormSchema, async (v) => {
        const o = await openAmendment(actor, policyId)
        const file = form.get('certificate_url')
        const { key } = await storeFormFile({
          actor,
          file,
          field: 'certificate_url',
          agencyId: o.policy.agency_id,
        })
        await uploadPolicyCertificate({
          actor,
          policyId,
          input: {
            certificate_url: key,
            certificate_name: typeof file === 'string' || !file ? 'certificate.pdf' : file.name,
            membership_number: v.membership_number ?? '—',
            policy_number: null,
          },
        })
        return redirectWithToast(here, { title: 'Certificate uploaded; the policy is amended' })
      })
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

export default function StaffAmendment() {
  const { policy, canAmend, open, past, canPolicy, canFinance } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <Link
        to={`/staff/policies/${policy.id}`}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Policy {policy.ref}
      </Link>
      <PageHeader title={`Amendments of ${policy.ref}`} />
      {open ? <AmendmentSummary a={open} side="staff" /> : null}
      {open ? (
        <StaffAmendmentDecision
          policyId={policy.id}
          open={open}
          canPolicy={canPolicy}
          canFinance={canFinance}
          forms={STAFF_AMENDMENT_FORMS}
        />
      ) : null}
      {canAmend ? <StaffOpenForm premium={policy.premium} schema={StaffOpenAmendmentFormSchema} /> : null}
      {past.map((a) => (
        <AmendmentSummary key={a.id} a={a} side="staff" />
      ))}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
