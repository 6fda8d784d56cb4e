import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import { config, type Config } from '../../shared/config'
import { conflict } from '../../shared/errors'
import { formatCents, formatDate } from '../../shared/format'
import { INVOICE_STATUS_LABELS, INVOICE_TYPE_LABELS, labelOf } from '../../shared/labels'
import { toCents } from '../../shared/money'
import { AGENCY_PARTY } from './invoices'
import type { getInvoice } from './get-invoice'

/** The insurer as the supplier of its invoices: INSURER_* settings, or demo values on a demo system. */
export type Insurer = { name: string; abn: string; is_demo: boolean }

const DEMO_INSURER: Insurer = { name: 'Demo OSHC Insurer Pty Ltd', abn: '00 000 000 000', is_demo: true }

/** The insurer's name and ABN; 409 naming what is missing in production. */
export function insurerDetails(c: Config = config()): Insurer {
  if (c.INSURER_NAME && c.INSURER_ABN) return { name: c.INSURER_NAME, abn: c.INSURER_ABN, is_demo: false }
  if (!c.INSURER_NAME && !c.INSURER_ABN && c.demo) return DEMO_INSURER
  const missing = (['INSURER_NAME', 'INSURER_ABN'] as const).filter((k) => !c[k])
  throw conflict(`The invoice PDF cannot be written: set ${missing.join(', ')} (the insurer's details)`)
}

export type PdfInvoice = Awaited<ReturnType<typeof getInvoice>>

/** What the PDF prints: the invoice, the agency's ABN (from its bank details) and the insurer. */
export type InvoicePdfInput = { invoice: PdfInvoice; agencyAbn: string | null; insurer: Insurer }

/** An invoice addressed to the agency (it pays the insurer) is a GST tax invoice. */
export const isTaxInvoice = (invoice: Pick<PdfInvoice, 'to'>) => invoice.to === AGENCY_PARTY

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 50
const GREY = rgb(0.4, 0.4, 0.4)
/** Right edges of the amount columns of the line table. */
const COLS = { net: 370, gst: 450, total: 545 }

type Fonts = { regular: PDFFont; bold: PDFFont }

/**
 * Writes text top-down on as many A4 pages as it takes. The standard fonts encode WinAnsi only,
 * so any other character (a name in another script) is printed as '?' rather than refused.
 */
class Writer {
  page: PDFPage
  y: number
  constructor(
    private doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(A4)
    this.y = A4[1] - MARGIN
  }

  private known = new Map<PDFFont, Set<number>>()

  safe(text: string, font: PDFFont) {
    let known = this.known.get(font)
    if (!known) this.known.set(font, (known = new Set(font.getCharacterSet())))
    return [...text.replace(/\s+/g, ' ')].map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('')
  }

  /** `text` shortened with '...' to fit `width` points. */
  fit(text: string, font: PDFFont, size: number, width: number) {
    let t = this.safe(text, font)
    if (font.widthOfTextAtSize(t, size) <= width) return t
    while (t && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1)
    return `${t}...`
  }

  /** Room for `height` more points on this page, else a new page. */
  need(height: number) {
    if (this.y - height >= MARGIN) return
    this.page = this.doc.addPage(A4)
    this.y = A4[1] - MARGIN
  }

  /** A line of cells: left-aligned at `x` or right-aligned to `right`. */
  row(cells: { text: string; x?: number; right?: number; bold?: boolean; width?: number }[], size = 10) {
    this.need(size + 6)
    for (const c of cells) {
      const font = c.bold ? this.fonts.bold : this.fonts.regular
      const text = this.fit(c.text, font, size, c.width ?? A4[0] - 2 * MARGIN)
      const x = c.right !== undefined ? c.right - font.widthOfTextAtSize(text, size) : (c.x ?? MARGIN)
      this.page.drawText(text, { x, y: this.y - size, size, font })
    }
    this.y -= size + 6
  }

  gap(points = 10) {
    this.y -= points
  }

  rule() {
    this.need(6)
    const y = this.y - 2
    this.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4[0] - MARGIN, y },
      color: GREY,
      thickness: 0.5,
    })
    this.y -= 8
  }
}

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
  for (const [label, value] of facts)
    w.row([
      { text: label, bold: true },
      { text: value, x: 170 },
    ])
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
  const doc = await PDFDocument.create()
  const tax = isTaxInvoice(input.invoice)
  doc.setTitle(`${tax ? 'Tax invoice' : 'Invoice'} ${input.invoice.id}`)
  doc.setAuthor(input.insurer.name)
  doc.setCreationDate(input.invoice.created_at)
  doc.setModificationDate(input.invoice.updated_at)
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  }
  const w = new Writer(doc, fonts)
  writeHeader(w, input)
  writeLines(w, input.invoice)
  writeTotals(w, input.invoice)
  if (tax) {
    w.gap()
    w.row([{ text: 'Amounts include GST where shown.' }], 9)
  }
  // A copy over a plain ArrayBuffer: what a Response body takes.
  return new Uint8Array(await doc.save())
}
