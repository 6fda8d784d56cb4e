import { beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
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
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'

// Current range 1..10 Oct 2026 (10 days); the previous range is 21..30 Sep 2026. Times are
// mid-afternoon in Sydney, far from any day boundary.
const CUR = (day: number) => new Date(`2026-10-${String(day).padStart(2, '0')}T03:00:00Z`)
const PREV = (day: number) => new Date(`2026-09-${String(day).padStart(2, '0')}T03:00:00Z`)
const RANGE = { start_date: '2026-10-01', end_date: '2026-10-10' }

let staff: string
let A: Awaited<ReturnType<typeof agencyWithToken>>
let B: Awaited<ReturnType<typeof agencyWithToken>>

async function sold(
  agencyId: number,
  premium: number,
  at: Date,
  opts: { providerId?: number; status?: 'PAYMENT_APPROVED' | 'CERTIFICATE_ISSUED' } = {},
) {
  const { policy: p } = await createPolicy(getDb(), {
    agencyId,
    providerId: opts.providerId ?? 1,
    status: opts.status ?? 'PAYMENT_APPROVED',
  })
  await getDb()
    .update(policies)
    .set({ premium, purchased_at: at, created_at: at })
    .where(eq(policies.id, p.id))
  return p.id
}

beforeAll(async () => {
  staff = await staffToken()
  A = await agencyWithToken()
  B = await agencyWithToken()
  const db = getDb()
  // Agency A: three sales now (1,000.00 + 500.50 nib, 250.25 Bupa), one before (800.00).
  const a1 = await sold(A.agency.id, 100_000, CUR(2))
  const a2 = await sold(A.agency.id, 50_050, CUR(3), { status: 'CERTIFICATE_ISSUED' })
  const a3 = await sold(A.agency.id, 25_025, CUR(9), { providerId: 3 })
  const a0 = await sold(A.agency.id, 80_000, PREV(25))
  // Agency B: one sale now (300.00).
  const b1 = await sold(B.agency.id, 30_000, CUR(5))
  // The factory banks a commission on each sale: replace them with known amounts and statuses.
  await db.delete(commissions).where(inArray(commissions.policy_id, [a0, a1, a2, a3, b1]))
  await db.insert(commissions).values([
    {
      policy_id: a1,
      agency_id: A.agency.id,
      status: 'COMMISSION_BANKED',
      amount: 10_000,
      commission_rate: '10.00',
    },
    { policy_id: a2, agency_id: A.agency.id, status: 'PAID', amount: 5_005, commission_rate: '10.00' },
    {
      policy_id: a3,
      agency_id: A.agency.id,
      status: 'COMMISSION_BANKED',
      amount: 2_503,
      commission_rate: '10.00',
    },
    {
      policy_id: a0,
      agency_id: A.agency.id,
      status: 'COMMISSION_BANKED',
      amount: 8_000,
      commission_rate: '10.00',
    },
    {
      policy_id: b1,
      agency_id: B.agency.id,
      status: 'COMMISSION_BANKED',
      amount: 3_000,
      commission_rate: '10.00',
    },
  ])
  await db.insert(commissionPayouts).values([
    {
      agency_id: A.agency.id,
      status: 'APPROVED',
      external_invoice_id: `D-${A.agency.id}-1`,
      commission_amount: 5_005,
      total_amount: 5_005,
      decided_at: CUR(6),
      created_at: CUR(4),
    },
    {
      agency_id: A.agency.id,
      status: 'APPROVED',
      external_invoice_id: `D-${A.agency.id}-2`,
      commission_amount: 1_000,
      total_amount: 1_000,
      decided_at: PREV(28),
      created_at: PREV(27),
    },
    {
      agency_id: A.agency.id,
      status: 'REQUESTED',
      external_invoice_id: `D-${A.agency.id}-3`,
      commission_amount: 2_503,
      total_amount: 2_503,
      created_at: CUR(10),
    },
  ])
  await db.insert(clawbacks).values([
    {
      policy_id: a2,
      agency_id: A.agency.id,
      status: 'COMPLETED',
      clawback_premium_amount: 10_000,
      clawback_commission_amount: 1_000,
      outstanding_amount: 0,
      clawback_completed_at: CUR(7),
      created_at: CUR(6),
    },
    {
      policy_id: a1,
      agency_id: A.agency.id,
      status: 'INITIATED',
      clawback_premium_amount: 20_000,
      clawback_commission_amount: 2_000,
      outstanding_amount: 2_000,
      created_at: CUR(8),
    },
    {
      policy_id: a0,
      agency_id: A.agency.id,
      status: 'REQUESTED',
      clawback_premium_amount: 5_000,
      clawback_commission_amount: 500,
      outstanding_amount: 500,
      created_at: PREV(29),
    },
  ])
  await db.insert(fullRefunds).values([
    {
      policy_id: a0,
      agency_id: A.agency.id,
      status: 'COMPLETED',
      reason: 'Visa refused',
      refundable_premium_amount: 70_000,
      completed_at: CUR(4),
    },
  ])
  await db.insert(policyCertificates).values([
    {
      policy_id: a2,
      certificate_url: 'x',
      certificate_name: 'c.pdf',
      membership_number: 'M1',
      issued_at: CUR(4),
    },
    {
      policy_id: a0,
      certificate_url: 'x',
      certificate_name: 'c.pdf',
      membership_number: 'M0',
      issued_at: PREV(26),
    },
  ])
  await db.insert(amendments).values({
    policy_id: a3,
    agency_id: A.agency.id,
    status: 'COMPLETED',
    is_open: false,
    data: {},
    prev_premium: 25_025,
    prev_commission: 2_503,
    new_premium: 25_025,
    new_commission: 2_503,
    changed_premium: 0,
  })
})

const dash = (query: Record<string, string | string[]>, token = staff) =>
  api('GET', '/dashboard/getOshcDashboard', { token, query: { ...RANGE, ...query } })

describe('GET /dashboard/getOshcDashboard', () => {
  it('answers every finance metric with the previous period, to the cent', async () => {
    const r = await dash({ agency_id: [String(A.agency.id)] })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.currentLabel).toBe('1 Oct 2026 – 10 Oct 2026')
    expect(r.body.vsLabel).toBe('21 Sep 2026 – 30 Sep 2026')
    expect(r.body.data.financeDashboard.metrics).toEqual({
      purchased_premium: { current: 1750.75, previous: 800, change: 118.8 },
      paid_commission: { current: 50.05, previous: 10, change: 400.5 },
      banked_commission: { current: 125.03, previous: 80, change: 56.3 },
      requested_commission: { current: 25.03, previous: 0, change: null },
      paid_clawback: { current: 10, previous: 0, change: null },
      pending_clawback: { current: 20, previous: 5, change: 300 },
      refunded_premium: { current: 700, previous: 0, change: null },
    })
  })

  it('answers the overview and policy sections by insurer, status group and day', async () => {
    const r = await dash({ agency_id: [String(A.agency.id), String(B.agency.id)] })
    const o = r.body.data.overviewDashboard
    expect(o.policies_sold).toEqual({ current: 4, previous: 1, change: 300 })
    expect(o.purchased_premium).toEqual({ current: 2050.75, previous: 800, change: 156.3 })
    expect(o.selling_agencies).toEqual({ current: 2, previous: 1, change: 100 })
    expect(o.certificates_issued).toEqual({ current: 1, previous: 1, change: 0 })
    const p = r.body.data.policyDashboard
    expect(p.bucket).toBe('day')
    // Every day of both periods is a point, a day without a sale a zero.
    const sold = (points: { sold: number }[]) => points.filter((s) => s.sold > 0)
    expect(sold(p.sales)).toEqual([
      { bucket: '2026-10-02', sold: 1, premium: 1000 },
      { bucket: '2026-10-03', sold: 1, premium: 500.5 },
      { bucket: '2026-10-05', sold: 1, premium: 300 },
      { bucket: '2026-10-09', sold: 1, premium: 250.25 },
    ])
    expect(p.sales.map((s: { bucket: string }) => s.bucket)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`),
    )
    expect(p.sales[0]).toEqual({ bucket: '2026-10-01', sold: 0, premium: 0 })
    expect(sold(p.previousSales)).toEqual([{ bucket: '2026-09-25', sold: 1, premium: 800 }])
    expect(p.previousSales.map((s: { bucket: string }) => s.bucket)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-09-${String(i + 21).padStart(2, '0')}`),
    )
    expect(p.statusMix).toEqual([
      { status: 'draft', count: 0 },
      { status: 'requested', count: 2 },
      { status: 'certificate_issued', count: 1 },
      { status: 'cancelled', count: 0 },
      { status: 'amended', count: 1 },
    ])
    expect(p.providers).toEqual([
      { id: 1, name: expect.any(String), sold: 3, premium: 1800.5 },
      { id: 3, name: expect.any(String), sold: 1, premium: 250.25 },
    ])
    expect(p.agencyPerformance.map((x: { agency_id: number }) => x.agency_id)).toEqual([
      A.agency.id,
      B.agency.id,
    ])
    expect(p.agencyPerformance[0]).toMatchObject({ policies_sold: 3, premium: 1750.75, commission: 175.08 })
    const asc = await dash({
      agency_id: [String(A.agency.id), String(B.agency.id)],
      sort_direction_agency_performance: 'asc',
    })
    expect(asc.body.data.policyDashboard.agencyPerformance[0].agency_id).toBe(B.agency.id)
  })

  it('filters by insurer and status, and picks sections and metrics', async () => {
    const r = await dash({
      agency_id: [String(A.agency.id)],
      provider_id: ['3'],
      dashboard_type: ['finance'],
      finance_performance_key_metrics: ['purchased_premium', 'banked_commission'],
    })
    expect(r.body.data.overviewDashboard).toBeNull()
    expect(r.body.data.policyDashboard).toBeNull()
    expect(r.body.data.financeDashboard.metrics).toEqual({
      purchased_premium: { current: 250.25, previous: 0, change: null },
      banked_commission: { current: 25.03, previous: 0, change: null },
    })
    const issued = await dash({
      agency_id: [String(A.agency.id)],
      policy_status: ['CERTIFICATE_ISSUED'],
      dashboard_type: ['overview'],
    })
    expect(issued.body.data.overviewDashboard.policies_sold.current).toBe(1)
  })

  it('exports the agency performance as CSV', async () => {
    const r = await dash({
      agency_id: [String(A.agency.id), String(B.agency.id)],
      export_agency_performance: 'true',
    })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toContain('text/csv')
    const lines = String(r.body).trim().split('\r\n')
    expect(lines[0]).toBe('Agency,Agency id,Policies sold,Premium (AUD),Commission (AUD)')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(`,${A.agency.id},3,1750.75,175.08`)
  })

  it('refuses more than 10 agencies, a reversed range, agencies and no session', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => String(i + 1))
    const many = await dash({ agency_id: eleven })
    expect(many.status).toBe(400)
    expect(many.body.errors.agency_id).toEqual(['Choose at most 10 agencies'])
    const reversed = await dash({ start_date: '2026-10-10', end_date: '2026-10-01' })
    expect(reversed.body.errors.end_date).toEqual(['The end date must be on or after the start date'])
    expect((await dash({}, A.token)).status).toBe(403)
    expect((await api('GET', '/dashboard/getOshcDashboard')).status).toBe(401)
  })
})

