import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import type { z } from 'zod'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import { ErrorList, Field, SelectField, TextareaField, useResultFor } from '../../../components/forms'
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
  approveSchema: z.ZodType
  rejectSchema: z.ZodType
}) {
  const [type, setType] = useState<string>('BANK')
  const [approve, a] = useForm({
    id: 'approve-payout',
    lastResult: useResultFor('approve'),
    constraint: getZodConstraint(approveSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: approveSchema }),
    shouldValidate: 'onBlur',
    defaultValue: { payment_type: 'BANK' },
  })
  const [reject, r] = useForm({
    id: 'reject-payout',
    lastResult: useResultFor('reject'),
    constraint: getZodConstraint(rejectSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rejectSchema }),
    shouldValidate: 'onBlur',
  })
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
          <Form method="post" encType="multipart/form-data" {...getFormProps(approve)} className="space-y-4">
            <input type="hidden" name="intent" value="approve" />
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
          </Form>
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
          <Form method="post" {...getFormProps(reject)} className="space-y-4">
            <input type="hidden" name="intent" value="reject" />
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
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
