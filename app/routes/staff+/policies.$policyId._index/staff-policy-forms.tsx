// The staff policy page's own sections: a certificate's download and delete buttons, the
// certificate card (upload, issue) and the working-status card (working status, provider payment
// status, assignment, archive). Each form posts its intent to the page's action, checked with its
// schema (policy-forms.schemas.ts) in the browser first.
import { Download, Trash2 } from 'lucide-react'
import { labelOf, PROVIDER_PAYMENT_STATUS_LABELS, USER_DEFINED_STATUS_LABELS } from '../../../utils/labels'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import {
  CheckboxField,
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
  useResultFor,
} from '../../../components/forms'
import { buttonVariants } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { ArchivePolicyForm } from '../../../components/policies/archive-policy-form'
import {
  AssignSchema,
  DeleteCertificateSchema,
  IssueCertificateSchema,
  ProviderPaymentSchema,
  UploadCertificateSchema,
  UserDefinedSchema,
} from '../../../utils/policy-forms.schemas'

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
  // The page shows a refused delete's message above the certificates (useErrors in route.tsx).
  const [form] = useConformForm(DeleteCertificateSchema, {
    id: `delete-certificate-${c.id}`,
    lastResult: null,
  })
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
        <ConformForm form={form} intent="delete-certificate">
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
        </ConformForm>
      ) : null}
    </span>
  )
}

/** The certificate and working-status cards of a policy, for staff who manage policies. */
export function StaffPolicyForms({
  policy,
  certificate,
  staffUsers,
}: {
  policy: PolicyView
  certificate: { text: string }
  staffUsers: Option[]
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CertificateCard policy={policy} text={certificate.text} />
      <WorkingStatusCard policy={policy} staffUsers={staffUsers} />
    </div>
  )
}

type Option = { value: string; label: string }

/** Upload the insurer's certificate, then issue it to the agency (and the student). */
function CertificateCard({ policy, text }: { policy: PolicyView; text: string }) {
  const { meta } = policy
  const [upload, uploadFields] = useConformForm(UploadCertificateSchema, { intent: 'upload-certificate' })
  const [issue] = useConformForm(IssueCertificateSchema, { intent: 'issue-certificate' })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Certificate</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {meta.can_upload_certificate ? (
          <ConformForm
            form={upload}
            intent="upload-certificate"
            encType="multipart/form-data"
            className="space-y-3"
          >
            <Field
              labelProps={{ children: 'Certificate file (PDF)' }}
              inputProps={{
                id: 'certificate',
                name: 'certificate',
                type: 'file',
                accept: 'application/pdf',
              }}
              errors={uploadFields.certificate?.errors}
            />
            <Field
              labelProps={{ children: 'Membership number' }}
              inputProps={{ id: 'membership_number', name: 'membership_number', required: true }}
              errors={uploadFields.membership_number.errors}
            />
            <Field
              labelProps={{ children: 'Policy number (optional)' }}
              inputProps={{ id: 'policy_number', name: 'policy_number' }}
              errors={uploadFields.policy_number.errors}
            />
            <ErrorList errors={[...(upload.errors ?? []), ...(uploadFields.certificate_url?.errors ?? [])]} />
            <SubmitButton size="sm">Upload certificate</SubmitButton>
          </ConformForm>
        ) : null}
        {meta.can_issue_certificate ? (
          <ConformForm form={issue} intent="issue-certificate" className="space-y-3">
            <CheckboxField
              labelProps={{ children: 'Send the certificate to the student by e-mail' }}
              inputProps={{ id: 'send_email', name: 'send_email', defaultChecked: true }}
            />
            <ErrorList errors={issue.errors} />
            <SubmitButton size="sm">Issue certificate</SubmitButton>
          </ConformForm>
        ) : null}
      </CardContent>
    </Card>
  )
}

/** Working status, provider payment status, assignment and archive. */
function WorkingStatusCard({ policy, staffUsers }: { policy: PolicyView; staffUsers: Option[] }) {
  const [uds, udsFields] = useConformForm(UserDefinedSchema, { intent: 'user-defined-status' })
  const [pps, ppsFields] = useConformForm(ProviderPaymentSchema, { intent: 'provider-payment-status' })
  const [assign, assignFields] = useConformForm(AssignSchema, { intent: 'assign' })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Working status and assignment</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <ConformForm form={uds} intent="user-defined-status" className="space-y-2">
          <SelectField
            labelProps={{ children: 'User-defined status' }}
            selectProps={{
              id: 'user_defined_status',
              name: 'status',
              defaultValue: policy.user_defined_status ?? '',
            }}
            placeholder="Not set"
            options={options(Object.keys(USER_DEFINED_STATUS_LABELS), USER_DEFINED_STATUS_LABELS)}
            errors={udsFields.status.errors}
          />
          <ErrorList errors={uds.errors} />
          <SubmitButton size="sm" variant="outline">
            Save working status
          </SubmitButton>
        </ConformForm>
        <ConformForm form={pps} intent="provider-payment-status" className="space-y-2">
          <SelectField
            labelProps={{ children: 'Provider payment status' }}
            selectProps={{
              id: 'provider_payment_status',
              name: 'status',
              defaultValue: policy.provider_payment_status,
            }}
            options={options(Object.keys(PROVIDER_PAYMENT_STATUS_LABELS), PROVIDER_PAYMENT_STATUS_LABELS)}
            errors={ppsFields.status.errors}
          />
          <ErrorList errors={pps.errors} />
          <SubmitButton size="sm" variant="outline">
            Save provider payment status
          </SubmitButton>
        </ConformForm>
        <ConformForm form={assign} intent="assign" className="space-y-2">
          <SelectField
            labelProps={{ children: 'Assigned staff user' }}
            selectProps={{
              id: 'assign_to',
              name: 'assign_to',
              defaultValue: policy.assigned_staff_user ? String(policy.assigned_staff_user.id) : '',
            }}
            placeholder="Not assigned"
            options={staffUsers}
            errors={assignFields.assign_to.errors}
          />
          <ErrorList errors={assign.errors} />
          <SubmitButton size="sm" variant="outline">
            Assign
          </SubmitButton>
        </ConformForm>
        <ArchivePolicyForm policy={policy} />
      </CardContent>
    </Card>
  )
}
