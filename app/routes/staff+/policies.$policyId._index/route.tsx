import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { archivePolicy } from '../../../../domain/policies/archive-policy'
import { assignPolicyToOshcUser } from '../../../../domain/policies/assign-policy-to-oshc-user'
import { deletePolicyCertificate } from '../../../../domain/policies/delete-policy-certificate'
import { getPolicyDetails } from '../../../../domain/policies/get-policy-details'
import { getPolicyHistory } from '../../../../domain/policies/get-policy-history'
import { issuePolicyCertificate } from '../../../../domain/policies/issue-policy-certificate'
import { uploadPolicyCertificate } from '../../../../domain/policies/upload-policy-certificate'
import { updateProviderPaymentStatus } from '../../../../domain/policies/update-provider-payment-status'
import { updateUserDefinedStatus } from '../../../../domain/policies/update-user-defined-status'
import { findOshcUsersForAssigning } from '../../../../domain/users/find-oshc-users-for-assigning'
import { PageHeader } from '../../../components/app-shell'
import { AmendmentLink } from '../../../components/policies/amendment-link'
import { ClawbackSectionLink } from '../../../components/policies/clawback-initiate-form'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { ErrorList } from '../../../components/forms'
import { PolicySections, PolicyStatusLine } from '../../../components/policy-detail'
import { certificateView } from '../../../components/policies/certificate-state'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { policyDetailView } from '../../../utils/policy-list.server'
import { withActorNames } from '../../../../domain/shared/actor-names'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { storeFormFile } from '../../../utils/upload.server'
import { staffRefundData } from '../../../utils/refunds.server'
import { RefundStaffDecisions } from '../../../components/policies/refund-staff-decisions'
import { STAFF_REFUND_FORMS } from '../../../../domain/refunds/refunds.schemas'
import { ArchivePolicySchema } from '../../../components/policies/archive-policy-form'
import {
  AssignSchema,
  DeleteCertificateSchema,
  IssueCertificateSchema,
  ProviderPaymentSchema,
  UploadCertificateSchema,
  UserDefinedSchema,
} from '../../../utils/policy-forms.schemas'
import { CertificateActions, StaffPolicyForms, useErrors } from './staff-policy-forms'
import { MoneyTrailSection } from '../../../components/money/money-trail'
import { moneyTrailView } from '../../../utils/money-trail.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.policy.ref ?? 'Policy'} · OSHC Back Office` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getPolicyDetails.access, 'staff')
  const policyId = idFromParam(params.policyId, 'Policy')
  const canManage = actor.permissions.has('policy_management')
  // Side by side: a policy that is not there is a 404 from whichever read finds it first, and
  // nothing the others read is answered.
  const [details, history, staffUsers, refund, moneyTrail] = await Promise.all([
    getPolicyDetails({ actor, policyId }),
    getPolicyHistory({ actor, policyId }).then(withActorNames),
    canManage ? findOshcUsersForAssigning({ actor }) : [],
    staffRefundData(actor, policyId),
    moneyTrailView(policyId),
  ]).catch(throwAsResponse)
  const policy = policyDetailView(details, history)
  return {
    policy,
    certificate: certificateView(policy.status, policy.certificates, 'staff'),
    canManage,
    refund,
    moneyTrail,
    staffUsers: staffUsers.map((u) => ({
      value: String(u.id),
      label: `${u.first_name} ${u.last_name} (${u.email})`,
    })),
  }
}

