import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { Link } from '@remix-run/react'
import type { RefundView } from '../../utils/refunds.server'
import { COMMISSION_STATUS_LABELS } from '../../utils/labels'
import { formatMoney, withReturnTo } from '../../utils/misc'
import { ConfirmSubmit } from '../confirm-submit'
import {
  CheckboxField,
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  TextareaField,
  useConformForm,
  type FormSchema,
} from '../forms'
import { Alert } from '../ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'
import { CancellationForms, CancellationNextWork, cancellationLeftOpen } from './refund-cancellation-forms'
import { RefundSummary } from './refund-summary'

/** The section's form schemas by intent (STAFF_REFUND_FORMS of domain/refunds/refunds.schemas.ts). */
export type StaffRefundForms = Record<
  'initiate' | 'approve' | 'reject' | 'retryPayment' | 'tick' | 'approveCancellation',
  FormSchema
>

type Props = {
  view: RefundView
  canFinance: boolean
  canManage: boolean
  forms: StaffRefundForms
  /** The page a decision comes back to (the inbox task view); the policy page by default. */
  returnTo?: string
}

/**
 * The staff refund section of a policy page, on the house form: the refund and cancellation, the
 * decision forms of the current step (set amounts, approve with method and proof, reject with
 * reason; finance), the cancellation checklist (policy_management) and the cancellation approval
 * (finance). Each form is Conform over the schema the refund page's action parses with; they post
 * to /staff/policies/:id/refund, whose page shows a refusal under the form that posted it.
 */
export function RefundStaffDecisions({ view, canFinance, canManage, forms, returnTo }: Props) {
  const r = view.refund
  const c = view.cancellation
  if (!r && c.status === 'NO_CANCELLATION') return null
  const commission = view.commission ? formatMoney(view.commission.amount) : formatMoney(0)
  // The refund page's action: it answers a success on the policy page, or on `returnTo`.
  const action = withReturnTo(`/staff/policies/${view.policyId}/refund`, returnTo)
  const status = r?.status
  return (
    <Card id="refund" className="scroll-mt-4">
      <CardHeader>
        <CardTitle as="h3">Full refund and cancellation</CardTitle>
        <CardDescription>
          Premium paid {formatMoney(view.premiumPaid)}; commission {commission}
          {view.commission
            ? ` (${(COMMISSION_STATUS_LABELS[view.commission.status as keyof typeof COMMISSION_STATUS_LABELS] ?? view.commission.status).toLowerCase()})`
            : ''}
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <CancellationNextWork view={view} />
        <RefundSummary view={view} />
        {canFinance && status === 'REQUESTED' ? (
          <InitiateForm view={view} commission={commission} action={action} schema={forms.initiate} />
        ) : null}
        {canFinance && status === 'INITIATED' ? (
          <ApproveForm view={view} action={action} schema={forms.approve} />
        ) : null}
        {status === 'APPROVED' && r?.awaitingBatch ? (
          <Alert>
            Approved to be paid by bank in a payout batch: {formatMoney(r.net ?? 0)} goes to the agency&apos;s
            verified account when a batch holding it is paid.{' '}
            <Link className="underline" to="/staff/finance/payout-batches">
              Payout batches
            </Link>
          </Alert>
        ) : canFinance && status === 'APPROVED' ? (
          <RetryForm view={view} action={action} schema={forms.retryPayment} />
        ) : null}
        {canFinance && (status === 'REQUESTED' || status === 'INITIATED') ? (
          <RejectForm view={view} action={action} schema={forms.reject} />
        ) : null}
        <CancellationForms
          view={view}
          canFinance={canFinance}
          canManage={canManage}
          forms={forms}
          returnTo={returnTo}
        />
      </CardContent>
    </Card>
  )
}

type FormProps = { view: RefundView; action: string; schema: FormSchema }

