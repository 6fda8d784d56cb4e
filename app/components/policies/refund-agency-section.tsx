import { getInputProps, getTextareaProps } from '@conform-to/react'
import type { RefundView } from '../../utils/refunds.server'
import { formatMoney } from '../../utils/misc'
import { ConfirmSubmit } from '../confirm-submit'
import {
  ConformForm,
  ErrorList,
  type FormSchema,
  SubmitButton,
  TextareaField,
  useConformForm,
} from '../forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'
import { Label } from '../ui/label'
import { RefundSummary } from './refund-summary'

/** The section's two forms' schemas (AGENCY_REFUND_FORMS, passed by the route). */
export type AgencyRefundForms = { request: FormSchema; deleteDocument: FormSchema }

/**
 * The agency's refund section of its policy page: the refund and cancellation with their amounts,
 * the "Request full refund" form (reason and documents) while one may be requested, and removal
 * of documents while the request waits to be assessed. Forms post to /agency/policies/:id/refund,
 * whose page shows a refusal on the form that was sent.
 */
export function RefundAgencySection({
  view,
  canRequest,
  forms,
}: {
  view: RefundView
  canRequest: boolean
  forms: AgencyRefundForms
}) {
  const action = `/agency/policies/${view.policyId}/refund`
  const removable = view.refund?.status === 'REQUESTED'
  const open = view.refund && ['REQUESTED', 'INITIATED', 'APPROVED'].includes(view.refund.status)
  if (!view.refund && !canRequest) return null
  return (
    <Card id="refund" className="scroll-mt-4">
      <CardHeader>
        <CardTitle as="h3">Full refund and cancellation</CardTitle>
        <CardDescription>
          {open
            ? 'Your request is with the finance team; the amounts show here once assessed.'
            : canRequest
              ? `The premium paid (${formatMoney(view.premiumPaid)}) can be refunded when the policy is cancelled.`
              : 'The outcome of your refund request.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <RefundSummary view={view} showFiles={!removable} />
        {removable && view.files.length ? (
          <RefundDocuments view={view} action={action} schema={forms.deleteDocument} />
        ) : null}
        {canRequest ? <RequestForm action={action} schema={forms.request} /> : null}
      </CardContent>
    </Card>
  )
}

function RefundDocuments({ view, action, schema }: { view: RefundView; action: string; schema: FormSchema }) {
  const [form] = useConformForm(schema, { intent: 'delete-document' })
  return (
    <ConformForm form={form} intent="delete-document" action={action} className="space-y-2">
      <h4 className="text-sm font-medium">Refund documents</h4>
      <ul className="space-y-1 text-sm">
        {view.files.map((f) => (
          <li key={f.id} className="flex items-center justify-between gap-2">
            <a href={f.url} className="text-primary hover:underline">
              {f.name}
            </a>
            <ConfirmSubmit
              size="sm"
              variant="outline"
              name="file_id"
              value={String(f.id)}
              title={`Remove ${f.name}?`}
              description="The document is removed from your refund request."
              confirmLabel="Remove document"
            >
              Remove
            </ConfirmSubmit>
          </li>
        ))}
      </ul>
      <ErrorList id={form.errorId} errors={form.errors} />
    </ConformForm>
  )
}

function RequestForm({ action, schema }: { action: string; schema: FormSchema }) {
  const [form, fields] = useConformForm(schema, { intent: 'request' })
  return (
    <ConformForm
      form={form}
      intent="request"
      action={action}
      encType="multipart/form-data"
      className="space-y-3"
    >
      <TextareaField
        labelProps={{ children: 'Reason for the refund' }}
        textareaProps={{ ...getTextareaProps(fields.full_refund_requested_reason), rows: 3 }}
        errors={fields.full_refund_requested_reason.errors}
      />
      <div className="space-y-1">
        <Label htmlFor={fields.files.id}>Documents (optional: visa refusal, enrolment withdrawal)</Label>
        <input {...getInputProps(fields.files, { type: 'file' })} multiple accept=".pdf,.png,.jpg,.jpeg" />
        <ErrorList id={fields.files.errorId} errors={fields.files.errors} />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton size="sm">Request full refund</SubmitButton>
    </ConformForm>
  )
}
