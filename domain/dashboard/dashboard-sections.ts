import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { fromCents } from '../shared/money'
import type { DashboardQuery } from './dashboard.schemas'
import { changePercent, METRIC_KEYS, STATUS_GROUP_OF, STATUS_GROUPS, type MetricKey } from './dashboard.rules'
import { agencyFilter, bucketOf, policyFilters, within, type Periods } from './dashboard-sql'

const n = (v: unknown) => Number(v ?? 0)
const compare = (current: number, previous: number) => ({
  current,
  previous,
  change: changePercent(current, previous),
})
const money = (cents: unknown) => fromCents(n(cents))

/** Sales, premium, selling agencies and certificates issued, current and previous. */
export async function overviewSection(q: DashboardQuery, p: Periods) {
  const f = policyFilters(q)
  const [{ rows: sales }, { rows: certs }] = await Promise.all([
    getDb().execute(sql`
      select count(*) filter (where ${within(sql`p.purchased_at`, p.current)}) as sold,
             coalesce(sum(p.premium) filter (where ${within(sql`p.purchased_at`, p.current)}), 0) as premium,
             count(distinct p.agency_id) filter (where ${within(sql`p.purchased_at`, p.current)}) as agencies,
             count(*) filter (where ${within(sql`p.purchased_at`, p.previous)}) as prev_sold,
             coalesce(sum(p.premium) filter (where ${within(sql`p.purchased_at`, p.previous)}), 0) as prev_premium,
             count(distinct p.agency_id) filter (where ${within(sql`p.purchased_at`, p.previous)}) as prev_agencies
      from policies p
      where p.purchased_at >= ${p.previous.from} and p.purchased_at < ${p.current.to} and ${f}`),
    getDb().execute(sql`
      select count(*) filter (where ${within(sql`c.issued_at`, p.current)}) as issued,
             count(*) filter (where ${within(sql`c.issued_at`, p.previous)}) as prev_issued
      from policy_certificates c join policies p on p.id = c.policy_id
      where c.issued_at >= ${p.previous.from} and c.issued_at < ${p.current.to} and c.certificate_type = 'new' and ${f}`),
  ])
  const s = sales[0]
  const c = certs[0]
  return {
    policies_sold: compare(n(s.sold), n(s.prev_sold)),
    purchased_premium: compare(money(s.premium), money(s.prev_premium)),
    selling_agencies: compare(n(s.agencies), n(s.prev_agencies)),
    certificates_issued: compare(n(c.issued), n(c.prev_issued)),
  }
}

