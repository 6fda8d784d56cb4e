import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft, CreditCard, Download, Pencil } from 'lucide-react'
import { z } from 'zod'
import { archivePolicy } from '../../../../domain/policies/archive-policy'
import { assignPolicyToAgencyUser } from '../../../../domain/policies/assign-policy-to-agency-user'
import { getPolicyDetails } from '../../../../domain/policies/get-policy-details'
import { getPolicyHistory } from '../../../../domain/policies/get-policy-history'
import { findAgencyUsers } from '../../../../domain/users/find-agency-users'
import { PageHeader } from '../../../components/app-shell'
import { AmendmentLink } from '../../../components/policies/amendment-link'
import { PAID_STATUSES } from '../../../../domain/policies/policies.rules'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { ConformForm, ErrorList, SelectField, SubmitButton, useConformForm } from '../../../components/forms'
import { PolicySections, PolicyStatusLine } from '../../../components/policy-detail'
import { certificateView } from '../../../components/policies/certificate-state'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { policyDetailView } from '../../../utils/policy-list.server'
import { withActorNames } from '../../../../domain/shared/actor-names'
import { requireAgency } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { agencyRefundData } from '../../../utils/refunds.server'
import { RefundAgencySection } from '../../../components/policies/refund-agency-section'
import { AGENCY_REFUND_FORMS } from '../../../../domain/refunds/refunds.schemas'
import { ArchivePolicyForm, ArchivePolicySchema } from '../../../components/policies/archive-policy-form'
import { ClawbackAgencySection, type AgencyClawback } from './clawback-agency-section'
import { findClawbacks } from '../../../../domain/clawbacks/find-clawbacks'
import type { AgencyActor } from '../../../../domain/shared/actor'
import { id } from '../../../../domain/shared/fields'
import { MoneyTrailSection } from '../../../components/money/money-trail'
import { moneyTrailView } from '../../../utils/money-trail.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.policy.ref ?? 'Policy'} · Agency portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const policyId = idFromParam(params.policyId, 'Policy')
  const [details, history] = await Promise.all([
    getPolicyDetails({ actor, policyId }),
    getPolicyHistory({ actor, policyId }).then(withActorNames),
  ]).catch(throwAsResponse)
  const view = policyDetailView(details, history)
  const mayPay = actor.permissions.has('finance') || actor.permissions.has('purchase')
  // The policy was loaded for this agency above (another agency's is a 404), so its trail may show.
  const [refund, clawbacks, moneyTrail] = await Promise.all([
    agencyRefundData(actor, policyId),
    mayPay ? policyClawbacks(actor, policyId) : [],
    moneyTrailView(details.policy.id),
  ])
  // The state is read from every certificate; the agency sees its certificate once issued.
  const certificate = certificateView(view.status, view.certificates, 'agency')
  view.certificates = view.certificates.filter((c) => c.certificate_type === 'new' && c.issued_at)
  const isAdmin = actor.permissions.has('user_management')
  const users = isAdmin
    ? (await findAgencyUsers({ actor, agencyId: actor.agencyId, perPage: 100, status: 'ENABLED' })).items
    : []
  return {
    policy: view,
    certificate,
    isAdmin,
    canQuote: actor.permissions.has('quote'),
    canArchive: actor.permissions.has('quote') || actor.permissions.has('purchase'),
    users: users.map((u) => ({ value: String(u.id), label: `${u.first_name} ${u.last_name} (${u.email})` })),
    refund,
    clawbacks,
    mayPay,
    moneyTrail,
  }
}

/** The policy's clawbacks for the agency's clawback section, newest first. */
async function policyClawbacks(actor: AgencyActor, policyId: number): Promise<AgencyClawback[]> {
  const { items } = await findClawbacks({
    actor,
    agencyId: actor.agencyId,
    input: { policy_id: policyId, sort_key: 'created_at', sort_direction: 'desc', page: 1, perPage: 20 },
  })
  return items.map((c) => ({
    id: c.id,
    status: c.status,
    statusLabel: c.status_label,
    premium: c.clawback_premium_amount,
    rate: c.commission_rate,
    amount: c.clawback_commission_amount,
    outstanding: c.outstanding_amount,
    methodLabel: c.clawback_method_label,
    rejectionReason: c.rejection_reason,
    receiptId: c.receipt_id,
    createdAt: c.created_at.toISOString(),
    completedAt: c.clawback_completed_at ? c.clawback_completed_at.toISOString() : null,
  }))
}

