// A recipient-created tax invoice (RCTI, issue 25): the insurer, who receives the agency's service
// of arranging policies, issues the tax invoice for the commission it pays an agency registered for
// GST. It carries what the ATO requires of a tax invoice (the words "Recipient created tax
// invoice", both parties' names and ABNs, the date of issue, what was supplied, the GST and the
// price) and the written agreement's statements the RCTI determination asks for.
import { formatDate } from '../../shared/format'
import { finishPdf, startPdf, type PdfWriter } from '../pdf-writer'
import { writeLines, writeTotals, type RemittancePdfInput } from './remittance-pdf'

/** The RCTI agreement's statements, printed on every RCTI (the ATO's wording). */
export const RCTI_AGREEMENT = [
  'The recipient and the supplier declare that this agreement applies to supplies to which this tax invoice relates.',
  'The recipient can issue tax invoices in respect of these supplies.',
  'The supplier will not issue tax invoices in respect of these supplies.',
  'The supplier acknowledges that it is registered for GST and that it will notify the recipient if it ceases to be registered.',
  'The recipient acknowledges that it is registered for GST and that it will notify the supplier if it ceases to be registered.',
  'Acceptance of this recipient created tax invoice (RCTI) constitutes acceptance of the terms of this written agreement.',
  'Both parties to this supply agree that they are parties to an RCTI agreement.',
  'The supplier agrees to notify the recipient if the supplier does not wish to accept the proposed agreement within 21 days of receiving this document.',
]

/** The RCTI's number: one per payout. */
export const rctiNumber = (payoutId: number) => `RCTI-${payoutId}`

function writeHeader(w: PdfWriter, { payout, agencyAbn, insurer }: RemittancePdfInput) {
  w.row([{ text: 'Recipient created tax invoice', bold: true }], 20)
  if (insurer.is_demo) w.row([{ text: 'Demo system: demo insurer details' }], 9)
  w.gap()
  w.row([{ text: 'Supplier', bold: true }])
  w.row([{ text: payout.agency.name ?? payout.agency.email }])
  w.row([{ text: `ABN ${agencyAbn?.trim() || 'not recorded'}` }])
  w.gap()
  w.row([{ text: 'Recipient', bold: true }])
  w.row([{ text: insurer.name }])
  w.row([{ text: `ABN ${insurer.abn}` }])
  w.gap()
  w.facts([
    ['Tax invoice number', rctiNumber(payout.id)],
    ['Date of issue', formatDate(payout.decided_at ?? payout.updated_at)],
    ['Commission payout', String(payout.id)],
    ["Supplier's reference", payout.external_invoice_id],
  ])
  w.gap()
  w.paragraph(
    'Supply: arranging Overseas Student Health Cover policies for the insurer (commission). Each supply below is taxable; the GST shown is payable by the supplier.',
  )
}

/** A paid payout's RCTI as a PDF (A4), for an agency registered for GST. */
export async function writeRctiPdf(input: RemittancePdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, writer: w } = await startPdf({
    title: `Recipient created tax invoice ${rctiNumber(input.payout.id)}`,
    author: input.insurer.name,
    created: input.payout.decided_at ?? input.payout.created_at,
    modified: input.payout.updated_at,
  })
  writeHeader(w, input)
  writeLines(w, input.payout)
  writeTotals(w, input.payout, false)
  w.gap()
  for (const statement of RCTI_AGREEMENT) w.paragraph(statement)
  return finishPdf(doc)
}
