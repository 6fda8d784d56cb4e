import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { fromCents } from '../shared/money'
import type { DashboardQuery } from './dashboard.schemas'
import { changePercent, METRIC_KEYS, STATUS_GROUP_OF, STATUS_GROUPS, type MetricKey } from './dashboard.rules'
import {
  agencyFilter,
  agencySalesRows,
  onDays,
  rollupDays,
  rollupFilters,
  within,
  type Periods,
} from './dashboard-sql'

// Every figure is a sum over the rollups' days (docs/decisions/0011-dashboard-rollup.md), but for
// the payouts, read from commission_payouts: they belong to an agency, not to a policy.

const n = (v: unknown) => Number(v ?? 0)
const compare = (current: number, previous: number) => ({
  current,
  previous,
  change: changePercent(current, previous),
})
const money = (cents: unknown) => fromCents(n(cents))

/** The rollup figures summed over each period. */
const TOTALS = [
  'sold',
  'premium',
  'banked_commission',
  'certificates',
  'paid_clawback',
  'pending_clawback',
  'refunded_premium',
] as const
type Totals = Record<(typeof TOTALS)[number], { current: number; previous: number }>

/** The rollup figures of the current and the previous period, in one pass over their days. */
export async function periodTotals(q: DashboardQuery, p: Periods): Promise<Totals> {
  const { rows } = await getDb().execute(sql`
    select d.day >= ${p.current.start}::date as cur,
           ${sql.join(
             TOTALS.map((c) => sql`sum(d.${sql.raw(c)}) as ${sql.raw(c)}`),
             sql`, `,
           )}
    from ${rollupDays(q)}
    where ${onDays({ start: p.previous.start, end: p.current.end })} and ${rollupFilters(q)}
    group by 1`)
  const cur = rows.find((r) => r.cur === true)
  const prev = rows.find((r) => r.cur === false)
  return Object.fromEntries(
    TOTALS.map((c) => [c, { current: n(cur?.[c]), previous: n(prev?.[c]) }]),
  ) as Totals
}

/**
 * Agency performance (each agency's sales in the period: policies sold, premium and commission,
 * sorted by premium; `limit` rows, all for the export) and how many agencies sold in each period.
 */
export async function agencySales(q: DashboardQuery, p: Periods, limit: number | null) {
  const dir = sql.raw(q.sort_direction_agency_performance)
  const { rows } = await getDb().execute(sql`
    with per_agency as (
      select agency_id, coalesce(sum(sold) filter (where cur), 0) as sold,
             coalesce(sum(premium) filter (where cur), 0) as premium,
             coalesce(sum(commission) filter (where cur), 0) as commission,
             coalesce(sum(sold) filter (where not cur), 0) as prev_sold
      from (select true as cur, c.* from (${agencySalesRows(q, p.current)}) c
            union all select false, v.* from (${agencySalesRows(q, p.previous)}) v) x
      group by agency_id)
    select (select count(*) from per_agency where sold > 0) as selling,
           (select count(*) from per_agency where prev_sold > 0) as prev_selling,
           t.agency_id, a.full_company_name as name, t.sold, t.premium, t.commission
    from (select 1) one
    left join lateral (select * from per_agency where sold > 0 order by premium ${dir}, agency_id
                       ${limit === null ? sql`` : sql`limit ${limit}`}) t on true
    left join agencies a on a.id = t.agency_id
    order by t.premium ${dir}, t.agency_id`)
  return {
    selling: compare(n(rows[0].selling), n(rows[0].prev_selling)),
    performance: rows
      .filter((r) => r.agency_id !== null)
      .map((r) => ({
        agency_id: n(r.agency_id),
        agency: String(r.name ?? ''),
        policies_sold: n(r.sold),
        premium: money(r.premium),
        commission: money(r.commission),
      })),
  }
}

/** Sales, premium, selling agencies and certificates issued, current and previous. */
export function overviewSection(totals: Totals, selling: ReturnType<typeof compare>) {
  return {
    policies_sold: compare(totals.sold.current, totals.sold.previous),
    purchased_premium: compare(money(totals.premium.current), money(totals.premium.previous)),
    selling_agencies: selling,
    certificates_issued: compare(totals.certificates.current, totals.certificates.previous),
  }
}