const AssignSchema = z.object({
  intent: z.literal('assign'),
  assign_to_agency_user: id('Choose a user'),
})

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAgency(request)
  const policyId = idFromParam(params.policyId, 'Policy')
  const formData = await readForm(request)
  const back = (title: string) =>
    redirectWithToast(`/agency/policies/${policyId}`, { type: 'success', title })
  switch (formData.get('intent')) {
    case 'archive':
      return submitForm(formData, ArchivePolicySchema, async (v) => {
        const isArchived = v.is_archived === 'true'
        await archivePolicy({ actor, policyId, isArchived })
        return back(isArchived ? 'Policy archived' : 'Policy restored from the archive')
      })
    case 'assign':
      return submitForm(formData, AssignSchema, async (v) => {
        await assignPolicyToAgencyUser({ actor, policyId, agencyUserId: v.assign_to_agency_user })
        return back('Policy assigned')
      })
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

export default function AgencyPolicy() {
  const { policy, certificate, isAdmin, canQuote, canArchive, users, refund, clawbacks, mayPay, moneyTrail } =
    useLoaderData<typeof loader>()
  const { meta } = policy
  const [assign, assignFields] = useConformForm(AssignSchema, { intent: 'assign' })
  const issued = certificate.state === 'issued'
  return (
    <div className="space-y-6">
      <Link
        to="/agency/policies"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All policies
      </Link>
      <PageHeader
        title={`Policy ${policy.ref}`}
        description={<PolicyStatusLine policy={policy} />}
        actions={
          <>
            {meta.can_pay ? (
              <Link to={`/agency/policies/${policy.id}/pay`} className={buttonVariants({ size: 'sm' })}>
                <CreditCard aria-hidden="true" />
                Pay
              </Link>
            ) : null}
            {meta.can_edit && canQuote ? (
              <Link
                to={`/agency/policies/${policy.id}/edit`}
                className={buttonVariants({ size: 'sm', variant: 'outline' })}
              >
                <Pencil aria-hidden="true" />
                {meta.resume_step ? 'Continue' : 'Edit details'}
              </Link>
            ) : null}
            {PAID_STATUSES.includes(meta.status) ? (
              <AmendmentLink to={`/agency/policies/${policy.id}/amendment`} label="Amend" />
            ) : null}
            {issued ? (
              <a
                href={`/agency/policies/${policy.id}/certificate`}
                className={buttonVariants({ size: 'sm', variant: 'outline' })}
              >
                <Download aria-hidden="true" />
                Download certificate
              </a>
            ) : null}
          </>
        }
      />
      <PolicySections policy={policy} certificate={certificate} invoiceBase="/agency/finance/invoices" />
      <MoneyTrailSection lines={moneyTrail} portal="agency" />
      <RefundAgencySection view={refund.view} canRequest={refund.canRequest} forms={AGENCY_REFUND_FORMS} />
      <ClawbackAgencySection policyId={policy.id} clawbacks={clawbacks} canPay={mayPay} />
      <div className="grid gap-6 lg:grid-cols-2">
        {isAdmin ? (
          <Card>
            <CardHeader>
              <CardTitle as="h3">Assignment</CardTitle>
              <CardDescription>
                {policy.assigned_agency_user
                  ? `Assigned to ${policy.assigned_agency_user.first_name} ${policy.assigned_agency_user.last_name}.`
                  : 'Not assigned to a user.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ConformForm form={assign} intent="assign" className="space-y-3">
                <SelectField
                  labelProps={{ children: 'Assign to' }}
                  selectProps={{
                    id: 'assign_to_agency_user',
                    name: 'assign_to_agency_user',
                    defaultValue: policy.assigned_agency_user ? String(policy.assigned_agency_user.id) : '',
                  }}
                  placeholder="Choose a user"
                  options={users}
                  errors={assignFields.assign_to_agency_user.errors}
                />
                <ErrorList errors={assign.errors} />
                <SubmitButton size="sm">Assign</SubmitButton>
              </ConformForm>
            </CardContent>
          </Card>
        ) : null}
        {canArchive ? (
          <Card>
            <CardHeader>
              <CardTitle as="h3">Archive</CardTitle>
              <CardDescription>
                {policy.is_archived
                  ? 'This policy is archived: it only shows under the Archived tab.'
                  : 'Archived policies leave the policy lists; they can be restored at any time.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ArchivePolicyForm policy={policy} />
            </CardContent>
          </Card>
        ) : null}
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/policies" homeLabel="Back to policies" />
}
