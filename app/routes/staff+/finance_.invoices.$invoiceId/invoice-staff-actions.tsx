import { MarkInvoicePaidSchema, VoidInvoiceFormSchema } from '../../../utils/invoice-forms.schemas'
import type { SerializedInvoice } from '../../../utils/invoice.server'
import { formatMoney } from '../../../utils/misc'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import { ConformForm, ErrorList, useConformForm } from '../../../components/forms'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'

const OPEN = ['PENDING', 'OVERDUE', 'PARTIALLY_PAID']

/** Staff finance: mark an open invoice paid (its outstanding as a completed payment), void a draft. */
export function InvoiceStaffActions({ invoice }: { invoice: SerializedInvoice }) {
  const payable = OPEN.includes(invoice.status) && invoice.total_outstanding_amount > 0
  const draft = invoice.status === 'DRAFT'
  const [paidForm, paidFields] = useConformForm(MarkInvoicePaidSchema, { intent: 'mark-paid' })
  const [voidForm, voidFields] = useConformForm(VoidInvoiceFormSchema, { intent: 'void' })
  if (!payable && !draft) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Actions</CardTitle>
        <CardDescription>
          {payable
            ? invoice.pending_approval
              ? 'A payment of this invoice waits for verification: verify or reject its document before marking it paid.'
              : `Record the outstanding ${formatMoney(invoice.total_outstanding_amount)} as received.`
            : 'A draft can be voided; once issued it is settled by payments.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-4">
        {payable ? (
          <ConformForm form={paidForm} intent="mark-paid" className="flex flex-wrap items-end gap-2">
            <div className="space-y-1">
              <Label htmlFor="paid_note">Note (optional)</Label>
              <Input
                id="paid_note"
                name="note"
                maxLength={1000}
                className="w-64"
                aria-invalid={paidFields.note.errors?.length ? true : undefined}
                aria-describedby="paid_note-error"
              />
              <ErrorList id="paid_note-error" errors={paidFields.note.errors} />
            </div>
            <ConfirmSubmit
              variant="default"
              disabled={invoice.pending_approval}
              title={`Mark invoice #${invoice.id} as paid?`}
              description={`${formatMoney(invoice.total_outstanding_amount)} is recorded as a completed bank payment and the invoice becomes paid.`}
              confirmLabel="Mark as paid"
            >
              Mark as paid
            </ConfirmSubmit>
            <ErrorList errors={paidForm.errors} className="w-full" />
          </ConformForm>
        ) : null}
        {draft ? (
          <ConformForm form={voidForm} intent="void" className="flex flex-wrap items-end gap-2">
            <div className="space-y-1">
              <Label htmlFor="void_reason">Reason (optional)</Label>
              <Input
                id="void_reason"
                name="reason"
                maxLength={1000}
                className="w-64"
                aria-invalid={voidFields.reason.errors?.length ? true : undefined}
                aria-describedby="void_reason-error"
              />
              <ErrorList id="void_reason-error" errors={voidFields.reason.errors} />
            </div>
            <ConfirmSubmit
              title={`Void draft invoice #${invoice.id}?`}
              description={`The draft of ${formatMoney(invoice.total_amount_due)} is cancelled for good.`}
              confirmLabel="Void invoice"
            >
              Void
            </ConfirmSubmit>
            <ErrorList errors={voidForm.errors} className="w-full" />
          </ConformForm>
        ) : null}
      </CardContent>
    </Card>
  )
}