describe('weekly comparisons', () => {
  it('answers the agency its own weeks, and refuses another agency (404)', async () => {
    const r = await api(
      'GET',
      `/agencies/policy-management/getPolicyDataWithComparisionForAgency/${A.agency.id}`,
      {
        token: A.token,
        query: { no_of_week: '3' },
      },
    )
    expect(r.status).toBe(200)
    expect(r.body.data).toHaveLength(3)
    expect(r.body.data[0]).toEqual({
      week_start: expect.any(String),
      week_end: expect.any(String),
      sold: expect.any(Number),
      premium: expect.any(Number),
      previous_sold: expect.any(Number),
      previous_premium: expect.any(Number),
    })
    expect(
      (
        await api('GET', `/agencies/policy-management/getPolicyDataWithComparisionForAgency/${B.agency.id}`, {
          token: A.token,
        })
      ).status,
    ).toBe(404)
    const certs = await api(
      'GET',
      `/agencies/policy-management/getPolicyDataWithCertificateIssuedForAgency/${A.agency.id}`,
      {
        token: A.token,
      },
    )
    expect(certs.body.data).toHaveLength(4)
    expect(certs.body.data[0]).toHaveProperty('previous_issued')
  })

  it('counts this week’s sale and certificate for staff', async () => {
    const { policy: p } = await createPolicy(getDb(), { agencyId: B.agency.id, status: 'CERTIFICATE_ISSUED' })
    const now = new Date()
    await getDb().update(policies).set({ premium: 12_345, purchased_at: now }).where(eq(policies.id, p.id))
    await getDb().insert(policyCertificates).values({
      policy_id: p.id,
      certificate_url: 'x',
      certificate_name: 'c.pdf',
      membership_number: 'M9',
      issued_at: now,
    })
    const finance = await staffWith(['finance'])
    const before = await api('GET', '/oshc/policy-management/getPolicyDataWithComparision', {
      token: finance,
      query: { no_of_week: '1' },
    })
    expect(before.status).toBe(200)
    expect(before.body.data).toHaveLength(1)
    expect(before.body.data[0].sold).toBeGreaterThanOrEqual(1)
    const certs = await api('GET', '/oshc/policy-management/getPolicyDataWithCertificateIssued', {
      token: staff,
      query: { no_of_week: '1' },
    })
    expect(certs.body.data[0].issued).toBeGreaterThanOrEqual(1)
    const none = await staffWith([])
    expect(
      (await api('GET', '/oshc/policy-management/getPolicyDataWithComparision', { token: none })).status,
    ).toBe(403)
  })
})
