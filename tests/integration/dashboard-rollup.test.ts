import { beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  amendments,
  clawbacks,
  commissionPayouts,
  commissions,
  fullRefunds,
  policies,
  policyCertificates,
} from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { agencyWithToken, api, staffToken } from '../setup/api'

// The dashboard rollups (docs/decisions/0011-dashboard-rollup.md): the dashboard follows each
// write at once, and the rollups equal the same figures computed from the source tables.

const AT = (iso: string) => new Date(`${iso}T03:00:00Z`) // mid-afternoon in Sydney
const RANGE = { start_date: '2026-06-01', end_date: '2026-06-10' }

let staff: string
let A: Awaited<ReturnType<typeof agencyWithToken>>
let B: Awaited<ReturnType<typeof agencyWithToken>>

async function sold(agencyId: number, premium: number, at: Date, providerId = 1) {
  const { policy } = await createPolicy(getDb(), { agencyId, providerId, status: 'PAYMENT_APPROVED' })
  await getDb()
    .update(policies)
    .set({ premium, purchased_at: at, created_at: at })
    .where(eq(policies.id, policy.id))
  return policy.id
}

const dash = (query: Record<string, string | string[]>) =>
  api('GET', '/dashboard/getOshcDashboard', {
    token: staff,
    query: { ...RANGE, agency_id: [String(A.agency.id), String(B.agency.id)], ...query },
  })

/** Rollup rows that differ from the same figures computed from the source tables (none expected). */
async function rollupMismatches() {
  const { rows } = await getDb().execute(sql`
    with tz as (select time_zone as z from dashboard_rollup_state),
    facts as (
      select (p.purchased_at at time zone z)::date as day, p.agency_id, coalesce(p.insurance_provider_id, 0) as provider_id,
             p.status, 1 as sold, coalesce(p.premium, 0) as premium, coalesce(c.amount, 0) as commission,
             case when c.status in ('COMMISSION_BANKED', 'COMMISSION_BANKED_AMENDMENT_ADJUSTED') then c.amount else 0 end as banked_commission,
             0 as created, 0 as amended, 0 as certificates, 0 as paid_clawback, 0 as pending_clawback, 0 as refunded_premium
      from policies p cross join tz left join commissions c on c.policy_id = p.id where p.purchased_at is not null
      union all
      select (p.created_at at time zone z)::date, p.agency_id, coalesce(p.insurance_provider_id, 0), p.status, 0, 0, 0, 0, 1,
             (exists (select 1 from amendments a where a.policy_id = p.id and a.status in ('COMPLETED', 'CERTIFICATE_UPLOADED')))::int,
             0, 0, 0, 0
      from policies p cross join tz
      union all
      select (pc.issued_at at time zone z)::date, p.agency_id, coalesce(p.insurance_provider_id, 0), p.status, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0
      from policy_certificates pc join policies p on p.id = pc.policy_id cross join tz
      where pc.certificate_type = 'new' and pc.issued_at is not null
      union all
      select (cb.clawback_completed_at at time zone z)::date, p.agency_id, coalesce(p.insurance_provider_id, 0), p.status,
             0, 0, 0, 0, 0, 0, 0, cb.clawback_commission_amount, 0, 0
      from clawbacks cb join policies p on p.id = cb.policy_id cross join tz
      where cb.status = 'COMPLETED' and cb.clawback_completed_at is not null
      union all
      select (cb.created_at at time zone z)::date, p.agency_id, coalesce(p.insurance_provider_id, 0), p.status,
             0, 0, 0, 0, 0, 0, 0, 0, cb.outstanding_amount, 0
      from clawbacks cb join policies p on p.id = cb.policy_id cross join tz where cb.status <> 'COMPLETED'
      union all
      select (fr.completed_at at time zone z)::date, p.agency_id, coalesce(p.insurance_provider_id, 0), p.status,
             0, 0, 0, 0, 0, 0, 0, 0, 0, coalesce(fr.refundable_premium_amount, 0)
      from full_refunds fr join policies p on p.id = fr.policy_id cross join tz
      where fr.status = 'COMPLETED' and fr.completed_at is not null),
    raw as (
      select agency_id, day, provider_id, status, sum(sold) as sold, sum(premium) as premium, sum(commission) as commission,
             sum(banked_commission) as banked_commission, sum(created) as created, sum(amended) as amended,
             sum(certificates) as certificates, sum(paid_clawback) as paid_clawback,
             sum(pending_clawback) as pending_clawback, sum(refunded_premium) as refunded_premium
      from facts group by 1, 2, 3, 4),
    rolled as (
      select agency_id, day, provider_id, status, sold::numeric, premium::numeric, commission::numeric,
             banked_commission::numeric, created::numeric, amended::numeric, certificates::numeric,
             paid_clawback::numeric, pending_clawback::numeric, refunded_premium::numeric
      from dashboard_agency_days
      where (sold, premium, commission, banked_commission, created, amended, certificates, paid_clawback,
             pending_clawback, refunded_premium) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    all_agencies as (
      select day, provider_id, status, sum(sold) as sold, sum(premium) as premium, sum(commission) as commission,
             sum(banked_commission) as banked_commission, sum(created) as created, sum(amended) as amended,
             sum(certificates) as certificates, sum(paid_clawback) as paid_clawback,
             sum(pending_clawback) as pending_clawback, sum(refunded_premium) as refunded_premium
      from raw group by 1, 2, 3),
    days as (
      select day, provider_id, status, sold::numeric, premium::numeric, commission::numeric,
             banked_commission::numeric, created::numeric, amended::numeric, certificates::numeric,
             paid_clawback::numeric, pending_clawback::numeric, refunded_premium::numeric
      from dashboard_days
      where (sold, premium, commission, banked_commission, created, amended, certificates, paid_clawback,
             pending_clawback, refunded_premium) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    months as (
      select date_trunc('month', day::timestamp)::date as month, agency_id, sum(sold) as sold,
             sum(premium) as premium, sum(commission) as commission
      from raw group by 1, 2 having (sum(sold), sum(premium), sum(commission)) <> (0, 0, 0)),
    rolled_months as (
      select month, agency_id, sold::numeric, premium::numeric, commission::numeric from dashboard_agency_months
      where (sold, premium, commission) <> (0, 0, 0))
    select 'agency days' as rollup, count(*)::int as rows
      from ((select * from raw except select * from rolled) union all (select * from rolled except select * from raw)) x
    union all
    select 'days', count(*)::int
      from ((select * from all_agencies except select * from days) union all (select * from days except select * from all_agencies)) y
    union all
    select 'agency months', count(*)::int
      from ((select * from months except select * from rolled_months)
            union all (select * from rolled_months except select * from months)) z`)
  return Object.fromEntries(rows.map((r) => [String(r.rollup), Number(r.rows)]))
}

