import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft, CreditCard, Download, Pencil } from 'lucide-react'
import { z } from 'zod'
import { archivePolicy } from '../../domain/policies/archive-policy'
import { assignPolicyToAgencyUser } from '../../domain/policies/assign-policy-to-agency-user'
import { getPolicyDetails } from '../../domain/policies/get-policy-details'
import { getPolicyHistory } from '../../domain/policies/get-policy-history'
import { findAgencyUsers } from '../../domain/users/find-agency-users'
import { PageHeader } from '../components/app-shell'
import { AmendmentLink } from '../components/policies/amendment-link'
import { PAID_STATUSES } from '../../domain/policies/policies.rules'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { ConfirmSubmit } from '../components/confirm-submit'
import { ErrorList, SelectField, SubmitButton } from '../components/forms'
import { PolicySections, PolicyStatusLine } from '../components/policy-detail'
import { buttonVariants } from '../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card'
import { idFromParam, readForm, replyForIntent, throwAsResponse } from '../utils/forms.server'
import { policyDetailView } from '../utils/policy-list.server'
import { withActorNames } from '../../domain/shared/actor-names'
import { requireAgency } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'
import { agencyRefundData } from '../utils/refunds.server'
import { RefundAgencySection } from '../components/policies/refund-agency-section'
import { id } from '../../domain/shared/fields'

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
  const refund = await agencyRefundData(actor, policyId)
  // The agency sees its certificate once issued.
  view.certificates = view.certificates.filter((c) => c.certificate_type === 'new' && c.issued_at)
  const isAdmin = actor.permissions.has('user_management')
  const users = isAdmin
    ? (await findAgencyUsers({ actor, agencyId: actor.agencyId, perPage: 100, status: 'ENABLED' })).items
    : []
  return {
    policy: view,
    isAdmin,
    canQuote: actor.permissions.has('quote'),
    canArchive: actor.permissions.has('quote') || actor.permissions.has('purchase'),
    users: users.map((u) => ({ value: String(u.id), label: `${u.first_name} ${u.last_name} (${u.email})` })),
    refund,
  }
}

const ArchiveSchema = z.object({ intent: z.literal('archive'), is_archived: z.enum(['true', 'false']) })
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
    case 'archive': {
      const submission = parseWithZod(formData, { schema: ArchiveSchema })
      if (submission.status !== 'success') return replyForIntent({ intent: 'archive' }, submission)
      const isArchived = submission.value.is_archived === 'true'
      try {
        await archivePolicy({ actor, policyId, isArchived })
      } catch (err) {
        return replyForIntent({ intent: 'archive' }, submission, err)
      }
      return back(isArchived ? 'Policy archived' : 'Policy restored from the archive')
    }
    case 'assign': {
      const submission = parseWithZod(formData, { schema: AssignSchema })
      if (submission.status !== 'success') return replyForIntent({ intent: 'assign' }, submission)
      try {
        await assignPolicyToAgencyUser({
          actor,
          policyId,
          agencyUserId: submission.value.assign_to_agency_user,
        })
      } catch (err) {
        return replyForIntent({ intent: 'assign' }, submission, err)
      }
      return back('Policy assigned')
    }
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

type Reply = { intent: string; result: { error?: Record<string, string[] | null> | null } }

function useErrorsFor(intent: string, field = '') {
  const data = useActionData<typeof action>() as Reply | undefined
  if (data?.intent !== intent) return undefined
  return data.result.error?.[field] ?? undefined
}

export default function AgencyPolicy() {
  const { policy, isAdmin, canQuote, canArchive, users, refund } = useLoaderData<typeof loader>()
  const { meta } = policy
  const assignErrors = useErrorsFor('assign', 'assign_to_agency_user')
  const assignFormErrors = useErrorsFor('assign')
  const archiveErrors = useErrorsFor('archive')
  const issued = policy.certificates.length > 0
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
      <PolicySections
        policy={policy}
        certificatesEmpty={
          meta.status === 'CERTIFICATE_UPLOADED'
            ? 'The certificate has been uploaded and will be available once issued.'
            : 'The certificate is available here once the insurer has issued it.'
        }
      />
      <RefundAgencySection view={refund.view} canRequest={refund.canRequest} />
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
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="assign" />
                <SelectField
                  labelProps={{ children: 'Assign to' }}
                  selectProps={{
                    id: 'assign_to_agency_user',
                    name: 'assign_to_agency_user',
                    defaultValue: policy.assigned_agency_user ? String(policy.assigned_agency_user.id) : '',
                  }}
                  placeholder="Choose a user"
                  options={users}
                  errors={assignErrors}
                />
                <ErrorList errors={assignFormErrors} />
                <SubmitButton size="sm">Assign</SubmitButton>
              </Form>
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
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="archive" />
                <input type="hidden" name="is_archived" value={policy.is_archived ? 'false' : 'true'} />
                <ErrorList errors={archiveErrors} />
                {policy.is_archived ? (
                  <SubmitButton size="sm" variant="outline">
                    Restore from the archive
                  </SubmitButton>
                ) : (
                  <ConfirmSubmit
                    size="sm"
                    variant="outline"
                    title={`Archive policy ${policy.ref}?`}
                    description="It leaves the policy lists and shows only under the Archived tab; it can be restored at any time."
                    confirmLabel="Archive policy"
                  >
                    Archive policy
                  </ConfirmSubmit>
                )}
              </Form>
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
