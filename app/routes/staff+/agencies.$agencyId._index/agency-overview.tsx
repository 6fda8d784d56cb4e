import { getSelectProps, getTextareaProps } from '@conform-to/react'
import { type useLoaderData } from '@remix-run/react'
import { AGENCY_STATUSES, type AgencyStatus } from '../../../utils/agency-forms.schemas'
import type { loader } from './overview.server'
import { formatDateTime } from '../../../utils/misc'
import { AGENCY_STATUS_LABELS, CREATION_TYPE_LABELS, labelOf } from '../../../utils/labels'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import {
  ConformForm,
  ErrorList,
  errorsOf,
  IntentForm,
  SelectField,
  SubmitButton,
  TextareaField,
  useConformForm,
  useResultFor,
} from '../../../components/forms'
import { StatusBadge } from '../../../components/status-badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { SetStatusSchema } from '../../../utils/agency-forms.schemas'
import { Detail, PortalButtons, yesNo } from '../../../components/agency/agency-parts'

type Agency = ReturnType<typeof useLoaderData<typeof loader>>['agency']

/** Moves the agency to any status after confirmation; the reason is kept in its history. */
function SetStatusForm({ status, agencyName }: { status: AgencyStatus; agencyName: string }) {
  const [form, fields] = useConformForm(SetStatusSchema, { intent: 'set-status', defaultValue: { status } })
  return (
    <ConformForm form={form} intent="set-status" className="space-y-3 rounded-md border p-4">
      <p className="text-sm font-medium">Set the status</p>
      <p className="text-sm text-muted-foreground">
        Moves the agency to any status, outside its onboarding steps; the reason is kept in its history.
      </p>
      <SelectField
        labelProps={{ children: 'Status' }}
        selectProps={getSelectProps(fields.status)}
        options={AGENCY_STATUSES.map((s) => ({ value: s, label: labelOf(AGENCY_STATUS_LABELS, s) }))}
        errors={fields.status.errors}
      />
      <TextareaField
        labelProps={{ children: 'Reason' }}
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 2 }}
        errors={fields.reason.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <ConfirmSubmit
        variant="outline"
        title={`Change the status of ${agencyName}?`}
        description="The agency leaves its onboarding steps for the chosen status; its portal access follows the new status."
        confirmLabel="Set status"
      >
        Set status
      </ConfirmSubmit>
    </ConformForm>
  )
}

export function AgencyOverview({
  agency,
  waitingFor,
  canFinance,
}: {
  agency: Agency
  waitingFor: string
  canFinance: boolean
}) {
  const reset = useResultFor('password-reset')
  const admission = useResultFor('your-admission')
  const surcharge = useResultFor('card-surcharge')
  const name = agency.full_company_name ?? agency.email
  const bank = agency.bank_detail
  const address = [
    agency.street_address_1,
    agency.street_address_2,
    agency.city?.name,
    agency.state?.name,
    agency.post_code,
    agency.country?.name,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Company</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <Detail label="Company name">{agency.full_company_name}</Detail>
            <Detail label="E-mail">{agency.email}</Detail>
            <Detail label="Contact person">{agency.contact_person}</Detail>
            <Detail label="Contact number">{agency.contact_number}</Detail>
            <Detail label="Company address">{agency.full_company_address}</Detail>
            <Detail label="Creation type">{labelOf(CREATION_TYPE_LABELS, agency.creation_type)}</Detail>
            <Detail label="Main branch e-mail">{agency.main_branch_email}</Detail>
            <Detail label="E-mail verified">{yesNo(agency.is_email_verified)}</Detail>
            <Detail label="Request submitted">{yesNo(agency.is_request_submitted)}</Detail>
            <Detail label="Verified">
              {agency.is_verfied ? `Yes, ${formatDateTime(agency.verification_date)}` : 'No'}
            </Detail>
            <Detail label="Registered">{formatDateTime(agency.created_at)}</Detail>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Status and access</CardTitle>
          <CardDescription>{waitingFor}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="flex items-center gap-2 text-sm">
            Current status: <StatusBadge kind="agency" status={agency.status} />
          </div>
          <PortalButtons status={agency.status} agencyName={name} />
          <SetStatusForm status={agency.status} agencyName={name} />
          <div className="space-y-2">
            <IntentForm intent="password-reset">
              <ConfirmSubmit
                variant="outline"
                title={`Send a password reset e-mail to ${name}?`}
                description={`A link to choose a new password goes to ${agency.email}.`}
                confirmLabel="Send e-mail"
              >
                Send password reset e-mail
              </ConfirmSubmit>
            </IntentForm>
            <ErrorList errors={errorsOf(reset, '')} />
          </div>
          <div className="space-y-2">
            <p className="text-sm">
              Admission service: <strong>{agency.is_yourAdmission_active ? 'on' : 'off'}</strong>
            </p>
            <IntentForm intent="your-admission">
              <input type="hidden" name="active" value={agency.is_yourAdmission_active ? 'false' : 'true'} />
              <SubmitButton variant="outline">
                {agency.is_yourAdmission_active ? 'Turn admission service off' : 'Turn admission service on'}
              </SubmitButton>
            </IntentForm>
            <ErrorList errors={errorsOf(admission, '')} />
          </div>
          {canFinance ? (
            <div className="space-y-2">
              <p className="text-sm">
                Card surcharge: <strong>{agency.is_card_surcharge_enabled ? 'on' : 'off'}</strong>
              </p>
              <IntentForm intent="card-surcharge">
                <input
                  type="hidden"
                  name="enabled"
                  value={agency.is_card_surcharge_enabled ? 'false' : 'true'}
                />
                <SubmitButton variant="outline">
                  {agency.is_card_surcharge_enabled ? 'Turn card surcharge off' : 'Turn card surcharge on'}
                </SubmitButton>
              </IntentForm>
              <ErrorList errors={errorsOf(surcharge, '')} />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              Card surcharge: {agency.is_card_surcharge_enabled ? 'on' : 'off'} (changed by finance staff)
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Address</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <Detail label="Address">{address}</Detail>
            <Detail label="Policy e-mails">{agency.policy_comms_email}</Detail>
            <Detail label="Finance e-mails">{agency.finance_comms_email}</Detail>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Bank</CardTitle>
        </CardHeader>
        <CardContent>
          {bank ? (
            <dl className="divide-y">
              <Detail label="Bank">{bank.bank}</Detail>
              <Detail label="Account name">{bank.bank_account_name}</Detail>
              <Detail label="Account number">{bank.account_number}</Detail>
              <Detail label="BSB">{bank.bsb}</Detail>
              <Detail label="ABN">{bank.abn}</Detail>
              <Detail label="SWIFT code">{bank.swift_code}</Detail>
              <Detail label="GST registered">{yesNo(bank.is_gst_registered)}</Detail>
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">The agency has not entered its bank details yet.</p>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
