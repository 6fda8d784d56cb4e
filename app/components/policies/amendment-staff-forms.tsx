import { getInputProps } from '@conform-to/react'
import { ConfirmSubmit } from '../confirm-submit'
import {
  ConformForm,
  ErrorList,
  Field,
  SubmitButton,
  useConformForm,
  useResultFor,
  type FormSchema,
} from '../forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'
import { formatMoney, withReturnTo } from '../../utils/misc'

// Each form is Conform over the schema its action parses with (the route passes it from
// amendments.schemas.ts); a refusal comes back under the fields of the form that posted it. The
// decision forms post to the amendment page, which answers on `returnTo` when given (the inbox
// task view shows them).

/** Staff open an amendment with a new premium (the details stay; the agency amends details itself). */
export function StaffOpenForm({ premium, schema }: { premium: number; schema: FormSchema }) {
  const [form, fields] = useConformForm(schema, { intent: 'open' })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Open an amendment</CardTitle>
        <CardDescription>
          Set the policy's new premium (now {formatMoney(premium)}). It is confirmed in a second step.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} intent="open" className="flex flex-wrap items-end gap-3">
          <Field
            labelProps={{ children: 'New premium (AUD)' }}
            inputProps={{
              ...getInputProps(fields.amendment_premium, { type: 'text' }),
              inputMode: 'decimal',
            }}
            errors={fields.amendment_premium.errors}
          />
          <Field
            labelProps={{ children: 'Note' }}
            inputProps={{ ...getInputProps(fields.amendment_note, { type: 'text' }) }}
            errors={fields.amendment_note.errors}
          />
          <SubmitButton>Open amendment</SubmitButton>
          <ErrorList id={form.errorId} errors={form.errors} />
        </ConformForm>
      </CardContent>
    </Card>
  )
}

/** Adjust and confirm the amended premium (CONFIRM_PREMIUM_BY_ADMIN). */
function ConfirmPremiumForm({
  premium,
  prev,
  schema,
  action,
}: {
  premium: number
  prev: number
  schema: FormSchema
  action?: string
}) {
  const [form, fields] = useConformForm(schema, {
    id: 'confirm-premium-form',
    lastResult: useResultFor('adjust', 'confirm') ?? null,
    defaultValue: { new_premium: premium.toFixed(2) },
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Confirm the premium</CardTitle>
        <CardDescription>
          Repriced at {formatMoney(premium)} (now {formatMoney(prev)}). Adjust it if needed, then confirm: the
          agency accepts it next.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} action={action} className="flex flex-wrap items-end gap-3">
          <Field
            labelProps={{ children: 'New premium (AUD)' }}
            inputProps={{
              ...getInputProps(fields.new_premium, { type: 'text' }),
              inputMode: 'decimal',
            }}
            errors={fields.new_premium.errors}
          />
          <SubmitButton name="intent" value="adjust">
            Save premium
          </SubmitButton>
          <ConfirmSubmit
            name="intent"
            value="confirm"
            variant="default"
            title="Confirm the amended premium?"
            description={`The agency is asked to accept the premium entered (now ${formatMoney(premium)}); a rise gets its invoice.`}
            confirmLabel="Confirm premium"
          >
            Confirm premium
          </ConfirmSubmit>
          <ErrorList id={form.errorId} errors={form.errors} />
        </ConformForm>
      </CardContent>
    </Card>
  )
}

/** Verify the bank transfer of the difference. */
function PaymentDecisionForm({
  amount,
  schema,
  action,
}: {
  amount: number
  schema: FormSchema
  action?: string
}) {
  const [form, fields] = useConformForm(schema, {
    id: 'payment-decision',
    lastResult: useResultFor('approve', 'reject') ?? null,
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Verify the payment</CardTitle>
        <CardDescription>The agency sent a bank transfer of {formatMoney(amount)}.</CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm form={form} action={action} className="flex flex-wrap items-end gap-3">
          <ConfirmSubmit
            name="intent"
            value="approve"
            variant="default"
            title={`Approve the payment of ${formatMoney(amount)}?`}
            description="The invoice is paid and the commission adjusted."
            confirmLabel="Approve payment"
          >
            Approve
          </ConfirmSubmit>
          <Field
            labelProps={{ children: 'Rejection reason' }}
            inputProps={{ ...getInputProps(fields.reason, { type: 'text' }) }}
            errors={fields.reason.errors}
          />
          <ConfirmSubmit
            name="intent"
            value="reject"
            title={`Reject the payment of ${formatMoney(amount)}?`}
            description="The agency is asked to pay again."
            confirmLabel="Reject payment"
          >
            Reject
          </ConfirmSubmit>
          <ErrorList id={form.errorId} errors={form.errors} />
        </ConformForm>
      </CardContent>
    </Card>
  )
}

/** Upload the new certificate: the amended details are applied to the policy with it. */
function AmendedCertificateForm({ schema, action }: { schema: FormSchema; action?: string }) {
  const [form, fields] = useConformForm(schema, { intent: 'certificate' })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Upload the new certificate</CardTitle>
        <CardDescription>
          Uploading it applies the amended details to the policy; the current certificate is kept as old.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm
          form={form}
          intent="certificate"
          action={action}
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
        >
          <Field
            labelProps={{ children: 'Certificate (PDF)' }}
            inputProps={{
              ...getInputProps(fields.certificate_url, { type: 'file' }),
              accept: 'application/pdf',
            }}
            errors={fields.certificate_url.errors}
          />
          <Field
            labelProps={{ children: 'Membership number' }}
            inputProps={{ ...getInputProps(fields.membership_number, { type: 'text' }) }}
            errors={fields.membership_number.errors}
          />
          <SubmitButton>Upload certificate</SubmitButton>
          <ErrorList id={form.errorId} errors={form.errors} />
        </ConformForm>
      </CardContent>
    </Card>
  )
}

type OpenAmendment = { phase: string; new_premium: number; prev_premium: number; payable_amount: number }

/**
 * The open amendment's next staff decision, by its phase: confirm the premium (policy_management),
 * verify the payment (finance), upload the new certificate (policy_management); nothing when the
 * agency acts next or this person may not decide it.
 */
export function StaffAmendmentDecision({
  policyId,
  open,
  canPolicy,
  canFinance,
  forms,
  returnTo,
}: {
  policyId: number
  open: OpenAmendment
  canPolicy: boolean
  canFinance: boolean
  forms: { confirm: FormSchema; decision: FormSchema; certificate: FormSchema }
  returnTo?: string
}) {
  const action = withReturnTo(`/staff/policies/${policyId}/amendment`, returnTo)
  if (open.phase === 'CONFIRM_PREMIUM_BY_ADMIN' && canPolicy)
    return (
      <ConfirmPremiumForm
        premium={open.new_premium}
        prev={open.prev_premium}
        schema={forms.confirm}
        action={action}
      />
    )
  if (open.phase === 'PAYMENT_APPROVAL' && canFinance)
    return <PaymentDecisionForm amount={open.payable_amount} schema={forms.decision} action={action} />
  if (open.phase === 'ISSUE_CERTIFICATE' && canPolicy)
    return <AmendedCertificateForm schema={forms.certificate} action={action} />
  return null
}
