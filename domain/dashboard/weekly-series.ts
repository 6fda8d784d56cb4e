import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { fromCents } from '../shared/money'
import { businessToday, dayStart } from './dashboard-sql'

const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** The last `weeks` weeks ending today (7-day windows, oldest first) and the `weeks` before them. */
export function windows(weeks: number) {
  const end = shift(businessToday(), 1)
  const starts = Array.from({ length: weeks * 2 }, (_, i) => shift(end, -7 * (weeks * 2 - i)))
  return { starts, from: dayStart(starts[0]), to: dayStart(end), end }
}

/**
 * Per week of the last `weeks`: policies sold and their premium, beside the same week one period
 * earlier (`previous_*`). Agency: one agency, or every agency (null).
 */
export async function weeklySales(weeks: number, agencyId: number | null) {
  const w = windows(weeks)
  const { rows } = await getDb().execute(sql`
    select floor(extract(epoch from (p.purchased_at - ${w.from})) / 604800)::int as week,
           count(*) as sold, coalesce(sum(p.premium), 0) as premium
    from policies p
    where p.purchased_at >= ${w.from} and p.purchased_at < ${w.to}
      and ${agencyId === null ? sql`true` : sql`p.agency_id = ${agencyId}`}
    group by 1`)
  return salesWeeks(w.starts, weeks, rows)
}

/** Per week of the last `weeks`: certificates issued, beside the same week one period earlier. */
export async function weeklyCertificates(weeks: number, agencyId: number | null) {
  const w = windows(weeks)
  const { rows } = await getDb().execute(sql`
    select floor(extract(epoch from (c.issued_at - ${w.from})) / 604800)::int as week, count(*) as issued
    from policy_certificates c join policies p on p.id = c.policy_id
    where c.issued_at >= ${w.from} and c.issued_at < ${w.to} and c.certificate_type = 'new'
      and ${agencyId === null ? sql`true` : sql`p.agency_id = ${agencyId}`}
    group by 1`)
  return certificateWeeks(w.starts, weeks, rows)
}

function series<T>(
  starts: string[],
  weeks: number,
  rows: Record<string, unknown>[],
  read: (r: Record<string, unknown>) => T,
  empty: T,
) {
  const byWeek = new Map(rows.map((r) => [Number(r.week), read(r)]))
  return Array.from({ length: weeks }, (_, i) => {
    const current = byWeek.get(weeks + i) ?? empty
    const previous = byWeek.get(i) ?? empty
    return { week_start: starts[weeks + i], week_end: shift(starts[weeks + i], 6), current, previous }
  })
}

/** Rows of (week, sold, premium in cents) as the weeks of a sales comparison. */
export function salesWeeks(starts: string[], weeks: number, rows: Record<string, unknown>[]) {
  const read = (r: Record<string, unknown>) => ({
    sold: Number(r.sold),
    premium: fromCents(Number(r.premium)),
  })
  return series(starts, weeks, rows, read, { sold: 0, premium: 0 }).map(({ current, previous, ...week }) => ({
    ...week,
    ...current,
    previous_sold: previous.sold,
    previous_premium: previous.premium,
  }))
}

/** Rows of (week, issued) as the weeks of a certificates comparison. */
export function certificateWeeks(starts: string[], weeks: number, rows: Record<string, unknown>[]) {
  return series(starts, weeks, rows, (r) => ({ issued: Number(r.issued) }), { issued: 0 }).map(
    ({ current, previous, ...week }) => ({
      ...week,
      issued: current.issued,
      previous_issued: previous.issued,
    }),
  )
}