function InitiateForm({ view, commission, action, schema }: FormProps & { commission: string }) {
  const [form, fields] = useConformForm(schema, {
    intent: 'initiate',
    defaultValue: {
      refundable_premium_amount: String(view.premiumRefundable),
      deductable_commission_amount: '0',
      is_full_refund: 'on',
    },
  })
  return (
    <ConformForm form={form} intent="initiate" action={action} className="space-y-3">
      <h4 className="text-sm font-medium">Set the refund amounts (AUD)</h4>
      <Field
        labelProps={{ children: `Refundable premium (at most ${formatMoney(view.premiumRefundable)})` }}
        inputProps={{
          ...getInputProps(fields.refundable_premium_amount, { type: 'text' }),
          inputMode: 'decimal',
        }}
        errors={fields.refundable_premium_amount.errors}
      />
      <Field
        labelProps={{ children: `Commission deducted (at most ${commission})` }}
        inputProps={{
          ...getInputProps(fields.deductable_commission_amount, { type: 'text' }),
          inputMode: 'decimal',
        }}
        errors={fields.deductable_commission_amount.errors}
      />
      <CheckboxField
        labelProps={{ children: 'Full refund (the whole premium paid)' }}
        buttonProps={getInputProps(fields.is_full_refund, { type: 'checkbox' })}
        errors={fields.is_full_refund.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <ConfirmSubmit
        variant="default"
        size="sm"
        title={`Set the refund amounts of ${view.ref}?`}
        description={`The premium paid was ${formatMoney(view.premiumPaid)} and the commission ${commission}. The agency will receive the refundable premium less the commission deducted, once another finance staff member approves it.`}
        confirmLabel="Set amounts"
      >
        Set refund amounts
      </ConfirmSubmit>
    </ConformForm>
  )
}

function ApproveForm({ view, action, schema }: FormProps) {
  const r = view.refund!
  const [form, fields] = useConformForm(schema, {
    intent: 'approve',
    defaultValue: { payment_method: 'AGENCY_BALANCE' },
  })
  return (
    <ConformForm
      form={form}
      intent="approve"
      action={action}
      encType="multipart/form-data"
      className="space-y-3"
    >
      <h4 className="text-sm font-medium">Approve the refund of {formatMoney(r.net ?? 0)}</h4>
      {r.initiatedByMe ? (
        <Alert variant="warning">You set these amounts: another finance staff member approves them.</Alert>
      ) : null}
      <SelectField
        labelProps={{ children: 'Pay by' }}
        selectProps={getSelectProps(fields.payment_method)}
        options={[
          { value: 'AGENCY_BALANCE', label: 'Credit to the agency balance' },
          { value: 'BANK', label: 'Bank transfer' },
        ]}
        errors={fields.payment_method.errors}
      />
      <Field
        labelProps={{ children: 'Transfer proof (bank transfer only)' }}
        inputProps={{
          ...getInputProps(fields.payment_url, { type: 'file' }),
          accept: '.pdf,.png,.jpg,.jpeg',
        }}
        errors={fields.payment_url.errors}
      />
      <CheckboxField
        labelProps={{ children: 'No proof yet: pay it in a payout batch (bank transfer only)' }}
        buttonProps={getInputProps(fields.pay_by_batch, { type: 'checkbox' })}
        errors={fields.pay_by_batch.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <ConfirmSubmit
        variant="default"
        size="sm"
        disabled={r.initiatedByMe}
        title={`Approve the refund of ${view.ref}?`}
        description={
          <>
            <span className="block">
              {`${formatMoney(r.net ?? 0)} goes to the agency: ${formatMoney(r.refundable ?? 0)} refundable premium less ${formatMoney(r.deducted ?? 0)} commission deducted.`}
            </span>
            {cancellationLeftOpen(view) ? (
              <span className="mt-2 block font-medium text-foreground">{cancellationLeftOpen(view)}</span>
            ) : null}
          </>
        }
        confirmLabel={`Refund ${formatMoney(r.net ?? 0)}`}
      >
        Approve refund
      </ConfirmSubmit>
    </ConformForm>
  )
}

function RetryForm({ view, action, schema }: FormProps) {
  const net = formatMoney(view.refund?.net ?? 0)
  const [form] = useConformForm(schema, { intent: 'retry-payment' })
  return (
    <ConformForm form={form} intent="retry-payment" action={action} className="space-y-3">
      <Alert variant="warning">This refund was approved but its payment of {net} has not gone through.</Alert>
      <ErrorList id={form.errorId} errors={form.errors} />
      <ConfirmSubmit
        variant="default"
        size="sm"
        title={`Pay the refund of ${view.ref} again?`}
        description={`${net} goes to the agency by the method approved.`}
        confirmLabel={`Pay ${net}`}
      >
        Pay the refund again
      </ConfirmSubmit>
    </ConformForm>
  )
}

function RejectForm({ view, action, schema }: FormProps) {
  const net = view.refund?.net ?? null
  const [form, fields] = useConformForm(schema, { intent: 'reject' })
  return (
    <ConformForm form={form} intent="reject" action={action} className="space-y-3">
      <TextareaField
        labelProps={{ children: 'Rejection reason' }}
        textareaProps={{ ...getTextareaProps(fields.rejectionReason), rows: 2 }}
        errors={fields.rejectionReason.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <ConfirmSubmit
        size="sm"
        title={`Reject the full refund of ${view.ref}?`}
        description={`Nothing is refunded${net !== null ? ` (${formatMoney(net)} was proposed)` : ''}; the agency is told the reason and may ask again.`}
        confirmLabel="Reject refund"
      >
        Reject refund
      </ConfirmSubmit>
    </ConformForm>
  )
}
