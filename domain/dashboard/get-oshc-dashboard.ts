import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { DashboardQuery } from './dashboard.schemas'
import { ensureRollupZone, periodsOf } from './dashboard-sql'
import {
  agencySales,
  financeSection,
  overviewSection,
  periodTotals,
  policySection,
} from './dashboard-sections'

/**
 * GET /dashboard/getOshcDashboard (any staff member): the overview, policy and finance figures of
 * a range (default the last 30 days) beside the previous range of the same length, summed in SQL
 * from the dashboard rollups (docs/decisions/0011-dashboard-rollup.md). `dashboard_type` picks
 * sections (all by default); agency performance holds the top 10 agencies by premium
 * (`sort_direction_agency_performance`).
 */
export const getOshcDashboard = defineUseCase(
  { staff: true },
  async function getOshcDashboard(opts: { actor: Actor; query: DashboardQuery }) {
    const q = opts.query
    const p = periodsOf(q)
    const wants = (t: string) => !q.dashboard_type.length || q.dashboard_type.includes(t as never)
    await ensureRollupZone()
    const [totals, sales, policy] = await Promise.all([
      wants('overview') || wants('finance') ? periodTotals(q, p) : null,
      wants('overview') || wants('policy') ? agencySales(q, p, 10) : null,
      wants('policy') ? policySection(q, p) : null,
    ])
    const finance = totals && wants('finance') ? await financeSection(q, p, totals) : null
    return {
      currentLabel: p.currentLabel,
      vsLabel: p.vsLabel,
      range: {
        start_date: p.current.start,
        end_date: p.current.end,
        previous_start_date: p.previous.start,
        previous_end_date: p.previous.end,
      },
      overviewDashboard:
        totals && sales && wants('overview')
          ? { ...overviewSection(totals, sales.selling), agencyPerformance: sales.performance }
          : null,
      policyDashboard: policy && sales ? { ...policy, agencyPerformance: sales.performance } : null,
      financeDashboard: finance,
    }
  },
)
