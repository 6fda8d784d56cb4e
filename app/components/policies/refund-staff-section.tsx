import { Form } from '@remix-run/react'
import type { RefundView } from '../../utils/refunds.server'
import { COMMISSION_STATUS_LABELS, REFUND_METHOD_LABELS } from '../../utils/labels'
import { formatMoney } from '../../utils/misc'
import { ConfirmSubmit } from '../confirm-submit'
import {
  CheckboxField,
  ErrorList,
  errorsOf,
  Field,
  type FormResult,
  SelectField,
  SubmitButton,
  TextareaField,
} from '../forms'
import { Alert } from '../ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'
import { Label } from '../ui/label'
import { RefundSummary } from './refund-summary'

/** The messages of `field` ('' the form's own) when the answer is to the form of `intent`. */
const errs = (result: FormResult | undefined, intent: string, field = '') =>
  result?.initialValue?.intent === intent ? errorsOf(result, field) : undefined

/**
 * The staff refund section of a policy page: the refund and cancellation, the decision forms of
 * the current step (set amounts, approve with method and proof, reject with reason; finance), the
 * cancellation checklist (policy_management) and the cancellation approval (finance). Forms post
 * to /staff/policies/:id/refund; confirmations name the amounts.
 */
export function RefundStaffSection({
  view,
  canFinance,
  canManage,
  result,
}: {
  view: RefundView
  canFinance: boolean
  canManage: boolean
  result?: FormResult
}) {
  const r = view.refund
  const c = view.cancellation
  const action = `/staff/policies/${view.policyId}/refund`
  if (!r && c.status === 'NO_CANCELLATION') return null
  const commission = view.commission ? formatMoney(view.commission.amount) : formatMoney(0)
  return (
    <Card>
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
        <RefundSummary view={view} />
        {canFinance && r?.status === 'REQUESTED' ? (
          <Form method="post" action={action} className="space-y-3">
            <input type="hidden" name="intent" value="initiate" />
            <h4 className="text-sm font-medium">Set the refund amounts (AUD)</h4>
            <Field
              labelProps={{ children: `Refundable premium (at most ${formatMoney(view.premiumRefundable)})` }}
              inputProps={{
                id: 'refundable_premium_amount',
                name: 'refundable_premium_amount',
                inputMode: 'decimal',
                defaultValue: String(view.premiumRefundable),
              }}
              errors={errs(result, 'initiate', 'refundable_premium_amount')}
            />
            <Field
              labelProps={{ children: `Commission deducted (at most ${commission})` }}
              inputProps={{
                id: 'deductable_commission_amount',
                name: 'deductable_commission_amount',
                inputMode: 'decimal',
                defaultValue: '0',
              }}
              errors={errs(result, 'initiate', 'deductable_commission_amount')}
            />
            <CheckboxField
              labelProps={{ children: 'Full refund (the whole premium paid)' }}
              buttonProps={{ id: 'is_full_refund', name: 'is_full_refund', defaultChecked: true }}
            />
            <ErrorList errors={errs(result, 'initiate')} />
            <ConfirmSubmit
              variant="default"
              size="sm"
              title={`Set the refund amounts of ${view.ref}?`}
              description={`The premium paid was ${formatMoney(view.premiumPaid)} and the commission ${commission}. The agency will receive the refundable premium less the commission deducted, once another finance staff member approves it.`}
              confirmLabel="Set amounts"
            >
              Set refund amounts
            </ConfirmSubmit>
          </Form>
        ) : null}
        {canFinance && r?.status === 'INITIATED' ? (
          <Form method="post" action={action} encType="multipart/form-data" className="space-y-3">
            <input type="hidden" name="intent" value="approve" />
            <h4 className="text-sm font-medium">Approve the refund of {formatMoney(r.net ?? 0)}</h4>
            {r.initiatedByMe ? (
              <Alert variant="warning">
                You set these amounts: another finance staff member approves them.
              </Alert>
            ) : null}
            <SelectField
              labelProps={{ children: 'Pay by' }}
              selectProps={{ id: 'payment_method', name: 'payment_method', defaultValue: 'AGENCY_BALANCE' }}
              options={[
                { value: 'AGENCY_BALANCE', label: 'Credit to the agency balance' },
                { value: 'BANK', label: 'Bank transfer (attach the proof)' },
              ]}
              errors={errs(result, 'approve', 'payment_method')}
            />
            <div className="space-y-1">
              <Label htmlFor="payment_url">Transfer proof (bank transfer only)</Label>
              <input id="payment_url" name="payment_url" type="file" accept=".pdf,.png,.jpg,.jpeg" />
              <ErrorList errors={errs(result, 'approve', 'payment_url')} />
            </div>
            <ErrorList errors={errs(result, 'approve')} />
            <ConfirmSubmit
              variant="default"
              size="sm"
              disabled={r.initiatedByMe}
              title={`Approve the refund of ${view.ref}?`}
              description={`${formatMoney(r.net ?? 0)} goes to the agency: ${formatMoney(r.refundable ?? 0)} refundable premium less ${formatMoney(r.deducted ?? 0)} commission deducted.`}
              confirmLabel={`Refund ${formatMoney(r.net ?? 0)}`}
            >
              Approve refund
            </ConfirmSubmit>
          </Form>
        ) : null}
        {canFinance && r?.status === 'APPROVED' ? (
          <Form method="post" action={action} className="space-y-3">
            <input type="hidden" name="intent" value="retry-payment" />
            <Alert variant="warning">
              This refund was approved but its payment of {formatMoney(r.net ?? 0)} has not gone through.
            </Alert>
            <ErrorList errors={errs(result, 'retry-payment')} />
            <ConfirmSubmit
              variant="default"
              size="sm"
              title={`Pay the refund of ${view.ref} again?`}
              description={`${formatMoney(r.net ?? 0)} goes to the agency by the method approved.`}
              confirmLabel={`Pay ${formatMoney(r.net ?? 0)}`}
            >
              Pay the refund again
            </ConfirmSubmit>
          </Form>
        ) : null}
        {canFinance && (r?.status === 'REQUESTED' || r?.status === 'INITIATED') ? (
          <Form method="post" action={action} className="space-y-3">
            <input type="hidden" name="intent" value="reject" />
            <TextareaField
              labelProps={{ children: 'Rejection reason' }}
              textareaProps={{ id: 'rejectionReason', name: 'rejectionReason', rows: 2 }}
              errors={errs(result, 'reject', 'rejectionReason')}
            />
            <ErrorList errors={errs(result, 'reject')} />
            <ConfirmSubmit
              size="sm"
              title={`Reject the full refund of ${view.ref}?`}
              description={`Nothing is refunded${r.net !== null ? ` (${formatMoney(r.net)} was proposed)` : ''}; the agency is told the reason and may ask again.`}
              confirmLabel="Reject refund"
            >
              Reject refund
            </ConfirmSubmit>
          </Form>
        ) : null}
        {canManage && ['REQUESTED_FOR_CANCELLATION', 'READY_FOR_CANCELLATION'].includes(c.status) ? (
          <Form method="post" action={action} className="space-y-2">
            <input type="hidden" name="intent" value="tick" />
            <h4 className="text-sm font-medium">Cancellation checklist</h4>
            <ul className="space-y-2 text-sm">
              {c.steps.map((s) => (
                <li key={s.id} className="flex items-center justify-between gap-2">
                  <span>{s.name}</span>
                  {s.done ? (
                    <span className="text-success">Done</span>
                  ) : (
                    <SubmitButton size="sm" variant="outline" name="step_id" value={String(s.id)}>
                      Mark done
                    </SubmitButton>
                  )}
                </li>
              ))}
            </ul>
            <ErrorList errors={errs(result, 'tick')} />
          </Form>
        ) : null}
        {canFinance && c.status === 'READY_FOR_CANCELLATION' ? (
          <Form method="post" action={action} className="space-y-3">
            <input type="hidden" name="intent" value="approve-cancellation" />
            <h4 className="text-sm font-medium">Approve the cancellation</h4>
            {c.pending ? (
              <Alert variant="warning">
                A payment of this policy waits for verification: verify it first.
              </Alert>
            ) : null}
            <SelectField
              labelProps={{ children: 'Refund method' }}
              selectProps={{ id: 'refund_method', name: 'refund_method', defaultValue: '' }}
              placeholder="Choose a refund method"
              options={Object.entries(REFUND_METHOD_LABELS).map(([value, label]) => ({ value, label }))}
              errors={errs(result, 'approve-cancellation', 'refund_method')}
            />
            <Field
              labelProps={{ children: 'Cancelled from' }}
              inputProps={{ id: 'policy_cancellation_date', name: 'policy_cancellation_date', type: 'date' }}
              errors={errs(result, 'approve-cancellation', 'policy_cancellation_date')}
            />
            <ErrorList errors={errs(result, 'approve-cancellation')} />
            <ConfirmSubmit
              variant="default"
              size="sm"
              title={`Approve the cancellation of ${view.ref}?`}
              description={
                r?.net !== null && r?.net !== undefined
                  ? `The policy is cancelled from the date given; its refund is ${formatMoney(r.net)}.`
                  : 'The policy is cancelled from the date given.'
              }
              confirmLabel="Approve cancellation"
            >
              Approve cancellation
            </ConfirmSubmit>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  )
}
