import { sql, type SQL } from 'drizzle-orm'
import { config } from '../shared/config'
import { clock } from '../shared/clock'
import type { DashboardQuery } from './dashboard.schemas'
import { bucketFor, previousRange, rangeLabel } from './dashboard.rules'

/** The business time zone the dashboard's days are counted in. */
const tz = () => config().BUSINESS_TZ

/** The first instant of a business day, as a timestamptz (so range filters use the indexes). */
export const dayStart = (iso: string) => sql`(${iso}::date::timestamp at time zone ${tz()})`

/** Today's date in the business time zone. */
export function businessToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz() }).format(clock.now())
}

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

/** `column` within [from, to). */
export const within = (column: SQL, range: { from: SQL; to: SQL }) =>
  sql`(${column} >= ${range.from} and ${column} < ${range.to})`

/** The filters of a query on a policies alias `p` (agencies, insurers, statuses). */
export function policyFilters(q: DashboardQuery, opts: { statuses?: boolean } = { statuses: true }) {
  const parts: SQL[] = []
  if (q.agency_id.length)
    parts.push(
      sql`p.agency_id in (${sql.join(
        q.agency_id.map((a) => sql`${a}`),
        sql`, `,
      )})`,
    )
  if (q.provider_id.length)
    parts.push(
      sql`p.insurance_provider_id in (${sql.join(
        q.provider_id.map((a) => sql`${a}`),
        sql`, `,
      )})`,
    )
  if (opts.statuses !== false && q.policy_status.length)
    parts.push(
      sql`p.status in (${sql.join(
        q.policy_status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    )
  return parts.length ? sql.join(parts, sql` and `) : sql`true`
}

/** The agency filter on a table alias `t` with an agency_id column. */
export function agencyFilter(q: DashboardQuery, alias: string) {
  if (!q.agency_id.length) return sql`true`
  return sql`${sql.raw(alias)}.agency_id in (${sql.join(
    q.agency_id.map((a) => sql`${a}`),
    sql`, `,
  )})`
}

/** The bucket of a timestamp in the business time zone, as a date. */
export const bucketOf = (column: SQL, bucket: string) =>
  sql`date_trunc(${bucket}, ${column} at time zone ${tz()})::date`