const NONE = { 'agency days': 0, days: 0, 'agency months': 0 }

let a1: number
let a2: number
let b1: number

beforeAll(async () => {
  staff = await staffToken()
  A = await agencyWithToken()
  B = await agencyWithToken()
  a1 = await sold(A.agency.id, 100_000, AT('2026-06-02'))
  a2 = await sold(A.agency.id, 40_000, AT('2026-06-03'), 3)
  b1 = await sold(B.agency.id, 30_000, AT('2026-06-05'))
})

describe('the dashboard follows each write at once', () => {
  it('a status change, a banked commission, a payout, a refund, an amendment and a deleted policy', async () => {
    const first = (await dash({})).body.data
    expect(first.overviewDashboard.policies_sold.current).toBe(3)
    expect(first.overviewDashboard.purchased_premium.current).toBe(1700)

    // The status: a policy issued leaves PAYMENT_APPROVED for CERTIFICATE_ISSUED.
    const issuedOnly = { policy_status: ['CERTIFICATE_ISSUED'], dashboard_type: ['overview'] }
    expect((await dash(issuedOnly)).body.data.overviewDashboard.policies_sold.current).toBe(0)
    await getDb().update(policies).set({ status: 'CERTIFICATE_ISSUED' }).where(eq(policies.id, a1))
    const issued = (await dash(issuedOnly)).body.data.overviewDashboard
    expect(issued.policies_sold.current).toBe(1)
    expect(issued.purchased_premium.current).toBe(1000)
    expect(issued.selling_agencies.current).toBe(1)

    // The commission of a1 becomes banked; it follows the policy's new status.
    await getDb()
      .update(commissions)
      .set({ status: 'COMMISSION_BANKED', amount: 10_001 })
      .where(eq(commissions.policy_id, a1))
    const finance = { dashboard_type: ['finance'] }
    const banked = (await dash({ ...finance, policy_status: ['CERTIFICATE_ISSUED'] })).body.data
    expect(banked.financeDashboard.metrics.banked_commission.current).toBe(100.01)

    // A payout approved on 6 Jun; a refund completed on 7 Jun.
    const [payout] = await getDb()
      .insert(commissionPayouts)
      .values({
        agency_id: A.agency.id,
        status: 'REQUESTED',
        external_invoice_id: `R-${A.agency.id}`,
        commission_amount: 4_321,
        total_amount: 4_321,
        created_at: AT('2026-06-04'),
      })
      .returning()
    let m = (await dash(finance)).body.data.financeDashboard.metrics
    expect(m.requested_commission.current).toBe(43.21)
    expect(m.paid_commission.current).toBe(0)
    await getDb()
      .update(commissionPayouts)
      .set({ status: 'APPROVED', decided_at: AT('2026-06-06') })
      .where(eq(commissionPayouts.id, payout.id))
    const [refund] = await getDb()
      .insert(fullRefunds)
      .values({
        policy_id: a2,
        agency_id: A.agency.id,
        status: 'INITIATED',
        reason: 'Visa refused',
        refundable_premium_amount: 35_050,
      })
      .returning()
    m = (await dash(finance)).body.data.financeDashboard.metrics
    expect(m.requested_commission.current).toBe(0)
    expect(m.paid_commission.current).toBe(43.21)
    expect(m.refunded_premium.current).toBe(0)
    await getDb()
      .update(fullRefunds)
      .set({ status: 'COMPLETED', completed_at: AT('2026-06-07') })
      .where(eq(fullRefunds.id, refund.id))
    m = (await dash(finance)).body.data.financeDashboard.metrics
    expect(m.refunded_premium.current).toBe(350.5)

    // A clawback opened, then paid.
    const [clawback] = await getDb()
      .insert(clawbacks)
      .values({
        policy_id: b1,
        agency_id: B.agency.id,
        status: 'INITIATED',
        clawback_premium_amount: 10_000,
        clawback_commission_amount: 1_234,
        outstanding_amount: 1_234,
        created_at: AT('2026-06-08'),
      })
      .returning()
    m = (await dash(finance)).body.data.financeDashboard.metrics
    expect([m.pending_clawback.current, m.paid_clawback.current]).toEqual([12.34, 0])
    await getDb()
      .update(clawbacks)
      .set({ status: 'COMPLETED', outstanding_amount: 0, clawback_completed_at: AT('2026-06-09') })
      .where(eq(clawbacks.id, clawback.id))
    m = (await dash(finance)).body.data.financeDashboard.metrics
    expect([m.pending_clawback.current, m.paid_clawback.current]).toEqual([0, 12.34])

    // An amendment completed moves a2 to "amended" in the status mix; withdrawn, back.
    const mix = async () =>
      Object.fromEntries(
        (await dash({ dashboard_type: ['policy'] })).body.data.policyDashboard.statusMix.map(
          (s: { status: string; count: number }) => [s.status, s.count],
        ),
      )
    expect(await mix()).toMatchObject({ requested: 2, certificate_issued: 1, amended: 0 })
    const [amendment] = await getDb()
      .insert(amendments)
      .values({
        policy_id: a2,
        agency_id: A.agency.id,
        status: 'COMPLETED',
        is_open: false,
        data: {},
        prev_premium: 40_000,
        prev_commission: 4_000,
        new_premium: 40_000,
        new_commission: 4_000,
        changed_premium: 0,
      })
      .returning()
    expect(await mix()).toMatchObject({ requested: 1, certificate_issued: 1, amended: 1 })
    await getDb().update(amendments).set({ status: 'REJECTED' }).where(eq(amendments.id, amendment.id))
    expect(await mix()).toMatchObject({ requested: 2, amended: 0 })

    // The day bought moves a sale between buckets and out of the range.
    await getDb()
      .update(policies)
      .set({ purchased_at: AT('2026-06-10') })
      .where(eq(policies.id, a2))
    const sales = (await dash({ dashboard_type: ['policy'] })).body.data.policyDashboard.sales
    expect(
      sales.filter((s: { sold: number }) => s.sold > 0).map((s: { bucket: string }) => s.bucket),
    ).toEqual(['2026-06-02', '2026-06-05', '2026-06-10'])
    await getDb()
      .update(policies)
      .set({ purchased_at: AT('2026-07-01') })
      .where(eq(policies.id, a2))

    // A deleted policy (its commission and certificate cascade) leaves nothing behind.
    const { policy: gone } = await createPolicy(getDb(), {
      agencyId: B.agency.id,
      status: 'CERTIFICATE_ISSUED',
    })
    await getDb()
      .update(policies)
      .set({ premium: 99_999, purchased_at: AT('2026-06-04') })
      .where(eq(policies.id, gone.id))
    await getDb()
      .insert(policyCertificates)
      .values({
        policy_id: gone.id,
        certificate_url: 'x',
        certificate_name: 'c.pdf',
        membership_number: 'M-gone',
        issued_at: AT('2026-06-04'),
      })
    const withGone = (await dash({ dashboard_type: ['overview'] })).body.data.overviewDashboard
    expect(withGone.policies_sold.current).toBe(3)
    expect(withGone.certificates_issued.current).toBe(1)
    await getDb().delete(policies).where(eq(policies.id, gone.id))
    const o = (await dash({ dashboard_type: ['overview'] })).body.data.overviewDashboard
    expect(o.policies_sold.current).toBe(2)
    expect(o.purchased_premium.current).toBe(1300)
    expect(o.certificates_issued.current).toBe(0)
    expect(await rollupMismatches()).toEqual(NONE)
  })
})

