import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft, Download, Trash2 } from 'lucide-react'
import * as React from 'react'
import { z } from 'zod'
import { PROVIDER_PAYMENT_STATUSES, USER_DEFINED_STATUSES } from '../../db/schema/enums'
import { archivePolicy } from '../../domain/policies/archive-policy'
import { assignPolicyToOshcUser } from '../../domain/policies/assign-policy-to-oshc-user'
import { deletePolicyCertificate } from '../../domain/policies/delete-policy-certificate'
import { getPolicyDetails } from '../../domain/policies/get-policy-details'
import { getPolicyHistory } from '../../domain/policies/get-policy-history'
import { issuePolicyCertificate } from '../../domain/policies/issue-policy-certificate'
import {
  PROVIDER_PAYMENT_STATUS_LABELS,
  USER_DEFINED_STATUS_LABELS,
} from '../../domain/policies/policies.rules'
import { uploadPolicyCertificate } from '../../domain/policies/upload-policy-certificate'
import { updateProviderPaymentStatus } from '../../domain/policies/update-provider-payment-status'
import { updateUserDefinedStatus } from '../../domain/policies/update-user-defined-status'
import { id, optionalText, text } from '../../domain/shared/fields'
import { findOshcUsersForAssigning } from '../../domain/users/find-oshc-users-for-assigning'
import { PageHeader } from '../components/app-shell'
import { AmendmentLink } from '../components/policies/amendment-link'
import { ClawbackSectionLink } from '../components/policies/clawback-initiate-form'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { ConfirmSubmit } from '../components/confirm-submit'
import { CheckboxField, ErrorList, Field, SelectField, SubmitButton } from '../components/forms'
import { PolicySections, PolicyStatusLine } from '../components/policy-detail'
import { buttonVariants } from '../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card'
import { idFromParam, readForm, replyForIntent, throwAsResponse } from '../utils/forms.server'
import { labelOf } from '../utils/labels'
import { policyDetailView } from '../utils/policy-list.server'
import { withActorNames } from '../../domain/shared/actor-names'
import { requireStaff } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'
import { storeFormFile } from '../utils/upload.server'
import { staffRefundData } from '../utils/refunds.server'
import { RefundStaffSection } from '../components/policies/refund-staff-section'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.policy.ref ?? 'Policy'} · OSHC Back Office` },
]

async function requirePolicyStaff(request: Request) {
  const actor = await requireStaff(request)
  if (!actor.permissions.has('policy_management') && !actor.permissions.has('finance'))
    throw new Response('You do not have permission to see this page', { status: 403 })
  return actor
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requirePolicyStaff(request)
  const policyId = idFromParam(params.policyId, 'Policy')
  const [details, history] = await Promise.all([
    getPolicyDetails({ actor, policyId }),
    getPolicyHistory({ actor, policyId }).then(withActorNames),
  ]).catch(throwAsResponse)
  const canManage = actor.permissions.has('policy_management')
  const staffUsers = canManage ? await findOshcUsersForAssigning({ actor }) : []
  const refund = await staffRefundData(actor, policyId)
  return {
    policy: policyDetailView(details, history),
    canManage,
    refund,
    staffUsers: staffUsers.map((u) => ({
      value: String(u.id),
      label: `${u.first_name} ${u.last_name} (${u.email})`,
    })),
  }
}

const UploadSchema = z.object({
  intent: z.literal('upload-certificate'),
  membership_number: text(1, 64, 'membership_number is required'),
  policy_number: optionalText(64),
})
const IssueSchema = z.object({ intent: z.literal('issue-certificate'), send_email: z.string().optional() })
const DeleteSchema = z.object({
  intent: z.literal('delete-certificate'),
  certificate_type: z.enum(['old', 'new'], { error: 'certificate_type must be old or new' }),
  certificate_id: id(),
})
const UserDefinedSchema = z.object({
  intent: z.literal('user-defined-status'),
  status: z.enum(USER_DEFINED_STATUSES, { error: 'Choose a status' }),
})
const ProviderPaymentSchema = z.object({
  intent: z.literal('provider-payment-status'),
  status: z.enum(PROVIDER_PAYMENT_STATUSES, { error: 'Choose a status' }),
})
const AssignSchema = z.object({
  intent: z.literal('assign'),
  assign_to: id('Choose a staff user'),
})
const ArchiveSchema = z.object({ intent: z.literal('archive'), is_archived: z.enum(['true', 'false']) })

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireStaff(request, 'policy_management')
  const policyId = idFromParam(params.policyId, 'Policy')
  const formData = await readForm(request)
  const intent = String(formData.get('intent') ?? '')
  const back = (title: string, description?: string) =>
    redirectWithToast(`/staff/policies/${policyId}`, { type: 'success', title, description })
  const run = async <S extends z.ZodType>(schema: S, work: (value: z.infer<S>) => Promise<Response>) => {
    const submission = parseWithZod(formData, { schema })
    if (submission.status !== 'success') return replyForIntent({ intent }, submission)
    try {
      return await work(submission.value as z.infer<S>)
    } catch (err) {
      return replyForIntent({ intent }, submission, err)
    }
  }
  switch (intent) {
    case 'upload-certificate':
      return run(UploadSchema, async (v) => {
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
      return run(IssueSchema, async (v) => {
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
      return run(DeleteSchema, async (v) => {
        await deletePolicyCertificate({
          actor,
          policyId,
          certificateType: v.certificate_type,
          certificateId: v.certificate_id,
        })
        return back('Certificate deleted')
      })
    case 'user-defined-status':
      return run(UserDefinedSchema, async (v) => {
        await updateUserDefinedStatus({ actor, policyId, status: v.status })
        return back('Working status updated')
      })
    case 'provider-payment-status':
      return run(ProviderPaymentSchema, async (v) => {
        await updateProviderPaymentStatus({ actor, policyId, status: v.status })
        return back('Provider payment status updated')
      })
    case 'assign':
      return run(AssignSchema, async (v) => {
        await assignPolicyToOshcUser({ actor, policyId, oshcUserId: v.assign_to })
        return back('Policy assigned')
      })
    case 'archive':
      return run(ArchiveSchema, async (v) => {
        await archivePolicy({ actor, policyId, isArchived: v.is_archived === 'true' })
        return back(v.is_archived === 'true' ? 'Policy archived' : 'Policy restored from the archive')
      })
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

type Reply = { intent: string; result: { error?: Record<string, string[] | null> | null } }

function useErrors(intent: string) {
  const data = useActionData<typeof action>() as Reply | undefined
  return (field = '') => (data?.intent === intent ? (data.result.error?.[field] ?? undefined) : undefined)
}

function IntentForm({
  intent,
  children,
  className,
  encType,
}: {
  intent: string
  children: React.ReactNode
  className?: string
  encType?: 'multipart/form-data'
}) {
  return (
    <Form method="post" encType={encType} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  )
}

const options = (values: readonly string[], labels: Record<string, string>) =>
  values.map((v) => ({ value: v, label: labelOf(labels, v) }))

export default function StaffPolicy() {
  const { policy, canManage, staffUsers, refund } = useLoaderData<typeof loader>()
  const { meta } = policy
  const upload = useErrors('upload-certificate')
  const issue = useErrors('issue-certificate')
  const remove = useErrors('delete-certificate')
  const uds = useErrors('user-defined-status')
  const pps = useErrors('provider-payment-status')
  const assign = useErrors('assign')
  const archive = useErrors('archive')
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
        certificateActions={(c) => (
          <span className="flex flex-wrap items-center gap-2">
            <a
              href={`/staff/policies/${policy.id}/certificates/${c.id}`}
              className={buttonVariants({ size: 'sm', variant: 'outline' })}
              aria-label={`Download ${c.certificate_name}`}
            >
              <Download aria-hidden="true" />
              Download
            </a>
            {canManage && (c.certificate_type === 'old' || meta.can_delete_certificate) ? (
              <IntentForm intent="delete-certificate">
                <input type="hidden" name="certificate_type" value={c.certificate_type} />
                <input type="hidden" name="certificate_id" value={c.id} />
                <ConfirmSubmit
                  size="sm"
                  variant="outline"
                  title={`Delete ${c.certificate_name} of policy ${policy.ref}?`}
                  description="The certificate file is removed from the policy; the agency can no longer download it."
                  confirmLabel="Delete certificate"
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                  <span className="sr-only"> {c.certificate_name}</span>
                </ConfirmSubmit>
              </IntentForm>
            ) : null}
          </span>
        )}
      />
      <ErrorList errors={remove()} />
      <RefundStaffSection view={refund.view} canFinance={refund.canFinance} canManage={refund.canManage} />
      {canManage ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle as="h3">Certificate</CardTitle>
              <CardDescription>
                {meta.can_upload_certificate
                  ? 'Upload the certificate from the insurer, then issue it. Issuing makes it available to the agency.'
                  : 'A certificate can be uploaded once the premium is paid.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-6">
              {meta.can_upload_certificate ? (
                <IntentForm intent="upload-certificate" encType="multipart/form-data" className="space-y-3">
                  <Field
                    labelProps={{ children: 'Certificate file (PDF)' }}
                    inputProps={{
                      id: 'certificate',
                      name: 'certificate',
                      type: 'file',
                      accept: 'application/pdf',
                    }}
                    errors={upload('certificate')}
                  />
                  <Field
                    labelProps={{ children: 'Membership number' }}
                    inputProps={{ id: 'membership_number', name: 'membership_number', required: true }}
                    errors={upload('membership_number')}
                  />
                  <Field
                    labelProps={{ children: 'Policy number (optional)' }}
                    inputProps={{ id: 'policy_number', name: 'policy_number' }}
                    errors={upload('policy_number')}
                  />
                  <ErrorList errors={[...(upload() ?? []), ...(upload('certificate_url') ?? [])]} />
                  <SubmitButton size="sm">Upload certificate</SubmitButton>
                </IntentForm>
              ) : null}
              {meta.can_issue_certificate ? (
                <IntentForm intent="issue-certificate" className="space-y-3">
                  <CheckboxField
                    labelProps={{ children: 'Send the certificate to the student by e-mail' }}
                    inputProps={{ id: 'send_email', name: 'send_email', defaultChecked: true }}
                  />
                  <ErrorList errors={issue()} />
                  <SubmitButton size="sm">Issue certificate</SubmitButton>
                </IntentForm>
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3">Working status and assignment</CardTitle>
            </CardHeader>
            <CardContent className="space-y-6">
              <IntentForm intent="user-defined-status" className="space-y-2">
                <SelectField
                  labelProps={{ children: 'User-defined status' }}
                  selectProps={{
                    id: 'user_defined_status',
                    name: 'status',
                    defaultValue: policy.user_defined_status ?? '',
                  }}
                  placeholder="Not set"
                  options={options(USER_DEFINED_STATUSES, USER_DEFINED_STATUS_LABELS)}
                  errors={uds('status')}
                />
                <ErrorList errors={uds()} />
                <SubmitButton size="sm" variant="outline">
                  Save working status
                </SubmitButton>
              </IntentForm>
              <IntentForm intent="provider-payment-status" className="space-y-2">
                <SelectField
                  labelProps={{ children: 'Provider payment status' }}
                  selectProps={{
                    id: 'provider_payment_status',
                    name: 'status',
                    defaultValue: policy.provider_payment_status,
                  }}
                  options={options(PROVIDER_PAYMENT_STATUSES, PROVIDER_PAYMENT_STATUS_LABELS)}
                  errors={pps('status')}
                />
                <ErrorList errors={pps()} />
                <SubmitButton size="sm" variant="outline">
                  Save provider payment status
                </SubmitButton>
              </IntentForm>
              <IntentForm intent="assign" className="space-y-2">
                <SelectField
                  labelProps={{ children: 'Assigned staff user' }}
                  selectProps={{
                    id: 'assign_to',
                    name: 'assign_to',
                    defaultValue: policy.assigned_staff_user ? String(policy.assigned_staff_user.id) : '',
                  }}
                  placeholder="Not assigned"
                  options={staffUsers}
                  errors={assign('assign_to')}
                />
                <ErrorList errors={assign()} />
                <SubmitButton size="sm" variant="outline">
                  Assign
                </SubmitButton>
              </IntentForm>
              <IntentForm intent="archive" className="space-y-2">
                <input type="hidden" name="is_archived" value={policy.is_archived ? 'false' : 'true'} />
                <ErrorList errors={archive()} />
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
              </IntentForm>
            </CardContent>
          </Card>
        </div>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff/policies" homeLabel="Back to policies" />
}
