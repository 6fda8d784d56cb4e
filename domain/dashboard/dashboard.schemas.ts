import { z } from 'zod'
import { id, isoDate, list } from '../shared/fields'
import { POLICY_STATUSES } from '../../db/schema/enums'
import { DASHBOARD_TYPES, METRIC_KEYS } from './dashboard.rules'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
export const TOO_MANY_AGENCIES_MSG = 'Choose at most 10 agencies'
export const RANGE_MSG = 'The end date must be on or after the start date'
export const RANGE_TOO_LONG_MSG = 'Choose a range of at most 3 years'

/**
 * GET /dashboard/getOshcDashboard. Dates default to the last 30 days ending today; the lists
 * repeat the key or use `key[]`.
 */
export const DashboardQuerySchema = z
  .object({
    start_date: z.preprocess(blankToUndefined, isoDate().optional()),
    end_date: z.preprocess(blankToUndefined, isoDate().optional()),
    agency_id: list(id())
      .default([])
      .refine((v) => v.length <= 10, TOO_MANY_AGENCIES_MSG),
    policy_status: list(z.enum(POLICY_STATUSES, { error: 'Invalid status' })).default([]),
    provider_id: list(id()).default([]),
    sort_direction_agency_performance: z.preprocess(
      blankToUndefined,
      z.enum(['asc', 'desc']).default('desc'),
    ),
    dashboard_type: list(z.enum(DASHBOARD_TYPES, { error: 'Choose overview, policy or finance' })).default(
      [],
    ),
    export_agency_performance: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('false')),
    finance_performance_key_metrics: list(z.enum(METRIC_KEYS, { error: 'Unknown metric' })).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.start_date && v.end_date && v.end_date < v.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: RANGE_MSG })
    if (
      v.start_date &&
      v.end_date &&
      Date.parse(v.end_date) - Date.parse(v.start_date) > 3 * 366 * 86_400_000
    )
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: RANGE_TOO_LONG_MSG })
  })
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>

/** The weekly comparison reads: the last `no_of_week` weeks (1..52, default 4). */
export const WeeksQuerySchema = z.object({
  no_of_week: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Not a number' }).int().min(1).max(52).default(4),
  ),
})
export const AgencyIdParamSchema = z.object({ agency_id: id() })
