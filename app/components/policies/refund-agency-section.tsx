import { Form } from '@remix-run/react'
import type { RefundView } from '../../utils/refunds.server'
import { formatMoney } from '../../utils/misc'
import { ConfirmSubmit } from '../confirm-submit'
import { ErrorList, SubmitButton, TextareaField } from '../forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'
import { Label } from '../ui/label'
import { RefundSummary } from './refund-summary'

export type FormErrors = Record<string, string[] | null | undefined> | undefined

/**
 * The agency's refund section of its policy page: the refund and cancellation with their amounts,
 * the "Request full refund" form (reason and documents) while one may be requested, and removal
 * of documents while the request waits to be assessed. Forms post to /agency/policies/:id/refund.
 */
export function RefundAgencySection({
  view,
  canRequest,
  errors,
}: {
  view: RefundView
  canRequest: boolean
  errors?: FormErrors
}) {
  const action = `/agency/policies/${view.policyId}/refund`
  const removable = view.refund?.status === 'REQUESTED'
  const open = view.refund && ['REQUESTED', 'INITIATED', 'APPROVED'].includes(view.refund.status)
  if (!view.refund && !canRequest) return null
  return (
    <Card>
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
          <Form method="post" action={action} className="space-y-2">
            <input type="hidden" name="intent" value="delete-document" />
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
          </Form>
        ) : null}
        {canRequest ? (
          <Form method="post" action={action} encType="multipart/form-data" className="space-y-3">
            <input type="hidden" name="intent" value="request" />
            <TextareaField
              labelProps={{ children: 'Reason for the refund' }}
              textareaProps={{
                id: 'full_refund_requested_reason',
                name: 'full_refund_requested_reason',
                rows: 3,
              }}
              errors={errors?.full_refund_requested_reason ?? undefined}
            />
            <div className="space-y-1">
              <Label htmlFor="refund_files">Documents (optional: visa refusal, enrolment withdrawal)</Label>
              <input id="refund_files" name="files" type="file" multiple accept=".pdf,.png,.jpg,.jpeg" />
              <ErrorList errors={errors?.files ?? undefined} />
            </div>
            <ErrorList errors={errors?.[''] ?? undefined} />
            <SubmitButton size="sm">Request full refund</SubmitButton>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  )
}
