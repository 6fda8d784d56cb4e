import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { confirmInvoiceCardPayment } from '../../../../domain/finance/invoices/confirm-invoice-card-payment'
import { deleteInvoicePaymentDocument } from '../../../../domain/finance/invoices/delete-invoice-payment-document'
import { getAgencyBalance } from '../../../../domain/finance/ledger/get-agency-balance'
import { MakePaymentSchema } from '../../../../domain/finance/invoices/invoices.schemas'
import { makePaymentByAgency } from '../../../../domain/finance/ledger/make-payment-by-agency'
import { DomainError } from '../../../../domain/shared/errors'
import { parseId } from '../../../../domain/shared/fields'
import { receivingBankAccount } from '../../../../domain/shared/config'
import { invoiceReference } from '../../../../domain/finance/statements/statements.rules'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { InvoiceHistory } from '../../../components/finance/invoice-history'
import { InvoicePayForm, PAY_FORM_MAX_ROWS } from './invoice-pay-form'
import { InvoicePayments } from '../../../components/finance/invoice-payments'
import { InvoiceDetail } from '../../../components/invoice-detail'
import { Alert, AlertDescription } from '../../../components/ui/alert'
import { idFromParam, readForm } from '../../../utils/forms.server'
import { deleteDocumentSchema, PayInvoiceFormSchema } from '../../../utils/invoice-forms.schemas'
import {
  addNote,
  firstIssue,
  loadInvoice,
  submitInvoiceForm,
  withDownloads,
} from '../../../utils/invoice.server'
import { formatMoney } from '../../../utils/misc'
import { FINANCE_PAGES, requireAccess, requireAgency } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { storeFormFile } from '../../../utils/upload.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Invoice #${data?.invoice.id ?? ''} · Agency portal` },
]

const OPEN = ['PENDING', 'OVERDUE', 'PARTIALLY_PAID']

/** The invoice; back from a card checkout (?checkout=success&session_id=…) the payment is recorded first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const url = new URL(request.url)
  const sessionId = url.searchParams.get('session_id')
  let checkout: { ok: boolean; message: string } | null = null
  if (url.searchParams.get('checkout') === 'success' && sessionId) {
    const invoiceId = idFromParam(params.invoiceId, 'Invoice')
    checkout = await confirmInvoiceCardPayment({ actor, invoiceId, sessionId })
      .then(() => ({ ok: true, message: 'Your card payment is recorded.' }))
      .catch((err: unknown) => {
        if (err instanceof DomainError) return { ok: false, message: err.message }
        throw err
      })
  } else if (url.searchParams.get('checkout') === 'cancel') {
    checkout = { ok: false, message: 'The card payment was cancelled; nothing was charged.' }
  }
  const [invoice, balance] = await Promise.all([
    loadInvoice(actor, params.invoiceId).then(withDownloads),
    getAgencyBalance({ actor, agencyId: actor.agencyId }),
  ])
  const bankTransfer = { account: receivingBankAccount(), reference: invoiceReference(invoice.id) }
  return { invoice, balance: balance.balance, checkout, bankTransfer }
}

/** Rows method_<i> / amount_<i> / document_<i> of the pay form (blank rows skipped), receipts stored. */
async function paymentRows(actor: Parameters<typeof storeFormFile>[0]['actor'], formData: FormData) {
  const rows = []
  for (let i = 0; i < PAY_FORM_MAX_ROWS; i++) {
    const method = String(formData.get(`method_${i}`) ?? '').trim()
    if (!method) continue
    const file = formData.get(`document_${i}`)
    const hasFile = !!file && typeof file !== 'string' && file.size > 0
    const stored =
      method === 'BANK' && hasFile ? await storeFormFile({ actor, file, field: `document_${i}` }) : null
    rows.push({
      method,
      payment_amount: String(formData.get(`amount_${i}`) ?? ''),
      documentName: stored?.filename ?? null,
      documentUrl: stored?.key ?? null,
    })
  }
  return rows
}

/**
 * pay (the multi-method form), add-note, delete-document:<id>, each a form over its schema
 * (invoice-forms.schemas.ts); back here with a toast. A refusal answers on its form and as a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, makePaymentByAgency.access)
  const invoiceId = idFromParam(params.invoiceId, 'Invoice')
  const formData = await readForm(request)
  const back = `/agency/finance/invoices/${invoiceId}`
  const [verb, idText] = String(formData.get('intent') ?? '').split(':')
  switch (verb) {
    case 'pay':
      return submitInvoiceForm(formData, PayInvoiceFormSchema, async () => {
        const parsed = MakePaymentSchema.safeParse({
          invoice_id: invoiceId,
          payment_methods: await paymentRows(actor, formData),
        })
        if (!parsed.success) throw new DomainError('VALIDATION', firstIssue(parsed.error))
        const r = await makePaymentByAgency({ actor, input: parsed.data })
        if (r.intent) return redirect(r.intent.url)
        const paid = r.payments.reduce((s, p) => s + p.payment_amount, 0)
        return redirectWithToast(back, {
          type: 'success',
          title: `Payment of ${formatMoney(paid)} made`,
          description: `The invoice is ${r.invoice.status}; bank transfers count once our finance team verifies them.`,
        })
      })
    case 'add-note':
      return addNote({ actor, invoiceId, formData, back })
    case 'delete-document': {
      const documentId = parseId(idText) ?? 0
      return submitInvoiceForm(formData, deleteDocumentSchema(documentId), async () => {
        await deleteInvoicePaymentDocument({ actor, documentId })
        return redirectWithToast(back, { type: 'success', title: 'Document deleted' })
      })
    }
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

export default function AgencyInvoice() {
  const { invoice, balance, checkout, bankTransfer } = useLoaderData<typeof loader>()
  const payable =
    invoice.to === 'AGENCY' && OPEN.includes(invoice.status) && invoice.total_outstanding_amount > 0
  return (
    <InvoiceDetail
      invoice={invoice}
      backHref="/agency/finance/invoices"
      policyBase="/agency/policies"
      payoutBase="/agency/finance/payouts"
      pdfHref={`/agency/finance/invoices/${invoice.id}/pdf`}
    >
      {checkout ? (
        <Alert variant={checkout.ok ? 'success' : 'warning'}>
          <AlertDescription>{checkout.message}</AlertDescription>
        </Alert>
      ) : null}
      {payable ? (
        <InvoicePayForm
          invoiceId={invoice.id}
          outstanding={invoice.total_outstanding_amount}
          balance={balance}
          bankTransfer={bankTransfer}
        />
      ) : null}
      <InvoicePayments payments={invoice.payments} side="agency" />
      <InvoiceHistory histories={invoice.histories} />
    </InvoiceDetail>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
