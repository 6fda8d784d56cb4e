import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { markInvoiceAsPaid } from '../../../../domain/finance/invoices/mark-invoice-as-paid'
import { updateInvoicePaymentDocumentStatus } from '../../../../domain/finance/invoices/update-invoice-payment-document-status'
import { voidInvoice } from '../../../../domain/finance/invoices/void-invoice'
import {
  UpdatePaymentDocumentStatusSchema,
  VoidInvoiceSchema,
} from '../../../../domain/finance/invoices/invoices.schemas'
import { DomainError } from '../../../../domain/shared/errors'
import { parseId } from '../../../../domain/shared/fields'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { InvoiceHistory } from '../../../components/finance/invoice-history'
import { InvoicePayments } from '../../../components/finance/invoice-payments'
import { InvoiceStaffActions } from './invoice-staff-actions'
import { InvoiceDetail } from '../../../components/invoice-detail'
import { idFromParam, readForm } from '../../../utils/forms.server'
import { addNote, firstIssue, loadInvoice, withDownloads } from '../../../utils/invoice.server'
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
 * Staff decisions on one invoice: verify-document:<id>, reject-document:<id> (reason in
 * reason_<id>), add-note, mark-paid (note), void (reason). Each answers back here with a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, markInvoiceAsPaid.access)
  const invoiceId = idFromParam(params.invoiceId, 'Invoice')
  const formData = await readForm(request)
  const back = `/staff/finance/invoices/${invoiceId}`
  const [verb, idText] = String(formData.get('intent') ?? '').split(':')
  const fail = (title: string) => redirectWithToast(back, { type: 'error', title })
  try {
    switch (verb) {
      case 'verify-document':
      case 'reject-document': {
        const documentId = parseId(idText) ?? 0
        const parsed = UpdatePaymentDocumentStatusSchema.safeParse({
          id: documentId,
          status: verb === 'verify-document' ? 'VERIFIED' : 'REJECTED',
          rejection_reason: formData.get(`reason_${documentId}`) ?? '',
        })
        if (!parsed.success) return fail(firstIssue(parsed.error))
        const r = await updateInvoicePaymentDocumentStatus({ actor, input: parsed.data })
        return redirectWithToast(back, {
          type: 'success',
          title: verb === 'verify-document' ? 'Document verified' : 'Document rejected',
          description:
            verb === 'verify-document'
              ? `Payment of ${formatMoney(r.payment.payment_amount)} completed; the invoice is ${r.invoice.status}.`
              : 'The agency is told why.',
        })
      }
      case 'add-note':
        return await addNote({ actor, invoiceId, formData, back })
      case 'mark-paid': {
        const r = await markInvoiceAsPaid({
          actor,
          invoiceId,
          note: String(formData.get('note') ?? '').trim() || null,
        })
        return redirectWithToast(back, { type: 'success', title: `Invoice #${r.invoice.id} marked as paid` })
      }
      case 'void': {
        const parsed = VoidInvoiceSchema.safeParse({ invoice_id: invoiceId, reason: formData.get('reason') })
        if (!parsed.success) return fail(firstIssue(parsed.error))
        await voidInvoice({ actor, invoiceId, reason: parsed.data.reason })
        return redirectWithToast(back, { type: 'success', title: `Invoice #${invoiceId} voided` })
      }
      default:
        throw new Response('Unknown action', { status: 400 })
    }
  } catch (err) {
    if (err instanceof DomainError) return fail(err.message)
    throw err
  }
}

export default function StaffInvoice() {
  const { invoice } = useLoaderData<typeof loader>()
  return (
    <InvoiceDetail invoice={invoice} backHref="/staff/finance/invoices">
      <InvoiceStaffActions invoice={invoice} />
      <InvoicePayments payments={invoice.payments} side="staff" />
      <InvoiceHistory histories={invoice.histories} />
    </InvoiceDetail>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