/** Sales over time (this period and the previous one, bucket by bucket), the status mix and the insurers. */
export async function policySection(q: DashboardQuery, p: Periods) {
  const f = rollupFilters(q)
  const [{ rows: series }, { rows: statuses }, { rows: providers }] = await Promise.all([
    // Every bucket of both periods, those without a sale as zero: a 30-day range is 30 points, and
    // the previous period's points pair with this one's by position.
    getDb().execute(sql`
      with s as (
        select d.day < ${p.current.start}::date as prev, date_trunc(${p.bucket}, d.day::timestamp)::date as bucket,
               sum(d.sold) as sold, sum(d.premium) as premium
        from ${rollupDays(q)} where ${onDays({ start: p.previous.start, end: p.current.end })} and ${f}
        group by 1, 2),
      b as (
        select r.prev, g::date as bucket
        from (values (false, ${p.current.start}::date, ${p.current.end}::date),
                     (true, ${p.previous.start}::date, ${p.previous.end}::date)) r(prev, first, last),
             generate_series(date_trunc(${p.bucket}, r.first::timestamp), r.last::timestamp,
                             ('1 ' || ${p.bucket})::interval) g)
      select b.prev, b.bucket, coalesce(s.sold, 0) as sold, coalesce(s.premium, 0) as premium
      from b left join s using (prev, bucket) order by b.bucket`),
    // Policies created in the period by status; those amended count as amended whatever their status.
    getDb().execute(sql`
      select d.status, sum(d.created) as created, sum(d.amended) as amended
      from ${rollupDays(q)} where ${onDays(p.current)} and ${f} group by 1`),
    getDb().execute(sql`
      select ip.id, ip.display_name as name, s.sold, s.premium
      from (select d.provider_id, sum(d.sold) as sold, sum(d.premium) as premium
            from ${rollupDays(q)} where ${onDays(p.current)} and ${f}
            group by 1 having sum(d.sold) > 0) s
      join insurance_providers ip on ip.id = s.provider_id
      order by s.premium desc, ip.id`),
  ])
  const mix = Object.fromEntries(STATUS_GROUPS.map((g) => [g, 0])) as Record<
    (typeof STATUS_GROUPS)[number],
    number
  >
  for (const r of statuses) {
    mix.amended += n(r.amended)
    const group = STATUS_GROUP_OF[String(r.status)]
    if (group) mix[group] += n(r.created) - n(r.amended)
  }
  const bucketRows = (prev: boolean) =>
    series
      .filter((r) => r.prev === prev)
      .map((r) => ({ bucket: String(r.bucket).slice(0, 10), sold: n(r.sold), premium: money(r.premium) }))
  return {
    bucket: p.bucket,
    sales: bucketRows(false),
    previousSales: bucketRows(true),
    statusMix: STATUS_GROUPS.map((group) => ({ status: group, count: mix[group] })),
    providers: providers.map((r) => ({
      id: n(r.id),
      name: String(r.name),
      sold: n(r.sold),
      premium: money(r.premium),
    })),
  }
}

/**
 * The seven finance metrics of spec/03, current and previous, in dollars:
 * purchased_premium (premium of policies bought), banked_commission (commission of those policies
 * still banked), requested_commission (payout requests made, still open), paid_commission
 * (payouts approved), paid_clawback (clawbacks completed), pending_clawback (outstanding on
 * clawbacks opened), refunded_premium (full refunds completed), each by the date of its event.
 * Payouts span policies, so the insurer and status filters do not narrow them.
 */
export async function financeSection(q: DashboardQuery, p: Periods, totals: Totals) {
  const both = { from: p.previous.from, to: p.current.to }
  const { rows } = await getDb().execute(sql`
    select coalesce(sum(cp.commission_amount) filter (where cp.status = 'REQUESTED' and ${within(sql`cp.created_at`, p.current)}), 0) as requested,
           coalesce(sum(cp.commission_amount) filter (where cp.status = 'REQUESTED' and ${within(sql`cp.created_at`, p.previous)}), 0) as prev_requested,
           coalesce(sum(cp.commission_amount) filter (where cp.status = 'APPROVED' and ${within(sql`cp.decided_at`, p.current)}), 0) as paid,
           coalesce(sum(cp.commission_amount) filter (where cp.status = 'APPROVED' and ${within(sql`cp.decided_at`, p.previous)}), 0) as prev_paid
    from commission_payouts cp
    where ((cp.status = 'REQUESTED' and ${within(sql`cp.created_at`, both)})
        or (cp.status = 'APPROVED' and ${within(sql`cp.decided_at`, both)}))
      and ${agencyFilter(q, 'cp')}`)
  const payouts = rows[0]
  const cents: Record<MetricKey, { current: number; previous: number }> = {
    purchased_premium: totals.premium,
    paid_commission: { current: n(payouts.paid), previous: n(payouts.prev_paid) },
    banked_commission: totals.banked_commission,
    requested_commission: { current: n(payouts.requested), previous: n(payouts.prev_requested) },
    paid_clawback: totals.paid_clawback,
    pending_clawback: totals.pending_clawback,
    refunded_premium: totals.refunded_premium,
  }
  const keys = q.finance_performance_key_metrics.length ? q.finance_performance_key_metrics : [...METRIC_KEYS]
  const metrics = Object.fromEntries(
    keys.map((k) => [k, compare(money(cents[k].current), money(cents[k].previous))]),
  ) as Partial<Record<MetricKey, ReturnType<typeof compare>>>
  return { metrics }
}
