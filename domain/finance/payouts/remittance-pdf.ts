import { formatCents, formatDate } from '../../shared/format'
import { labelOf, PAYOUT_PAYMENT_TYPE_LABELS } from '../../shared/labels'
import { toCents } from '../../shared/money'
import { finishPdf, startPdf, type Insurer, type PdfWriter } from '../pdf-writer'
import type { loadPayoutDetail } from './payout-detail'

export type PdfPayout = Awaited<ReturnType<typeof loadPayoutDetail>>

/** What the remittance advice prints: the paid payout, the agency's ABN and the insurer (the payer). */
export type RemittancePdfInput = { payout: PdfPayout; agencyAbn: string | null; insurer: Insurer }

/** Right edges of the amount columns of the commission table. */
const COLS = { commission: 390, gst: 465, total: 545 }

/** Title, payer and payee, and the payout's number, date (Sydney) and how it was paid. */
function writeHeader(w: PdfWriter, { payout, agencyAbn, insurer }: RemittancePdfInput) {
  w.row([{ text: 'Remittance advice', bold: true }], 20)
  if (insurer.is_demo) w.row([{ text: 'Demo system: demo insurer details' }], 9)
  w.gap()
  w.row([{ text: insurer.name, bold: true }])
  w.row([{ text: `ABN ${insurer.abn}` }])
  w.gap()
  w.row([{ text: 'Paid to', bold: true }])
  w.row([{ text: payout.agency.name ?? payout.agency.email }])
  w.row([{ text: `ABN ${agencyAbn?.trim() || 'not recorded'}` }])
  w.gap()
  const facts: [string, string][] = [
    ['Payout number', String(payout.id)],
    ['Payment date', formatDate(payout.payment_date)],
    ['Payment type', labelOf(PAYOUT_PAYMENT_TYPE_LABELS, payout.payment_type)],
    ['Receipt', payout.receipt_id ?? ''],
    ['Your invoice', payout.external_invoice_id],
  ]
  if (payout.invoice_id) facts.push(['Invoice number', String(payout.invoice_id)])
  w.facts(facts)
}

/** One row per commission line: the policy's reference, the student, commission, GST and total. */
export function writeLines(w: PdfWriter, payout: PdfPayout) {
  w.gap()
  const head = (text: string, right: number) => ({ text, right, bold: true })
  w.row([
    { text: 'Policy', bold: true, width: 110 },
    { text: 'Student', bold: true, x: 165, width: 150 },
    head('Commission', COLS.commission),
    head('GST', COLS.gst),
    head('Amount', COLS.total),
  ])
  w.rule()
  for (const l of payout.lines)
    w.row([
      { text: l.policy_ref, width: 110 },
      { text: l.customer_name, x: 165, width: 150 },
      { text: formatCents(toCents(l.amount)), right: COLS.commission },
      { text: formatCents(toCents(l.gst_amount)), right: COLS.gst },
      { text: formatCents(toCents(l.total_amount)), right: COLS.total },
    ])
  w.rule()
}

/**
 * The totals: commission, GST, the payout's total and, on a remittance (`remitted`), what
 * clawbacks took and what was remitted.
 */
export function writeTotals(w: PdfWriter, payout: PdfPayout, remitted = true) {
  const total = toCents(payout.total_amount)
  const offset = toCents(payout.clawback_offset_amount)
  const rows: [string, number][] = [
    ['Commission', toCents(payout.commission_amount)],
    ['GST', toCents(payout.gst_amount)],
    ['Total (including GST)', total],
  ]
  if (remitted && offset > 0)
    rows.push(['Set against clawbacks', offset], ['Amount remitted', total - offset])
  for (const [label, cents] of rows) {
    const bold = label.startsWith('Total') || label === 'Amount remitted'
    w.row([
      { text: label, right: COLS.gst, bold },
      { text: formatCents(cents), right: COLS.total, bold },
    ])
  }
}

/** A paid payout's remittance advice as a PDF (A4, one or more pages), written as the invoices are. */
export async function writeRemittancePdf(input: RemittancePdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, writer: w } = await startPdf({
    title: `Remittance advice ${input.payout.id}`,
    author: input.insurer.name,
    created: input.payout.decided_at ?? input.payout.created_at,
    modified: input.payout.updated_at,
  })
  writeHeader(w, input)
  writeLines(w, input.payout)
  writeTotals(w, input.payout)
  return finishPdf(doc)
}
