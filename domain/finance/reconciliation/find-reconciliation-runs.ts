import { desc, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { reconciliationRuns } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { pageInfo } from '../../shared/pagination'
import { presentReconciliationRun, type ReconciliationRunsQuery } from './reconciliation-runs'

/**
 * getReconciliationRuns: the ledger reconciliation runs, newest first, paged, each with its
 * mismatches and their figures (dollars). Staff holding finance.
 */
export const findReconciliationRuns = defineUseCase(
  { staff: ['finance'] },
  async function findReconciliationRuns(opts: { actor: Actor; input: ReconciliationRunsQuery }) {
    const { page, perPage } = opts.input
    const rows = await getDb()
      .select({ run: reconciliationRuns, total: sql<number>`count(*) over()::int` })
      .from(reconciliationRuns)
      .orderBy(desc(reconciliationRuns.started_at), desc(reconciliationRuns.id))
      .limit(perPage)
      .offset((page - 1) * perPage)
    return {
      items: rows.map((r) => presentReconciliationRun(r.run)),
      pageInfo: pageInfo(page, perPage, rows[0]?.total ?? 0),
    }
  },
)
