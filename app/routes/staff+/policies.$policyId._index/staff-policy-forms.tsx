// The staff policy page's own sections: a certificate's download and delete buttons, the
// certificate card (upload, issue) and the working-status card (working status, provider payment
// status, assignment, archive). Each form posts its intent to the page's action (submitForm).
import { Download, Trash2 } from 'lucide-react'
import { labelOf, PROVIDER_PAYMENT_STATUS_LABELS, USER_DEFINED_STATUS_LABELS } from '../../../utils/labels'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import {
  CheckboxField,
  ErrorList,
  Field,
  IntentForm,
  SelectField,
  SubmitButton,
  useResultFor,
} from '../../../components/forms'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { ArchivePolicyForm } from '../../../components/policies/archive-policy-form'

/** The messages of the form that posted `intent`, by field ('' is the form's own message). */
export function useErrors(intent: string) {
  const result = useResultFor(intent)
  return (field = '') => result?.error?.[field] ?? undefined
}

const options = (values: readonly string[], labels: Record<string, string>) =>
  values.map((v) => ({ value: v, label: labelOf(labels, v) }))

type PolicyView = {
  id: number
  ref: string
  is_archived: boolean
  user_defined_status: string | null
  provider_payment_status: string
  assigned_staff_user: { id: number } | null
  meta: { can_upload_certificate: boolean; can_issue_certificate: boolean }
}

/** A certificate row's buttons: download, and delete (after confirmation) for those who may. */
export function CertificateActions({
  policy,
  certificate: c,
  canDelete,
}: {
  policy: { id: number; ref: string }
  certificate: { id: number; certificate_name: string; certificate_type: string }
  canDelete: boolean
}) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <a
        href={`/staff/policies/${policy.id}/certificates/${c.id}`}
        className={buttonVariants({ size: 'sm', variant: 'outline' })}
        aria-label={`Download ${c.certificate_name}`}
      >
        <Download aria-hidden="true" />
        Download
      </a>
      {canDelete ? (
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
  )
}

/** The certificate and working-status cards of a policy, for staff who manage policies. */
export function StaffPolicyForms({ policy, staffUsers }: { policy: PolicyView; staffUsers: Option[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CertificateCard policy={policy} />
      <WorkingStatusCard policy={policy} staffUsers={staffUsers} />
    </div>
  )
}

type Option = { value: string; label: string }

/** Upload the insurer's certificate, then issue it to the agency (and the student). */
function CertificateCard({ policy }: { policy: PolicyView }) {
  const { meta } = policy
  const upload = useErrors('upload-certificate')
  const issue = useErrors('issue-certificate')
  return (
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
  )
}

/** Working status, provider payment status, assignment and archive. */
function WorkingStatusCard({ policy, staffUsers }: { policy: PolicyView; staffUsers: Option[] }) {
  const uds = useErrors('user-defined-status')
  const pps = useErrors('provider-payment-status')
  const assign = useErrors('assign')
  const archive = useErrors('archive')
  return (
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
            options={options(Object.keys(USER_DEFINED_STATUS_LABELS), USER_DEFINED_STATUS_LABELS)}
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
            options={options(Object.keys(PROVIDER_PAYMENT_STATUS_LABELS), PROVIDER_PAYMENT_STATUS_LABELS)}
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
        <ArchivePolicyForm policy={policy} errors={archive()} />
      </CardContent>
    </Card>
  )
}
