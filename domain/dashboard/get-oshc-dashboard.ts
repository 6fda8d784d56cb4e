import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { DashboardQuery } from './dashboard.schemas'
import { periodsOf } from './dashboard-sql'
import { agencyPerformance, financeSection, overviewSection, policySection } from './dashboard-sections'

/**
 * GET /dashboard/getOshcDashboard (any staff member): the overview, policy and finance figures of
 * a range (default the last 30 days) beside the previous range of the same length, computed by
 * SQL aggregation. `dashboard_type` picks sections (all by default); agency performance holds the
 * top 10 agencies by premium (`sort_direction_agency_performance`).
 */
export const getOshcDashboard = defineUseCase(
  { staff: true },
  async function getOshcDashboard(opts: { actor: Actor; query: DashboardQuery }) {
    const q = opts.query
    const p = periodsOf(q)
    const wants = (t: string) => !q.dashboard_type.length || q.dashboard_type.includes(t as never)
    const [overview, policy, performance, finance] = await Promise.all([
      wants('overview') ? overviewSection(q, p) : null,
      wants('policy') ? policySection(q, p) : null,
      wants('policy') || wants('overview') ? agencyPerformance(q, p, 10) : null,
      wants('finance') ? financeSection(q, p) : null,
    ])
    return {
      currentLabel: p.currentLabel,
      vsLabel: p.vsLabel,
      range: {
        start_date: p.current.start,
        end_date: p.current.end,
        previous_start_date: p.previous.start,
        previous_end_date: p.previous.end,
      },
      overviewDashboard: overview ? { ...overview, agencyPerformance: performance } : null,
      policyDashboard: policy ? { ...policy, agencyPerformance: performance } : null,
      financeDashboard: finance,
    }
  },
)
