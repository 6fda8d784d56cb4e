// The shapes of a ledger reconciliation run: the mismatches stored in reconciliation_runs.mismatches
// (persisted: change only in backward-compatible ways) and how runs are answered to staff.
import type { z } from 'zod'
import type { reconciliationRuns } from '../../db/schema'
import { fromCents } from '../shared/money'
import { PageQuerySchema } from '../shared/pagination'

/** What a reconciliation compares; each failed comparison is one mismatch. */
export const RECONCILIATION_CHECKS = [
  /** agency_balances.balance = the sum of its agency_balance_transactions. */
  'balance_ledger_sum',
  /** agency_balances.balance = the balance after its last ledger row. */
  'balance_last_entry',
  /** remaining BNPL allowance = the allowance + the sum of its bnpl_transactions. */
  'bnpl_remaining',
  /** invoice sub_total and total_amount_due = the sum of its line items' total_amount. */
  'invoice_totals',
  /** invoice tax_total = the sum of its line items' tax_amount. */
  'invoice_tax',
  /** a PAID or OVER_PAID invoice has COMPLETED payments of at least its total_amount_due. */
  'invoice_paid',
  /** total_outstanding_amount = max(0, due - COMPLETED payments) on an invoice not cancelled. */
  'invoice_outstanding',
] as const
export type ReconciliationCheck = (typeof RECONCILIATION_CHECKS)[number]

export const RECONCILIATION_CHECK_LABELS: Record<ReconciliationCheck, string> = {
  balance_ledger_sum: 'Balance vs ledger sum',
  balance_last_entry: 'Balance vs last ledger row',
  bnpl_remaining: 'BNPL remaining vs allowance and ledger',
  invoice_totals: 'Invoice total vs line items',
  invoice_tax: 'Invoice tax vs line items',
  invoice_paid: 'Paid invoice vs payments',
  invoice_outstanding: 'Outstanding vs payments',
}

/** One failed comparison, with the figures compared (cents, as stored). */
export type ReconciliationMismatch = {
  check: ReconciliationCheck
  agency_id: number
  agency_name: string
  invoice_id: number | null
  message: string
  figures: Record<string, number>
}

export const ReconciliationRunsQuerySchema = PageQuerySchema

type RunRow = typeof reconciliationRuns.$inferSelect

/** A run as the API and screens answer it: figures in dollars (fromCents), like every amount. */
export function presentReconciliationRun(r: RunRow) {
  const mismatches = (r.mismatches as ReconciliationMismatch[]).map((m) => ({
    ...m,
    figures: Object.fromEntries(Object.entries(m.figures).map(([k, v]) => [k, fromCents(v)])),
  }))
  return {
    id: r.id,
    started_at: r.started_at,
    finished_at: r.finished_at,
    trigger: r.trigger,
    agencies_checked: r.agencies_checked,
    invoices_checked: r.invoices_checked,
    mismatch_count: r.mismatch_count,
    /** At most MAX_STORED_MISMATCHES are kept; mismatch_count is the full count. */
    mismatches,
  }
}
export type ReconciliationRunView = ReturnType<typeof presentReconciliationRun>

/** How many mismatches a run keeps in full (mismatch_count always counts them all). */
export const MAX_STORED_MISMATCHES = 500

export type ReconciliationRunsQuery = z.infer<typeof ReconciliationRunsQuerySchema>
