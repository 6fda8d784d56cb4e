import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { formatCents as aud } from '../../shared/format'
import type { ReconciliationMismatch } from './reconciliation-runs'

type InvoiceFigures = {
  invoice_id: number
  agency_id: number
  agency_name: string
  status: string
  sub_total: number
  tax_total: number
  total_amount_due: number
  total_outstanding_amount: number
  line_items_total: number
  line_items_tax: number
  completed_payments: number
}

/** Every invoice whose totals disagree with its line items or its status with its payments. */
function invoiceFigures(tx: Pick<Db, 'execute'>) {
  return tx.execute<InvoiceFigures>(sql`
    with items as (
      select invoice_id, sum(total_amount)::bigint as total, sum(tax_amount)::bigint as tax
      from invoice_line_items where invoice_id is not null group by invoice_id
    ), paid as (
      select invoice_id, sum(payment_amount)::bigint as total
      from invoice_payments where status = 'COMPLETED' group by invoice_id
    ), figures as (
      select i.id as invoice_id, i.agency_id, coalesce(a.full_company_name, a.email) as agency_name,
        i.status::text as status, i.sub_total, i.tax_total, i.total_amount_due, i.total_outstanding_amount,
        coalesce(items.total, 0)::bigint as line_items_total,
        coalesce(items.tax, 0)::bigint as line_items_tax,
        coalesce(paid.total, 0)::bigint as completed_payments
      from invoices i
      join agencies a on a.id = i.agency_id
      left join items on items.invoice_id = i.id
      left join paid on paid.invoice_id = i.id
    )
    select * from figures
    where sub_total <> line_items_total or total_amount_due <> line_items_total
      or tax_total <> line_items_tax
      or (status in ('PAID', 'OVER_PAID') and completed_payments < total_amount_due)
      or (status <> 'CANCELLED'
        and total_outstanding_amount <> greatest(0, total_amount_due - completed_payments))
    order by invoice_id`)
}

const baseOf = (r: InvoiceFigures) => ({
  agency_id: r.agency_id,
  agency_name: r.agency_name,
  invoice_id: r.invoice_id,
})

/** The invoice's totals and tax against its line items. */
function lineMismatches(r: InvoiceFigures): ReconciliationMismatch[] {
  const inv = `Invoice #${r.invoice_id}`
  const out: ReconciliationMismatch[] = []
  if (r.sub_total !== r.line_items_total || r.total_amount_due !== r.line_items_total)
    out.push({
      ...baseOf(r),
      check: 'invoice_totals',
      message: `${inv} totals ${aud(r.total_amount_due)} (sub-total ${aud(r.sub_total)}) but its line items sum to ${aud(r.line_items_total)}`,
      figures: {
        sub_total: r.sub_total,
        total_amount_due: r.total_amount_due,
        line_items_total: r.line_items_total,
      },
    })
  if (r.tax_total !== r.line_items_tax)
    out.push({
      ...baseOf(r),
      check: 'invoice_tax',
      message: `${inv} has tax ${aud(r.tax_total)} but its line items carry ${aud(r.line_items_tax)}`,
      figures: { tax_total: r.tax_total, line_items_tax: r.line_items_tax },
    })
  return out
}

/** A PAID / OVER_PAID invoice is covered by its payments; outstanding = max(0, due - paid) unless cancelled. */
function paymentMismatches(r: InvoiceFigures): ReconciliationMismatch[] {
  const inv = `Invoice #${r.invoice_id}`
  const out: ReconciliationMismatch[] = []
  if ((r.status === 'PAID' || r.status === 'OVER_PAID') && r.completed_payments < r.total_amount_due)
    out.push({
      ...baseOf(r),
      check: 'invoice_paid',
      message: `${inv} is ${r.status} for ${aud(r.total_amount_due)} but its completed payments total ${aud(r.completed_payments)}`,
      figures: { total_amount_due: r.total_amount_due, completed_payments: r.completed_payments },
    })
  const outstanding = Math.max(0, r.total_amount_due - r.completed_payments)
  if (r.status !== 'CANCELLED' && r.total_outstanding_amount !== outstanding)
    out.push({
      ...baseOf(r),
      check: 'invoice_outstanding',
      message: `${inv} shows ${aud(r.total_outstanding_amount)} outstanding but ${aud(r.total_amount_due)} due less ${aud(r.completed_payments)} paid leaves ${aud(outstanding)}`,
      figures: {
        total_outstanding_amount: r.total_outstanding_amount,
        expected_outstanding: outstanding,
        total_amount_due: r.total_amount_due,
        completed_payments: r.completed_payments,
      },
    })
  return out
}

/**
 * Every invoice whose figures disagree: sub_total and total_amount_due = its line items, tax_total
 * = their tax, a PAID / OVER_PAID invoice is covered by COMPLETED payments, and outstanding =
 * max(0, due - paid) unless cancelled. Per invoice, in this order of checks.
 */
export async function invoiceMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  const { rows } = await invoiceFigures(tx)
  return rows.flatMap((r) => [...lineMismatches(r), ...paymentMismatches(r)])
}
