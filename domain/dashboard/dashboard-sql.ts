import { sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { config } from '../shared/config'
import { businessDay, clock } from '../shared/clock'
import type { DashboardQuery } from './dashboard.schemas'
import { bucketFor, monthSplit, previousRange, rangeLabel } from './dashboard.rules'

/** The business time zone the dashboard's days are counted in. */
const tz = () => config().BUSINESS_TZ

/** The first instant of a business day, as a timestamptz (so range filters use the indexes). */
export const dayStart = (iso: string) => sql`(${iso}::date::timestamp at time zone ${tz()})`

/** Today's date in the business time zone. */
export const businessToday = () => businessDay(clock.now(), tz())

const shiftDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** The current and previous ranges of a query (default: the 30 days ending today). */
export function periodsOf(q: Pick<DashboardQuery, 'start_date' | 'end_date'>) {
  const end = q.end_date ?? businessToday()
  const start = q.start_date ?? shiftDays(end, -29)
  const prev = previousRange(start, end)
  return {
    current: { start, end, from: dayStart(start), to: dayStart(shiftDays(end, 1)) },
    previous: { start: prev.start, end: prev.end, from: dayStart(prev.start), to: dayStart(start) },
    bucket: bucketFor(start, end),
    currentLabel: rangeLabel(start, end),
    vsLabel: rangeLabel(prev.start, prev.end),
  }
}
export type Periods = ReturnType<typeof periodsOf>
type Range = Periods['current']

/** `column` within [from, to). */
export const within = (column: SQL, range: { from: SQL; to: SQL }) =>
  sql`(${column} >= ${range.from} and ${column} < ${range.to})`

const inList = (column: string, values: readonly (string | number)[]) =>
  sql`${sql.raw(column)} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`

/** The agency filter on a table alias `t` with an agency_id column. */
export function agencyFilter(q: DashboardQuery, alias: string) {
  return q.agency_id.length ? inList(`${alias}.agency_id`, q.agency_id) : sql`true`
}

// ── the rollups (docs/decisions/0011-dashboard-rollup.md) ──────────────────────────────────

/**
 * The daily rollup a query reads, as alias `d`: the chosen agencies' rows, or all agencies'.
 * Both have the same figures per day, insurer (provider_id, 0 for none) and policy status.
 */
export const rollupDays = (q: DashboardQuery) =>
  q.agency_id.length ? sql`dashboard_agency_days d` : sql`dashboard_days d`

/** The query's filters (agencies, insurers, statuses) on a daily rollup `d`. */
export function rollupFilters(q: DashboardQuery) {
  const parts: SQL[] = []
  if (q.agency_id.length) parts.push(inList('d.agency_id', q.agency_id))
  if (q.provider_id.length) parts.push(inList('d.provider_id', q.provider_id))
  if (q.policy_status.length) parts.push(inList('d.status', q.policy_status))
  return parts.length ? sql.join(parts, sql` and `) : sql`true`
}

/** `d.day` within a range, both ends included. */
export const onDays = (range: { start: string; end: string }) =>
  sql`d.day between ${range.start}::date and ${range.end}::date`

/**
 * Each agency's sales (agency_id, sold, premium, commission; several rows per agency) in a range.
 * Unfiltered, whole months come from the monthly rollup and only the days at either end from
 * the daily one; with a filter, the daily rows of the range that hold sales.
 */
export function agencySalesRows(q: DashboardQuery, range: Range): SQL {
  const daily = (days: { start: string; end: string }, filters: SQL) =>
    sql`select d.agency_id, d.sold, d.premium, d.commission from dashboard_agency_days d
        where ${onDays(days)} and d.sold > 0 and ${filters}`
  if (q.agency_id.length || q.provider_id.length || q.policy_status.length)
    return daily(range, rollupFilters(q))
  const split = monthSplit(range.start, range.end)
  const parts = split.days.map((days) => daily(days, sql`true`))
  if (split.months)
    parts.push(sql`select m.agency_id, m.sold, m.premium, m.commission from dashboard_agency_months m
      where m.month between ${split.months.from}::date and ${split.months.to}::date`)
  return sql.join(parts, sql` union all `)
}

let zoneChecked: Promise<void> | undefined
/**
 * The rollups count days in the zone they were built in (dashboard_rollup_state); once per
 * process, a different BUSINESS_TZ rebuilds them in it before the first read.
 */
export function ensureRollupZone() {
  zoneChecked ??= (async () => {
    const { rows } = await getDb().execute(sql`select time_zone from dashboard_rollup_state`)
    if (rows[0]?.time_zone !== tz()) await getDb().execute(sql`select dashboard_rebuild(${tz()})`)
  })().catch((err: unknown) => {
    zoneChecked = undefined
    throw err
  })
  return zoneChecked
}