/** The page's forms (certificate, working status, assignment, archive), each by its intent. */
export async function action({ request, params }: ActionFunctionArgs) {
  // Every form of the page runs a policy_management use case (archivePolicy's staff side too).
  const actor = await requireAccess(request, updateUserDefinedStatus.access)
  const policyId = idFromParam(params.policyId, 'Policy')
  const formData = await readForm(request)
  const back = (title: string, description?: string) =>
    redirectWithToast(`/staff/policies/${policyId}`, { type: 'success', title, description })
  switch (formData.get('intent')) {
    case 'upload-certificate':
      return submitForm(formData, UploadCertificateSchema, async (v) => {
        const details = await getPolicyDetails({ actor, policyId })
        const stored = await storeFormFile({
          actor,
          file: formData.get('certificate'),
          field: 'certificate',
          agencyId: details.policy.agency_id,
        })
        await uploadPolicyCertificate({
          actor,
          policyId,
          input: {
            certificate_url: stored.key,
            certificate_name: stored.filename.slice(0, 256),
            membership_number: v.membership_number,
            policy_number: v.policy_number,
          },
        })
        return back('Certificate uploaded', 'Issue it to make it available to the agency.')
      })
    case 'issue-certificate':
      return submitForm(formData, IssueCertificateSchema, async (v) => {
        const r = await issuePolicyCertificate({
          actor,
          policyId,
          input: {
            shouldSendEmail: v.send_email === 'on',
            certificate_url: null,
            certificate_name: null,
            membership_number: null,
            policy_number: null,
          },
        })
        return back(
          'Certificate issued',
          r.emailed_to ? `E-mailed to ${r.emailed_to}.` : 'No e-mail was sent.',
        )
      })
    case 'delete-certificate':
      return submitForm(formData, DeleteCertificateSchema, async (v) => {
        const { certificate_type: certificateType, certificate_id: certificateId } = v
        await deletePolicyCertificate({ actor, policyId, certificateType, certificateId })
        return back('Certificate deleted')
      })
    case 'user-defined-status':
      return submitForm(formData, UserDefinedSchema, async (v) => {
        await updateUserDefinedStatus({ actor, policyId, status: v.status })
        return back('Working status updated')
      })
    case 'provider-payment-status':
      return submitForm(formData, ProviderPaymentSchema, async (v) => {
        await updateProviderPaymentStatus({ actor, policyId, status: v.status })
        return back('Provider payment status updated')
      })
    case 'assign':
      return submitForm(formData, AssignSchema, async (v) => {
        await assignPolicyToOshcUser({ actor, policyId, oshcUserId: v.assign_to })
        return back('Policy assigned')
      })
    case 'archive':
      return submitForm(formData, ArchivePolicySchema, async (v) => {
        await archivePolicy({ actor, policyId, isArchived: v.is_archived === 'true' })
        return back(v.is_archived === 'true' ? 'Policy archived' : 'Policy restored from the archive')
      })
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

export default function StaffPolicy() {
  const { policy, certificate, canManage, staffUsers, refund, moneyTrail } = useLoaderData<typeof loader>()
  const { meta } = policy
  const remove = useErrors('delete-certificate')
  return (
    <div className="space-y-6">
      <Link
        to="/staff/policies"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All policies
      </Link>
      <PageHeader
        title={`Policy ${policy.ref}`}
        description={
          <span className="flex flex-col gap-1">
            <PolicyStatusLine policy={policy} />
            <span>
              Agency:{' '}
              <Link to={`/staff/agencies/${policy.agency.id}`} className="text-primary hover:underline">
                {policy.agency.name ?? policy.agency.email}
              </Link>
            </span>
          </span>
        }
        actions={
          <>
            <ClawbackSectionLink policyId={policy.id} />
            <AmendmentLink to={`/staff/policies/${policy.id}/amendment`} />
          </>
        }
      />
      <PolicySections
        policy={policy}
        certificate={certificate}
        invoiceBase="/staff/finance/invoices"
        certificateActions={(c) => (
          <CertificateActions
            policy={policy}
            certificate={c}
            canDelete={canManage && (c.certificate_type === 'old' || meta.can_delete_certificate)}
          />
        )}
      />
      <ErrorList errors={remove()} />
      <MoneyTrailSection lines={moneyTrail} portal="staff" />
      <RefundStaffDecisions
        view={refund.view}
        canFinance={refund.canFinance}
        canManage={refund.canManage}
        forms={STAFF_REFUND_FORMS}
      />
      {canManage ? (
        <StaffPolicyForms policy={policy} certificate={certificate} staffUsers={staffUsers} />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/policies" homeLabel="Back to policies" />
}
