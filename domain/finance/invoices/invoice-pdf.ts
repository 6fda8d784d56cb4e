import { invoiceReference } from '../statements/statements.rules'
import { formatCents, formatDate } from '../../shared/format'
import { INVOICE_STATUS_LABELS, INVOICE_TYPE_LABELS, labelOf } from '../../shared/labels'
import { toCents } from '../../shared/money'
import { finishPdf, startPdf, type Insurer, type PdfWriter as Writer } from '../pdf-writer'
import { AGENCY_PARTY } from './invoices'
import type { getInvoice } from './get-invoice'

export { insurerDetails, type Insurer } from '../pdf-writer'

export type PdfInvoice = Awaited<ReturnType<typeof getInvoice>>

/** What the PDF prints: the invoice, the agency's ABN (from its bank details) and the insurer. */
export type InvoicePdfInput = { invoice: PdfInvoice; agencyAbn: string | null; insurer: Insurer }

/** An invoice addressed to the agency (it pays the insurer) is a GST tax invoice. */
export const isTaxInvoice = (invoice: Pick<PdfInvoice, 'to'>) => invoice.to === AGENCY_PARTY

/** Right edges of the amount columns of the line table. */
const COLS = { net: 370, gst: 450, total: 545 }

/** Title, supplier and recipient, and the invoice's number and dates. */
function writeHeader(w: Writer, { invoice, agencyAbn, insurer }: InvoicePdfInput) {
  const tax = isTaxInvoice(invoice)
  w.row([{ text: tax ? 'Tax invoice' : 'Invoice', bold: true }], 20)
  if (insurer.is_demo) w.row([{ text: 'Demo system: demo insurer details, not a real tax invoice' }], 9)
  w.gap()
  w.row([{ text: insurer.name, bold: true }])
  w.row([{ text: `ABN ${insurer.abn}` }])
  w.gap()
  w.row([{ text: tax ? 'Bill to' : 'Agency', bold: true }])
  w.row([{ text: invoice.agency.name ?? invoice.agency.email }])
  w.row([{ text: `ABN ${agencyAbn?.trim() || 'not recorded'}` }])
  w.gap()
  const facts: [string, string][] = [
    ['Invoice number', String(invoice.id)],
    ['Invoice date', formatDate(invoice.invoice_date)],
    ['Due date', invoice.due_date ? formatDate(invoice.due_date) : 'On receipt'],
    ['Type', labelOf(INVOICE_TYPE_LABELS, invoice.invoice_type)],
    ['Status', labelOf(INVOICE_STATUS_LABELS, invoice.status)],
  ]
  if (invoice.external_invoice_id) facts.splice(1, 0, ['Agency reference', invoice.external_invoice_id])
  // What a bank transfer for it quotes, so finance match it (a premium quotes its policy instead).
  if (tax && invoice.invoice_type !== 'PREMIUM')
    facts.push(['Bank transfer reference', invoiceReference(invoice.id)])
  w.facts(facts)
}

/** The line table: description, amount before GST, GST and amount with GST, each line's own. */
function writeLines(w: Writer, invoice: PdfInvoice) {
  w.gap()
  const head = (text: string, right: number) => ({ text, right, bold: true })
  w.row([
    { text: 'Description', bold: true, width: 230 },
    head('Excl. GST', COLS.net),
    head('GST', COLS.gst),
    head('Amount', COLS.total),
  ])
  w.rule()
  for (const li of invoice.line_items) {
    const description = li.policy_ref ? `${li.description} (${li.policy_ref})` : li.description
    w.row([
      { text: description ?? '', width: 230 },
      { text: formatCents(toCents(li.net_amount)), right: COLS.net },
      { text: formatCents(toCents(li.tax_amount)), right: COLS.gst },
      { text: formatCents(toCents(li.total_amount)), right: COLS.total },
    ])
  }
  w.rule()
}

/** The totals: before GST, GST, total due, what is paid and what is still owed. */
function writeTotals(w: Writer, invoice: PdfInvoice) {
  const due = toCents(invoice.total_amount_due)
  const gst = toCents(invoice.tax_total)
  const outstanding = toCents(invoice.total_outstanding_amount)
  const overpaid = toCents(invoice.total_amount_owed)
  const rows: [string, number][] = [
    ['Total excluding GST', due - gst],
    ['GST total', gst],
    ['Total due (including GST)', due],
    ['Amount paid', due - outstanding + overpaid],
    ['Amount owing', outstanding],
  ]
  if (overpaid > 0) rows.push(['Over-paid (credited to the agency balance)', overpaid])
  for (const [label, cents] of rows)
    w.row([
      { text: label, right: COLS.gst, bold: label.startsWith('Total due') },
      { text: formatCents(cents), right: COLS.total, bold: label.startsWith('Total due') },
    ])
}

/** The invoice as a PDF (A4, one or more pages): a GST tax invoice when addressed to the agency. */
export async function writeInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const tax = isTaxInvoice(input.invoice)
  const { doc, writer: w } = await startPdf({
    title: `${tax ? 'Tax invoice' : 'Invoice'} ${input.invoice.id}`,
    author: input.insurer.name,
    created: input.invoice.created_at,
    modified: input.invoice.updated_at,
  })
  writeHeader(w, input)
  writeLines(w, input.invoice)
  writeTotals(w, input.invoice)
  if (tax) {
    w.gap()
    w.row([{ text: 'Amounts include GST where shown.' }], 9)
  }
  return finishPdf(doc)
}
