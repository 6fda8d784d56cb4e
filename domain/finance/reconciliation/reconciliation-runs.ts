// The shapes of a ledger reconciliation run: the mismatches stored in reconciliation_runs.mismatches
// (persisted: change only in backward-compatible ways) and how runs are answered to staff.
import type { z } from 'zod'
import type { reconciliationRuns } from '../../../db/schema'
import { fromCents } from '../../shared/money'
import { PageQuerySchema } from '../../shared/pagination'
import type { ReconciliationCheck } from './reconciliation.rules'

/** One failed comparison, with the figures compared (cents, as stored). */
export type ReconciliationMismatch = {
  check: ReconciliationCheck
  /** null for what belongs to no agency (the journal's trial balance, a clearing account). */
  agency_id: number | null
  agency_name: string
  invoice_id: number | null
  /** The money journal account a journal check names (its code). */
  account?: string
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
