import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { useState } from 'react'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  TextareaField,
  useConformForm,
  type FormSchema,
} from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { PAYOUT_PAYMENT_TYPE_LABELS } from '../../../utils/labels'
import { formatMoney } from '../../../utils/misc'

type PaymentType = keyof typeof PAYOUT_PAYMENT_TYPE_LABELS
const TYPES = Object.keys(PAYOUT_PAYMENT_TYPE_LABELS) as PaymentType[]

const HOW: Record<PaymentType, string> = {
  BANK: 'paid to the agency by bank transfer (attach the transfer proof)',
  AGENCY_BALANCE: "credited to the agency's balance",
  SETTLED_WITH_CLAWBACK: "first set against the agency's open clawbacks, the rest credited to its balance",
}

/**
 * Approve (method + bank transfer proof) and reject (reason) forms of a waiting payout. The
 * route passes the forms' schemas (shared with its action) for validation in the browser.
 */
export function PayoutDecisionForms({
  payout,
  approveSchema,
  rejectSchema,
}: {
  payout: { id: number; total_amount: number; agency: string }
  approveSchema: FormSchema
  rejectSchema: FormSchema
}) {
  const [type, setType] = useState<string>('BANK')
  const [approve, a] = useConformForm(approveSchema, {
    intent: 'approve',
    id: 'approve-payout',
    defaultValue: { payment_type: 'BANK' },
  })
  const [reject, r] = useConformForm(rejectSchema, { intent: 'reject', id: 'reject-payout' })
  const amount = formatMoney(payout.total_amount)
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Approve</CardTitle>
          <CardDescription>
            {amount} is paid to {payout.agency}; its commissions become paid and its invoice paid.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ConformForm form={approve} intent="approve" encType="multipart/form-data" className="space-y-4">
            <SelectField
              labelProps={{ children: 'Payment method' }}
              selectProps={{
                ...getSelectProps(a.payment_type),
                onChange: (e) => setType(e.currentTarget.value),
              }}
              options={TYPES.map((t) => ({ value: t, label: PAYOUT_PAYMENT_TYPE_LABELS[t] }))}
              errors={a.payment_type.errors}
            />
            <Field
              labelProps={{ children: 'Bank transfer proof (PDF or image, up to 5 MB; bank transfer only)' }}
              inputProps={{
                ...getInputProps(a.bank_document, { type: 'file' }),
                accept: 'application/pdf,image/png,image/jpeg',
                disabled: type !== 'BANK',
              }}
              errors={a.bank_document.errors}
            />
            <ErrorList id={approve.errorId} errors={approve.errors} />
            <ConfirmSubmit
              variant="default"
              title={`Approve payout #${payout.id}?`}
              description={`${amount} is ${HOW[type as PaymentType] ?? HOW.BANK}.`}
              confirmLabel="Approve payout"
            >
              Approve payout
            </ConfirmSubmit>
          </ConformForm>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Reject</CardTitle>
          <CardDescription>
            The agency reads the reason; its commission is banked again and can be requested again.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ConformForm form={reject} intent="reject" className="space-y-4">
            <TextareaField
              labelProps={{ children: 'Reason' }}
              textareaProps={getTextareaProps(r.rejection_reason)}
              errors={r.rejection_reason.errors}
            />
            <ErrorList id={reject.errorId} errors={reject.errors} />
            <ConfirmSubmit
              title={`Reject payout #${payout.id}?`}
              description={`${amount} is not paid; the invoice is cancelled and the commission banked again.`}
              confirmLabel="Reject payout"
            >
              Reject payout
            </ConfirmSubmit>
          </ConformForm>
        </CardContent>
      </Card>
    </div>
  )
}
