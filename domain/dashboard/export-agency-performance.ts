import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { DashboardQuery } from './dashboard.schemas'
import { periodsOf } from './dashboard-sql'
import { agencyPerformance } from './dashboard-sections'

/**
 * getOshcDashboard with export_agency_performance=true (any staff member): every agency's sales
 * of the range (not only the top 10), for a file.
 */
export const exportAgencyPerformance = defineUseCase(
  { staff: true },
  async function exportAgencyPerformance(opts: { actor: Actor; query: DashboardQuery }) {
    const p = periodsOf(opts.query)
    return { label: p.currentLabel, rows: await agencyPerformance(opts.query, p, null) }
  },
)
