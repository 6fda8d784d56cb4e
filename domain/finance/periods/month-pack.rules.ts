// The month-end pack of a closed month (issue 25, ADR 0019): its reports, their columns (figures
// in integer cents) and file names. The rows come from month-pack.ts.
import { CAP_EVIDENCE_COLUMNS } from '../commission-cap/cap-evidence-columns'

export type PackColumn = { key: string; header: string }
export type PackReport = { key: string; label: string; columns: PackColumn[] }

const col = (key: string, header: string): PackColumn => ({ key, header })

/** Xero's CSV import template columns for sales invoices and bills (the ones the pack fills). */
const XERO_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'Currency',
].map((h) => col(h, h))

export const PACK_REPORTS = [
  {
    key: 'trial-balance',
    label: 'Trial balance',
    columns: [
      col('kind', 'Account kind'),
      col('label', 'Account'),
      col('month_debits', 'Debits in month (cents)'),
      col('month_credits', 'Credits in month (cents)'),
      col('closing_debits', 'Debits to month end (cents)'),
      col('closing_credits', 'Credits to month end (cents)'),
      col('pending_debits', 'Pending debits at end (cents)'),
      col('pending_credits', 'Pending credits at end (cents)'),
    ],
  },
  {
    key: 'premium-by-insurer',
    label: 'Premium received per insurer',
    columns: [
      col('insurer', 'Insurer'),
      col('policies', 'Policies'),
      col('received', 'Premium received (cents)'),
      col('returned', 'Premium returned (cents)'),
      col('net', 'Net premium (cents)'),
    ],
  },
  {
    key: 'commission-by-agency',
    label: 'Commission per agency',
    columns: [
      col('agency_id', 'Agency ID'),
      col('agency', 'Agency'),
      col('accrued', 'Commission accrued (cents)'),
      col('reversed', 'Commission reversed (cents)'),
      col('gst', 'GST on commission (cents)'),
      col('paid', 'Commission paid (cents)'),
      col('clawed_back', 'Clawed back (cents)'),
    ],
  },
  {
    key: 'gst',
    label: 'GST',
    columns: [
      col('code', 'Transfer code'),
      col('collected', 'GST collected (cents)'),
      col('paid', 'GST paid (cents)'),
    ],
  },
  {
    key: 'refunds',
    label: 'Refunds',
    columns: [
      col('posted_at', 'Posted (UTC)'),
      col('transfer_id', 'Transfer'),
      col('policy_id', 'Policy ID'),
      col('agency_id', 'Agency ID'),
      col('amount', 'Amount (cents)'),
      col('to', 'Returned to'),
      col('note', 'Note'),
    ],
  },
  {
    key: 'receivables',
    label: 'Open receivables with ageing',
    columns: [
      col('invoice_id', 'Invoice'),
      col('agency_id', 'Agency ID'),
      col('agency', 'Agency'),
      col('invoice_type', 'Type'),
      col('invoice_date', 'Invoice date'),
      col('due_date', 'Due date'),
      col('total_due', 'Total due (cents)'),
      col('paid', 'Paid by month end (cents)'),
      col('outstanding', 'Outstanding (cents)'),
      col('days_past_due', 'Days past due'),
      col('bucket', 'Ageing'),
    ],
  },
  {
    key: 'commission-cap',
    label: 'Commission cap evidence',
    columns: CAP_EVIDENCE_COLUMNS.map(([key, header]) => col(key, header)),
  },
  { key: 'xero-sales-invoices', label: 'Xero import: sales invoices (premium)', columns: XERO_COLUMNS },
  { key: 'xero-bills', label: 'Xero import: bills (commission)', columns: XERO_COLUMNS },
] as const satisfies readonly PackReport[]

export type PackReportKey = (typeof PACK_REPORTS)[number]['key']
export const PACK_REPORT_KEYS = PACK_REPORTS.map((r) => r.key) as [PackReportKey, ...PackReportKey[]]

export const packFileName = (month: string, report: string) => `month-end-${month}-${report}`
