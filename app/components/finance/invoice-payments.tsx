import { deleteDocumentSchema, documentDecisionSchema, reasonField } from '../../utils/invoice-forms.schemas'
import type { SerializedInvoicePayment } from '../../utils/invoice.server'
import { labelOf, PAYMENT_METHOD_LABELS } from '../../utils/labels'
import { formatDateTime, formatMoney } from '../../utils/misc'
import { ConfirmSubmit } from '../confirm-submit'
import { ConformForm, ErrorList, useConformForm, useResultFor } from '../forms'
import { StatusBadge } from '../status-badge'
import { Button } from '../ui/button'
import { Input } from '../ui/input'
import { Label } from '../ui/label'

type Doc = SerializedInvoicePayment['documents'][number] & { download_url?: string | null }
type Payment = Omit<SerializedInvoicePayment, 'documents'> & { documents: Doc[] }

/** Staff decide an UNVERIFIED proof: verify (the payment completes) or reject with a reason. */
function DocumentDecision({ doc, amount }: { doc: Doc; amount: number }) {
  const reason = reasonField(doc.id)
  const lastResult = useResultFor(`verify-document:${doc.id}`, `reject-document:${doc.id}`) ?? null
  const [form, fields] = useConformForm(documentDecisionSchema(doc.id), {
    id: `document-${doc.id}`,
    lastResult,
  })
  const reasonErrors = fields[reason].errors
  return (
    <ConformForm form={form} className="flex flex-wrap items-end gap-2">
      <ConfirmSubmit
        name="intent"
        value={`verify-document:${doc.id}`}
        variant="default"
        size="sm"
        title={`Verify "${doc.name}"?`}
        description={`The payment of ${formatMoney(amount)} is completed and the invoice settles from it.`}
        confirmLabel="Verify document"
      >
        Verify
      </ConfirmSubmit>
      <div className="space-y-1">
        <Label htmlFor={`reason_${doc.id}`} className="sr-only">
          Reason for rejecting {doc.name}
        </Label>
        <Input
          id={reason}
          name={reason}
          placeholder="Reason for rejecting"
          className="h-8 w-56"
          aria-invalid={reasonErrors?.length ? true : undefined}
          aria-describedby={`${reason}-error`}
        />
        <ErrorList id={`${reason}-error`} errors={reasonErrors} />
      </div>
      <Button type="submit" name="intent" value={`reject-document:${doc.id}`} variant="outline" size="sm">
        Reject
      </Button>
      <ErrorList errors={form.errors} className="w-full" />
    </ConformForm>
  )
}

/** The agency removes a proof nobody has looked at yet. */
function DocumentDelete({ doc }: { doc: Doc }) {
  const intent = `delete-document:${doc.id}`
  const [form] = useConformForm(deleteDocumentSchema(doc.id), { id: `delete-document-${doc.id}`, intent })
  return (
    <ConformForm form={form}>
      <ConfirmSubmit
        name="intent"
        value={intent}
        size="sm"
        variant="outline"
        title={`Delete "${doc.name}"?`}
        description="The document is removed; the payment waits for another proof."
        confirmLabel="Delete document"
      >
        Delete
      </ConfirmSubmit>
      <ErrorList errors={form.errors} />
    </ConformForm>
  )
}

/** An invoice's payments, newest first, each with its proofs (staff decide them; the agency may delete). */
export function InvoicePayments({ payments, side }: { payments: Payment[]; side: 'staff' | 'agency' }) {
  return (
    <section aria-labelledby="payments" className="space-y-2">
      <h3 id="payments" className="text-lg font-semibold">
        Payments
      </h3>
      {payments.length ? (
        <ul className="divide-y rounded-md border">
          {payments.map((p) => (
            <li key={p.id} className="space-y-2 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {labelOf(PAYMENT_METHOD_LABELS, p.method)} · {formatMoney(p.payment_amount)}
                  {p.ref ? <span className="text-muted-foreground"> · {p.ref}</span> : null}
                </span>
                <span className="flex items-center gap-2">
                  <StatusBadge kind="invoicePayment" status={p.status} />
                  {p.paid_at ? formatDateTime(p.paid_at) : `submitted ${formatDateTime(p.created_at)}`}
                </span>
              </div>
              {p.notes ? <p className="text-muted-foreground">{p.notes}</p> : null}
              {p.documents.length ? (
                <ul className="space-y-2 border-l pl-3" aria-label={`Documents of payment ${p.id}`}>
                  {p.documents.map((d) => (
                    <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
                      <span className="flex flex-wrap items-center gap-2">
                        {d.download_url ? (
                          <a
                            href={d.download_url}
                            className="text-primary hover:underline"
                            target="_blank"
                            rel="noreferrer"
                          >
                            {d.name}
                          </a>
                        ) : (
                          d.name
                        )}
                        <StatusBadge kind="paymentDocument" status={d.status} />
                        {d.rejection_reason ? (
                          <span className="text-muted-foreground">{d.rejection_reason}</span>
                        ) : null}
                      </span>
                      {d.status === 'UNVERIFIED' ? (
                        side === 'staff' ? (
                          <DocumentDecision doc={d} amount={p.payment_amount} />
                        ) : (
                          <DocumentDelete doc={d} />
                        )
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : p.status === 'PENDING' && p.method === 'BANK' ? (
                <p className="text-muted-foreground">No proof yet.</p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No payment recorded yet.</p>
      )}
    </section>
  )
}
