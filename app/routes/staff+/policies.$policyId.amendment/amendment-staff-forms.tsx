import { Form } from '@remix-run/react'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import { ErrorList, Field, SubmitButton } from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { formatMoney } from '../../../utils/misc'

type Errors = Record<string, string[] | undefined> | undefined

/** Staff open an amendment with a new premium (the details stay; the agency amends details itself). */
export function StaffOpenForm({ premium, errors }: { premium: number; errors: Errors }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Open an amendment</CardTitle>
        <CardDescription>
          Set the policy's new premium (now {formatMoney(premium)}). It is confirmed in a second step.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="open" />
          <Field
            labelProps={{ children: 'New premium (AUD)' }}
            inputProps={{ name: 'amendment_premium', id: 'open-premium', inputMode: 'decimal' }}
            errors={errors?.amendment_premium}
          />
          <Field
            labelProps={{ children: 'Note' }}
            inputProps={{ name: 'amendment_note', id: 'open-note' }}
            errors={errors?.amendment_note}
          />
          <SubmitButton>Open amendment</SubmitButton>
          <ErrorList errors={errors?.form} />
        </Form>
      </CardContent>
    </Card>
  )
}

/** Adjust and confirm the amended premium (CONFIRM_PREMIUM_BY_ADMIN). */
export function ConfirmPremiumForm({
  premium,
  prev,
  errors,
}: {
  premium: number
  prev: number
  errors: Errors
}) {
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
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <Field
            labelProps={{ children: 'New premium (AUD)' }}
            inputProps={{
              name: 'new_premium',
              defaultValue: premium.toFixed(2),
              id: 'confirm-premium',
              inputMode: 'decimal',
            }}
            errors={errors?.new_premium}
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
          <ErrorList errors={errors?.form} />
        </Form>
      </CardContent>
    </Card>
  )
}

/** Verify the bank transfer of the difference. */
export function PaymentDecisionForm({ amount, errors }: { amount: number; errors: Errors }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Verify the payment</CardTitle>
        <CardDescription>The agency sent a bank transfer of {formatMoney(amount)}.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-wrap items-end gap-3">
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
            inputProps={{ name: 'reason', id: 'reject-reason' }}
            errors={errors?.reason}
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
          <ErrorList errors={errors?.form} />
        </Form>
      </CardContent>
    </Card>
  )
}

/** Upload the new certificate: the amended details are applied to the policy with it. */
export function AmendedCertificateForm({ errors }: { errors: Errors }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Upload the new certificate</CardTitle>
        <CardDescription>
          Uploading it applies the amended details to the policy; the current certificate is kept as old.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="certificate" />
          <Field
            labelProps={{ children: 'Certificate (PDF)' }}
            inputProps={{ name: 'certificate_url', type: 'file', id: 'cert-file', accept: 'application/pdf' }}
            errors={errors?.certificate_url}
          />
          <Field
            labelProps={{ children: 'Membership number' }}
            inputProps={{ name: 'membership_number', id: 'cert-member' }}
            errors={errors?.membership_number}
          />
          <SubmitButton>Upload certificate</SubmitButton>
          <ErrorList errors={errors?.form} />
        </Form>
      </CardContent>
    </Card>
  )
}