describe('the rollups against the source tables', () => {
  it('hold the same figures as the source tables after writes of many rows at once', async () => {
    const db = getDb()
    const ids = [] as number[]
    for (let i = 0; i < 12; i++)
      ids.push(
        await sold(
          i % 2 ? A.agency.id : B.agency.id,
          10_000 + i * 101,
          AT(`2026-0${3 + (i % 4)}-1${i % 10}`),
          1 + (i % 3),
        ),
      )
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )
    // Statements over many rows of each source table.
    await db.execute(
      sql`update commissions set status = 'COMMISSION_BANKED', amount = amount + 7 where policy_id in (${list})`,
    )
    await db.execute(sql`insert into policy_certificates (policy_id, certificate_url, certificate_name, membership_number, issued_at)
      select id, 'x', 'c.pdf', 'M' || id, purchased_at + interval '1 day' from policies where id in (${list})`)
    await db.execute(sql`insert into clawbacks (policy_id, agency_id, status, clawback_premium_amount, clawback_commission_amount, outstanding_amount, created_at)
      select id, agency_id, 'INITIATED', 1000, 100 + id % 7, 100 + id % 7, purchased_at + interval '5 days' from policies where id in (${list})`)
    await db.execute(sql`update clawbacks set status = 'COMPLETED', outstanding_amount = 0, clawback_completed_at = created_at + interval '2 days'
      where policy_id in (${list}) and policy_id % 2 = 0`)
    await db.execute(
      sql`update policies set status = 'CERTIFICATE_ISSUED' where id in (${list}) and id % 3 = 0`,
    )
    await db.execute(
      sql`update policies set insurance_provider_id = null where id in (${list}) and id % 5 = 0`,
    )
    await db.execute(sql`update policies set agency_id = ${A.agency.id} where id in (${list})`)
    await db.execute(sql`delete from policy_certificates where policy_id in (${list}) and policy_id % 4 = 0`)
    expect(await rollupMismatches()).toEqual(NONE)

    // The dashboard without an agency filter, over months (whole months from the monthly rollup,
    // the days at either end from the daily one), against the same figures from the policies.
    const range = { start_date: '2026-03-12', end_date: '2026-07-20' }
    const r = await api('GET', '/dashboard/getOshcDashboard', {
      token: staff,
      query: { ...range, dashboard_type: ['overview'] },
    })
    const { rows: raw } = await db.execute(sql`
      select p.agency_id, count(*)::int as sold, sum(p.premium)::bigint as premium,
             coalesce(sum(c.amount), 0)::bigint as commission
      from policies p left join commissions c on c.policy_id = p.id
      where p.purchased_at >= ('2026-03-12'::timestamp at time zone 'Australia/Sydney')
        and p.purchased_at < ('2026-07-21'::timestamp at time zone 'Australia/Sydney')
      group by 1 order by 3 desc, 1`)
    const o = r.body.data.overviewDashboard
    expect(o.policies_sold.current).toBe(raw.reduce((s, x) => s + Number(x.sold), 0))
    expect(o.selling_agencies.current).toBe(raw.length)
    expect(o.agencyPerformance).toEqual(
      raw.slice(0, 10).map((x) => ({
        agency_id: Number(x.agency_id),
        agency: expect.any(String),
        policies_sold: Number(x.sold),
        premium: Number(x.premium) / 100,
        commission: Number(x.commission) / 100,
      })),
    )

    // A rebuild gives the same rollups.
    await db.execute(sql`select dashboard_rebuild()`)
    expect(await rollupMismatches()).toEqual(NONE)
  })
})
