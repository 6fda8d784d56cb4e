// An insurer's remittance statement (issue 25): its policies with premium, commission and net, as
// rows for CSV/XLSX and as a PDF written like the other finance documents. Amounts in cents in the
// rows (the pack's convention), in dollars on the PDF.
import { formatCents, formatDate } from '../../shared/format'
import { finishPdf, startPdf, type Insurer, type PdfWriter } from '../pdf-writer'
import { monthLabel } from '../periods/periods.rules'
import type { PolicyFigures } from './remittance-figures'
import type { loadRemittance } from './get-insurer-remittance'
import { REMITTANCE_STATUS_LABELS } from './remittances.rules'

export type StatementRemittance = Awaited<ReturnType<typeof loadRemittance>>

export const STATEMENT_COLUMNS: { key: keyof PolicyFigures; header: string }[] = [
  { key: 'policy_ref', header: 'Policy' },
  { key: 'student', header: 'Student' },
  { key: 'agency', header: 'Agency' },
  { key: 'premium_cents', header: 'Premium received (cents)' },
  { key: 'commission_cents', header: 'Commission retained (cents)' },
  { key: 'net_cents', header: 'Net to insurer (cents)' },
]

/** The file's name without its extension. */
export const statementFileName = (r: StatementRemittance) => `remittance-statement-${r.id}-${r.month}`

/** The last row of the CSV/XLSX: the remittance's totals. */
export const totalRow = (r: StatementRemittance): PolicyFigures => ({
  policy_id: 0,
  policy_ref: 'Total',
  student: `${r.policy_count} policies`,
  agency: '',
  premium_cents: r.premium_cents,
  commission_cents: r.commission_cents,
  net_cents: r.amount_cents,
})

const COLS = { premium: 400, commission: 470, net: 545 }

function writeHeader(w: PdfWriter, r: StatementRemittance, payer: Insurer) {
  w.row([{ text: 'Remittance statement', bold: true }], 20)
  if (payer.is_demo) w.row([{ text: 'Demo system: demo details' }], 9)
  w.gap()
  w.facts([
    ['From', `${payer.name} (ABN ${payer.abn})`],
    ['To', r.insurer],
    ['Month', monthLabel(r.month)],
    ['Remittance number', String(r.id)],
    ['Status', REMITTANCE_STATUS_LABELS[r.status]],
    ['Paid on', r.paid_at ? formatDate(r.paid_at) : 'not yet'],
    ['Account', `${r.account_name}, BSB ${r.bsb}, ${r.account_number_masked}`],
  ])
  w.gap()
}

function writeLines(w: PdfWriter, lines: PolicyFigures[]) {
  const head = (text: string, right: number) => ({ text, right, bold: true })
  w.row([
    { text: 'Policy', bold: true, width: 100 },
    { text: 'Student', bold: true, x: 150, width: 170 },
    head('Premium', COLS.premium),
    head('Commission', COLS.commission),
    head('Net', COLS.net),
  ])
  w.rule()
  for (const l of lines)
    w.row([
      { text: l.policy_ref, width: 100 },
      { text: l.student, x: 150, width: 170 },
      { text: formatCents(l.premium_cents), right: COLS.premium },
      { text: formatCents(l.commission_cents), right: COLS.commission },
      { text: formatCents(l.net_cents), right: COLS.net },
    ])
  w.rule()
}

/** The statement as a PDF: who pays whom for which month, one row per policy, and the totals. */
export async function writeStatementPdf(r: StatementRemittance, lines: PolicyFigures[], payer: Insurer) {
  const { doc, writer: w } = await startPdf({
    title: `Remittance statement ${r.id}`,
    author: payer.name,
    created: r.proposed_at,
    modified: r.updated_at,
  })
  writeHeader(w, r, payer)
  writeLines(w, lines)
  for (const [label, cents] of [
    ['Premium received', r.premium_cents],
    ['Commission retained', r.commission_cents],
    ['Remitted to the insurer', r.amount_cents],
  ] as const)
    w.row([
      { text: label, right: COLS.commission, bold: label.startsWith('Remitted') },
      { text: formatCents(cents), right: COLS.net, bold: label.startsWith('Remitted') },
    ])
  return finishPdf(doc)
}
