import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { getAmendmentOverview } from '../../../../domain/amendments/get-amendment-overview'
import { handlePolicyAmendment } from '../../../../domain/amendments/handle-policy-amendment'
import { updateAmendmentPremium } from '../../../../domain/amendments/update-amendment-premium'
import { approveAmendmentPayment } from '../../../../domain/amendments/approve-amendment-payment'
import { rejectAmendmentPayment } from '../../../../domain/amendments/reject-amendment-payment'
import { HandlePolicyAmendmentSchema } from '../../../../domain/amendments/amendments.schemas'
import { uploadPolicyCertificate } from '../../../../domain/policies/upload-policy-certificate'
import { DomainError, HTTP_STATUS, validation } from '../../../../domain/shared/errors'
import { PageHeader } from '../../../components/app-shell'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { AmendmentSummary } from '../../../components/policies/amendment-summary'
import {
  AmendedCertificateForm,
  ConfirmPremiumForm,
  PaymentDecisionForm,
  StaffOpenForm,
} from './amendment-staff-forms'
import { idFromParam, readForm, throwAsResponse } from '../../../utils/forms.server'
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

type Errors = Record<string, string[]>

function refused(err: unknown) {
  if (!(err instanceof DomainError)) throw err
  const errors: Errors = { form: [err.message] }
  for (const [k, v] of Object.entries(err.errors ?? {})) errors[k] = v
  return data({ errors }, { status: HTTP_STATUS[err.code] })
}

const amount = (v: string) => {
  const n = Number(v)
  return v && Number.isFinite(n) && n > 0 ? n : undefined
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireStaff(request)
  const policyId = idFromParam(params.policyId, 'Policy')
  const form = await readForm(request)
  const text = (k: string) => String(form.get(k) ?? '').trim()
  const here = `/staff/policies/${policyId}/amendment`
  try {
    const o = await getAmendmentOverview({ actor, policyId })
    const intent = text('intent')
    if (intent === 'open') {
      const parsed = HandlePolicyAmendmentSchema.safeParse({
        amendment_premium: text('amendment_premium'),
        amendment_note: text('amendment_note') || null,
      })
      if (!parsed.success)
        throw validation('amendment_premium', parsed.error.issues[0]?.message ?? 'Invalid amount')
      await handlePolicyAmendment({ actor, policyId, input: parsed.data })
      return redirectWithToast(here, { title: 'Amendment opened' })
    }
    if (!o.open) return data({ errors: { form: ['This policy has no open amendment'] } }, { status: 409 })
    const amendmentId = o.open.id
    if (intent === 'adjust' || intent === 'confirm') {
      const newPremium = amount(text('new_premium'))
      if (intent === 'adjust' && newPremium === undefined)
        throw validation('new_premium', 'new_premium must be greater than 0')
      await updateAmendmentPremium({ actor, amendmentId, newPremium, confirm: intent === 'confirm' })
      return redirectWithToast(here, { title: intent === 'confirm' ? 'Premium confirmed' : 'Premium saved' })
    }
    if (intent === 'approve') {
      await approveAmendmentPayment({ actor, amendmentId })
      return redirectWithToast(here, { title: 'Payment approved' })
    }
    if (intent === 'reject') {
      await rejectAmendmentPayment({ actor, amendmentId, reason: text('reason') || null })
      return redirectWithToast(here, { title: 'Payment rejected' })
    }
    if (intent === 'certificate') {
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
          membership_number: text('membership_number') || '—',
          policy_number: null,
        },
      })
      return redirectWithToast(here, { title: 'Certificate uploaded; the policy is amended' })
    }
    return data({ errors: { form: ['Unknown action'] } }, { status: 400 })
  } catch (err) {
    if (err instanceof Response) throw err
    return refused(err)
  }
}

export default function StaffAmendment() {
  const { policy, canAmend, open, past, canPolicy, canFinance } = useLoaderData<typeof loader>()
  const errors = (useActionData<typeof action>() as { errors?: Errors } | undefined)?.errors
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
      {open?.phase === 'CONFIRM_PREMIUM_BY_ADMIN' && canPolicy ? (
        <ConfirmPremiumForm premium={open.new_premium} prev={open.prev_premium} errors={errors} />
      ) : null}
      {open?.phase === 'PAYMENT_APPROVAL' && canFinance ? (
        <PaymentDecisionForm amount={open.payable_amount} errors={errors} />
      ) : null}
      {open?.phase === 'ISSUE_CERTIFICATE' && canPolicy ? <AmendedCertificateForm errors={errors} /> : null}
      {canAmend ? <StaffOpenForm premium={policy.premium} errors={errors} /> : null}
      {past.map((a) => (
        <AmendmentSummary key={a.id} a={a} side="staff" />
      ))}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
