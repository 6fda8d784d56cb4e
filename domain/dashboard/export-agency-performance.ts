import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { DashboardQuery } from './dashboard.schemas'
import { ensureRollupZone, periodsOf } from './dashboard-sql'
import { agencySales } from './dashboard-sections'

/**
 * getOshcDashboard with export_agency_performance=true (any staff member): every agency's sales
 * of the range (not only the top 10), for a file.
 */
export const exportAgencyPerformance = defineUseCase(
  { staff: true },
  async function exportAgencyPerformance(opts: { actor: Actor; query: DashboardQuery }) {
    const p = periodsOf(opts.query)
    await ensureRollupZone()
    return { label: p.currentLabel, rows: (await agencySales(opts.query, p, null)).performance }
  },
)
