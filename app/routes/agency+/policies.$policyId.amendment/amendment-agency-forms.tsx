import { getInputProps, getSelectProps } from '@conform-to/react'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
  useResultFor,
  type FormSchema,
} from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { formatMoney } from '../../../utils/misc'

// Each form is Conform over the schema its action parses with (the route passes it from
// amendments.schemas.ts); a refusal comes back under the fields of the form that posted it.

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

const POLICY_TYPES = ['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY']

/** The focused amendment form: the personal and cover details the repricing reads. */
export function AmendForm({ d, schema }: { d: AmendDefaults; schema: FormSchema }) {
  const [form, fields] = useConformForm(schema, { intent: 'amend', defaultValue: d })
  const f = (name: keyof AmendDefaults, label: string, type: 'text' | 'email' | 'date' = 'text') => (
    <Field
      labelProps={{ children: label }}
      inputProps={getInputProps(fields[name], { type })}
      errors={fields[name].errors}
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
        <ConformForm form={form} intent="amend" className="grid gap-4 sm:grid-cols-3">
          {f('first_name', 'First name')}
          {f('last_name', 'Last name')}
          {f('email', 'E-mail', 'email')}
          {f('passport_number', 'Passport number')}
          <SelectField
            labelProps={{ children: 'Policy type' }}
            selectProps={getSelectProps(fields.policy_type)}
            options={POLICY_TYPES.map((t) => ({ value: t, label: t.replace('_', ' ').toLowerCase() }))}
            errors={fields.policy_type.errors}
          />
          {f('start_date', 'Cover start', 'date')}
          {f('end_date', 'Cover end', 'date')}
          {f('partner_first_name', 'Partner first name (couple and family cover)')}
          {f('partner_last_name', 'Partner last name')}
          <Field
            className="sm:col-span-3"
            labelProps={{ children: 'Note for our team' }}
            inputProps={getInputProps(fields.amendment_note, { type: 'text' })}
            errors={fields.amendment_note.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} className="sm:col-span-3" />
          <div className="sm:col-span-3">
            <SubmitButton>Request amendment</SubmitButton>
          </div>
        </ConformForm>
      </CardContent>
    </Card>
  )
}

/** Accept the confirmed premium or withdraw the amendment. */
export function AcceptForm({
  premium,
  payable,
  payer,
  schema,
}: {
  premium: number
  payable: number
  payer: string | null
  schema: FormSchema
}) {
  const [form, fields] = useConformForm(schema, {
    id: 'accept-premium',
    lastResult: useResultFor('accept', 'withdraw') ?? null,
  })
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
        <ConformForm form={form} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name={fields.premium.name} value={premium} />
          <Field
            labelProps={{ children: 'Note (optional)' }}
            inputProps={getInputProps(fields.note, { type: 'text' })}
            errors={fields.note.errors}
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
          <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(fields.premium.errors ?? [])]} />
        </ConformForm>
      </CardContent>
    </Card>
  )
}

/** Pay the difference: bank transfer with its receipt, agency balance or card. */
export function PayForm({ payable, schema }: { payable: number; schema: FormSchema }) {
  const [form, fields] = useConformForm(schema, {
    intent: 'pay',
    defaultValue: { payment_method: 'AGENCY_BALANCE' },
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Pay {formatMoney(payable)}</CardTitle>
        <CardDescription>Pay the premium difference of the amendment.</CardDescription>
      </CardHeader>
      <CardContent>
        <ConformForm
          form={form}
          intent="pay"
          encType="multipart/form-data"
          className="grid gap-4 sm:grid-cols-3"
        >
          <SelectField
            labelProps={{ children: 'Payment method' }}
            selectProps={getSelectProps(fields.payment_method)}
            options={[
              { value: 'AGENCY_BALANCE', label: 'Agency balance' },
              { value: 'BANK', label: 'Bank transfer' },
              { value: 'CARD', label: 'Card' },
            ]}
            errors={fields.payment_method.errors}
          />
          <Field
            labelProps={{ children: 'Bank receipt (bank transfer only)' }}
            inputProps={{
              ...getInputProps(fields.bank_document, { type: 'file' }),
              accept: 'application/pdf,image/png,image/jpeg',
            }}
            errors={fields.bank_document.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} className="sm:col-span-3" />
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
        </ConformForm>
      </CardContent>
    </Card>
  )
}
