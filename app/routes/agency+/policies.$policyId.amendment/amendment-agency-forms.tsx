import { Form } from '@remix-run/react'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import { ErrorList, Field, SubmitButton } from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Label } from '../../../components/ui/label'
import { formatMoney } from '../../../utils/misc'

type Errors = Record<string, string[] | undefined> | undefined

export type AmendDefaults = {
  first_name: string
  last_name: string
  email: string
  passport_number: string
  policy_type: string
  start_date: string
  end_date: string
  partner_first_name: string
  partner_last_name: string
}

/** The focused amendment form: the personal and cover details the repricing reads. */
export function AmendForm({ d, errors }: { d: AmendDefaults; errors: Errors }) {
  const f = (name: keyof AmendDefaults, label: string, type = 'text') => (
    <Field
      labelProps={{ children: label }}
      inputProps={{ name, type, defaultValue: d[name], id: `amend-${name}` }}
      errors={errors?.[name]}
    />
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Amend this policy</CardTitle>
        <CardDescription>
          Change the student's details or the cover. The new premium is calculated at once; staff confirm it,
          then you accept it (and pay any difference). The policy keeps its current details until the new
          certificate is issued.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4 sm:grid-cols-3">
          <input type="hidden" name="intent" value="amend" />
          {f('first_name', 'First name')}
          {f('last_name', 'Last name')}
          {f('email', 'E-mail', 'email')}
          {f('passport_number', 'Passport number')}
          <div className="flex flex-col gap-2">
            <Label htmlFor="amend-policy_type">Policy type</Label>
            <select
              id="amend-policy_type"
              name="policy_type"
              defaultValue={d.policy_type}
              className="h-10 rounded-md border px-3"
            >
              {['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY'].map((t) => (
                <option key={t} value={t}>
                  {t.replace('_', ' ').toLowerCase()}
                </option>
              ))}
            </select>
            <ErrorList errors={errors?.policy_type} />
          </div>
          {f('start_date', 'Cover start', 'date')}
          {f('end_date', 'Cover end', 'date')}
          {f('partner_first_name', 'Partner first name (couple and family cover)')}
          {f('partner_last_name', 'Partner last name')}
          <Field
            className="sm:col-span-3"
            labelProps={{ children: 'Note for our team' }}
            inputProps={{ name: 'amendment_note', defaultValue: '', id: 'amend-note' }}
            errors={errors?.amendment_note}
          />
          <ErrorList errors={errors?.form} className="sm:col-span-3" />
          <div className="sm:col-span-3">
            <SubmitButton>Request amendment</SubmitButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}

/** Accept the confirmed premium or withdraw the amendment. */
export function AcceptForm({
  premium,
  payable,
  payer,
  errors,
}: {
  premium: number
  payable: number
  payer: string | null
  errors: Errors
}) {
  const money =
    payer === 'AGENCY'
      ? `You will then pay ${formatMoney(payable)}.`
      : payer === 'OSHC'
        ? `${formatMoney(payable)} is credited to your agency balance.`
        : 'The premium does not change.'
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Confirm the new premium</CardTitle>
        <CardDescription>
          Our team confirmed a premium of {formatMoney(premium)}. {money}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="premium" value={premium} />
          <Field
            labelProps={{ children: 'Note (optional)' }}
            inputProps={{ name: 'note', id: 'accept-note' }}
            errors={errors?.note}
          />
          <ConfirmSubmit
            name="intent"
            value="accept"
            variant="default"
            title={`Accept the premium of ${formatMoney(premium)}?`}
            description={money}
            confirmLabel="Accept premium"
          >
            Accept premium
          </ConfirmSubmit>
          <ConfirmSubmit
            name="intent"
            value="withdraw"
            title="Withdraw this amendment?"
            description="The amendment closes and the policy stays as it is."
            confirmLabel="Withdraw amendment"
          >
            Withdraw
          </ConfirmSubmit>
          <ErrorList errors={errors?.form} />
        </Form>
      </CardContent>
    </Card>
  )
}

/** Pay the difference: bank transfer with its receipt, agency balance or card. */
export function PayForm({ payable, errors }: { payable: number; errors: Errors }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Pay {formatMoney(payable)}</CardTitle>
        <CardDescription>Pay the premium difference of the amendment.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-3">
          <input type="hidden" name="intent" value="pay" />
          <div className="flex flex-col gap-2">
            <Label htmlFor="pay-method">Payment method</Label>
            <select
              id="pay-method"
              name="payment_method"
              defaultValue="AGENCY_BALANCE"
              className="h-10 rounded-md border px-3"
            >
              <option value="AGENCY_BALANCE">Agency balance</option>
              <option value="BANK">Bank transfer</option>
              <option value="CARD">Card</option>
            </select>
          </div>
          <Field
            labelProps={{ children: 'Bank receipt (bank transfer only)' }}
            inputProps={{
              name: 'bank_document',
              type: 'file',
              id: 'pay-doc',
              accept: 'application/pdf,image/png,image/jpeg',
            }}
            errors={errors?.bank_document}
          />
          <ErrorList errors={errors?.form} className="sm:col-span-3" />
          <div className="sm:col-span-3">
            <ConfirmSubmit
              variant="default"
              title={`Pay ${formatMoney(payable)}?`}
              description={`${formatMoney(payable)} for the amendment, by the method chosen.`}
              confirmLabel="Pay"
            >
              Pay
            </ConfirmSubmit>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}