/** Sales over time (this period and the previous one, bucket by bucket), the status mix and the insurers. */
export async function policySection(q: DashboardQuery, p: Periods) {
  const f = policyFilters(q)
  const [{ rows: series }, { rows: prevSeries }, { rows: statuses }, { rows: providers }] = await Promise.all(
    [
      getDb().execute(sql`
      select ${bucketOf(sql`p.purchased_at`, p.bucket)} as bucket, count(*) as sold, coalesce(sum(p.premium), 0) as premium
      from policies p where ${within(sql`p.purchased_at`, p.current)} and ${f} group by 1 order by 1`),
      getDb().execute(sql`
      select ${bucketOf(sql`p.purchased_at`, p.bucket)} as bucket, count(*) as sold, coalesce(sum(p.premium), 0) as premium
      from policies p where ${within(sql`p.purchased_at`, p.previous)} and ${f} group by 1 order by 1`),
      getDb().execute(sql`
      select case when am.policy_id is not null then 'AMENDED' else p.status::text end as status, count(*) as count
      from policies p
      left join (select distinct policy_id from amendments where status in ('COMPLETED', 'CERTIFICATE_UPLOADED')) am
        on am.policy_id = p.id
      where ${within(sql`p.created_at`, p.current)} and ${f} group by 1`),
      getDb().execute(sql`
      select ip.id, ip.display_name as name, count(*) as sold, coalesce(sum(p.premium), 0) as premium
      from policies p join insurance_providers ip on ip.id = p.insurance_provider_id
      where ${within(sql`p.purchased_at`, p.current)} and ${f} group by ip.id, ip.display_name order by 4 desc`),
    ],
  )
  const mix = Object.fromEntries(STATUS_GROUPS.map((g) => [g, 0])) as Record<
    (typeof STATUS_GROUPS)[number],
    number
  >
  for (const r of statuses) {
    const group = r.status === 'AMENDED' ? 'amended' : STATUS_GROUP_OF[String(r.status)]
    if (group) mix[group] += n(r.count)
  }
  return {
    bucket: p.bucket,
    sales: series.map((r) => ({
      bucket: String(r.bucket).slice(0, 10),
      sold: n(r.sold),
      premium: money(r.premium),
    })),
    previousSales: prevSeries.map((r) => ({
      bucket: String(r.bucket).slice(0, 10),
      sold: n(r.sold),
      premium: money(r.premium),
    })),
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
 * Each agency's sales in the period: policies sold, premium and commission, sorted by premium
 * (`limit` rows; all for the export).
 */
export async function agencyPerformance(q: DashboardQuery, p: Periods, limit: number | null) {
  const { rows } = await getDb().execute(sql`
    select a.id, a.full_company_name as name, count(*) as sold, coalesce(sum(p.premium), 0) as premium,
           coalesce(sum(c.amount), 0) as commission
    from policies p join agencies a on a.id = p.agency_id left join commissions c on c.policy_id = p.id
    where ${within(sql`p.purchased_at`, p.current)} and ${policyFilters(q)}
    group by a.id, a.full_company_name
    order by premium ${sql.raw(q.sort_direction_agency_performance)}, a.id
    ${limit === null ? sql`` : sql`limit ${limit}`}`)
  return rows.map((r) => ({
    agency_id: n(r.id),
    agency: String(r.name ?? ''),
    policies_sold: n(r.sold),
    premium: money(r.premium),
    commission: money(r.commission),
  }))
}

/**
 * The seven finance metrics of spec/03, current and previous, in dollars:
 * purchased_premium (premium of policies bought), banked_commission (commission of those policies
 * still banked), requested_commission (payout requests made, still open), paid_commission
 * (payouts approved), paid_clawback (clawbacks completed), pending_clawback (outstanding on
 * clawbacks opened), refunded_premium (full refunds completed), each by the date of its event.
 * Payouts span policies, so the insurer and status filters do not narrow them.
 */
export async function financeSection(q: DashboardQuery, p: Periods) {
  const f = policyFilters(q)
  const both = (column: string, value: string) => sql`
    coalesce(sum(${sql.raw(value)}) filter (where ${within(sql.raw(column), p.current)}), 0) as cur,
    coalesce(sum(${sql.raw(value)}) filter (where ${within(sql.raw(column), p.previous)}), 0) as prev`
  const inBoth = (column: string) =>
    sql`${sql.raw(column)} >= ${p.previous.from} and ${sql.raw(column)} < ${p.current.to}`
  const queries: Record<MetricKey, ReturnType<typeof sql>> = {
    purchased_premium: sql`select ${both('p.purchased_at', 'p.premium')} from policies p where ${inBoth('p.purchased_at')} and ${f}`,
    banked_commission: sql`select ${both('p.purchased_at', 'c.amount')} from commissions c join policies p on p.id = c.policy_id
      where c.status in ('COMMISSION_BANKED', 'COMMISSION_BANKED_AMENDMENT_ADJUSTED') and ${inBoth('p.purchased_at')} and ${f}`,
    requested_commission: sql`select ${both('cp.created_at', 'cp.commission_amount')} from commission_payouts cp
      where cp.status = 'REQUESTED' and ${inBoth('cp.created_at')} and ${agencyFilter(q, 'cp')}`,
    paid_commission: sql`select ${both('cp.decided_at', 'cp.commission_amount')} from commission_payouts cp
      where cp.status = 'APPROVED' and ${inBoth('cp.decided_at')} and ${agencyFilter(q, 'cp')}`,
    paid_clawback: sql`select ${both('cb.clawback_completed_at', 'cb.clawback_commission_amount')} from clawbacks cb join policies p on p.id = cb.policy_id
      where cb.status = 'COMPLETED' and ${inBoth('cb.clawback_completed_at')} and ${f}`,
    pending_clawback: sql`select ${both('cb.created_at', 'cb.outstanding_amount')} from clawbacks cb join policies p on p.id = cb.policy_id
      where cb.status <> 'COMPLETED' and ${inBoth('cb.created_at')} and ${f}`,
    refunded_premium: sql`select ${both('fr.completed_at', 'fr.refundable_premium_amount')} from full_refunds fr join policies p on p.id = fr.policy_id
      where fr.status = 'COMPLETED' and ${inBoth('fr.completed_at')} and ${f}`,
  }
  const keys = q.finance_performance_key_metrics.length ? q.finance_performance_key_metrics : [...METRIC_KEYS]
  const answers = await Promise.all(keys.map((k) => getDb().execute(queries[k])))
  const metrics = Object.fromEntries(
    keys.map((k, i) => [k, compare(money(answers[i].rows[0].cur), money(answers[i].rows[0].prev))]),
  ) as Partial<Record<MetricKey, ReturnType<typeof compare>>>
  return { metrics }
}
