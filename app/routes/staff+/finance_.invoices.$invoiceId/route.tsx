import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { markInvoiceAsPaid } from '../../../../domain/finance/invoices/mark-invoice-as-paid'
import { updateInvoicePaymentDocumentStatus } from '../../../../domain/finance/invoices/update-invoice-payment-document-status'
import { voidInvoice } from '../../../../domain/finance/invoices/void-invoice'
import { parseId } from '../../../../domain/shared/fields'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { InvoiceHistory } from '../../../components/finance/invoice-history'
import { InvoicePayments } from '../../../components/finance/invoice-payments'
import { InvoiceStaffActions } from './invoice-staff-actions'
import { InvoiceDetail } from '../../../components/invoice-detail'
import { idFromParam, readForm } from '../../../utils/forms.server'
import {
  documentDecisionSchema,
  MarkInvoicePaidSchema,
  reasonField,
  VoidInvoiceFormSchema,
} from '../../../utils/invoice-forms.schemas'
import { addNote, loadInvoice, submitInvoiceForm, withDownloads } from '../../../utils/invoice.server'
import { requireAccess, requireStaff } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { formatMoney } from '../../../utils/misc'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Invoice #${data?.invoice.id ?? ''} · OSHC Back Office` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireStaff(request, 'finance')
  return { invoice: await withDownloads(await loadInvoice(actor, params.invoiceId)) }
}

/**
 * Staff decisions on one invoice, each a form over its schema (invoice-forms.schemas.ts):
 * verify-document:<id>, reject-document:<id> (reason in reason_<id>), add-note, mark-paid (note),
 * void (reason). Each answers back here with a toast; a refusal answers on its form and as a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, markInvoiceAsPaid.access)
  const invoiceId = idFromParam(params.invoiceId, 'Invoice')
  const formData = await readForm(request)
  const back = `/staff/finance/invoices/${invoiceId}`
  const [verb, idText] = String(formData.get('intent') ?? '').split(':')
  switch (verb) {
    case 'verify-document':
    case 'reject-document': {
      const documentId = parseId(idText) ?? 0
      return submitInvoiceForm(formData, documentDecisionSchema(documentId), async (v) => {
        const verify = verb === 'verify-document'
        const r = await updateInvoicePaymentDocumentStatus({
          actor,
          input: {
            id: documentId,
            status: verify ? 'VERIFIED' : 'REJECTED',
            rejection_reason: verify ? null : (v[reasonField(documentId)] ?? null),
          },
        })
        return redirectWithToast(back, {
          type: 'success',
          title: verify ? 'Document verified' : 'Document rejected',
          description: verify
            ? `Payment of ${formatMoney(r.payment.payment_amount)} completed; the invoice is ${r.invoice.status}.`
            : 'The agency is told why.',
        })
      })
    }
    case 'add-note':
      return addNote({ actor, invoiceId, formData, back })
    case 'mark-paid':
      return submitInvoiceForm(formData, MarkInvoicePaidSchema, async (v) => {
        const r = await markInvoiceAsPaid({ actor, invoiceId, note: v.note })
        return redirectWithToast(back, { type: 'success', title: `Invoice #${r.invoice.id} marked as paid` })
      })
    case 'void':
      return submitInvoiceForm(formData, VoidInvoiceFormSchema, async (v) => {
        await voidInvoice({ actor, invoiceId, reason: v.reason })
        return redirectWithToast(back, { type: 'success', title: `Invoice #${invoiceId} voided` })
      })
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

export default function StaffInvoice() {
  const { invoice } = useLoaderData<typeof loader>()
  return (
    <InvoiceDetail
      invoice={invoice}
      backHref="/staff/finance/invoices"
      policyBase="/staff/policies"
      payoutBase="/staff/finance/payouts"
      pdfHref={`/staff/finance/invoices/${invoice.id}/pdf`}
    >
      <InvoiceStaffActions invoice={invoice} />
      <InvoicePayments payments={invoice.payments} side="staff" />
      <InvoiceHistory histories={invoice.histories} />
    </InvoiceDetail>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
