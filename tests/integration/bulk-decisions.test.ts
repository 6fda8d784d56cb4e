// Bulk decisions (issue 25): several items of one kind decided in one call, each through its own
// decision; a refusal of one is its result and does not stop the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyTopups, commissionPayouts, policies } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { requestedBankTopup } from '../setup/topups'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { startWorker } from '../setup/worker'
import { requestedPayoutByApi } from '../setup/payouts'

const BULK = '/oshc/finance-management/bulk-decisions'
const TODAY = new Date().toISOString().slice(0, 10)

let finance: string
let stop: () => Promise<void>

beforeAll(async () => {
  await staffToken()
  finance = await staffWith(['finance'])
  stop = await startWorker()
})
afterAll(() => stop())

const bulk = (body: unknown, token = finance) => api('POST', BULK, { token, body })

async function waitingPolicy() {
  const { agency } = await agencyWithToken()
  return (await createPolicy(getDb(), { agencyId: agency.id, status: 'PURCHASED' })).policy
}

async function requestedTopup() {
  const { agency, token } = await agencyWithToken()
  return requestedBankTopup({ agencyId: agency.id, token }, 150, TODAY)
}

const requestedPayout = async () => (await requestedPayoutByApi()).payout.id

describe('bulk decisions', () => {
  it('approve bank payments one by one: an item decided meanwhile is refused alone', async () => {
    const [a, b, c] = [await waitingPolicy(), await waitingPolicy(), await waitingPolicy()]
    expect(
      (
        await api('POST', '/oshc/finance-management/paymentApprove', {
          token: finance,
          body: { policyId: b.id },
        })
      ).status,
    ).toBeLessThan(300)
    const r = await bulk({ kind: 'policy_payment', decision: 'approve', ids: [a.id, b.id, c.id] })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({ done: 2, refused: 1 })
    expect(
      r.body.data.results.map((x: { id: number; ok: boolean; status?: number }) => [x.id, x.ok, x.status]),
    ).toEqual([
      [a.id, true, undefined],
      [b.id, false, 409],
      [c.id, true, undefined],
    ])
    const rows = await getDb()
      .select()
      .from(policies)
      .where(inArray(policies.id, [a.id, b.id, c.id]))
    expect(rows.every((p) => p.status === 'PAYMENT_APPROVED')).toBe(true)
  })

  it('reject top-ups with the reason (required), and answer 404 for an unknown one without stopping', async () => {
    const [t1, t2] = [await requestedTopup(), await requestedTopup()]
    const noReason = await bulk({ kind: 'topup', decision: 'reject', ids: [t1] })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors.reason).toEqual(['Say why they are rejected'])
    const r = await bulk({
      kind: 'topup',
      decision: 'reject',
      ids: [t1, 2_000_000_000, t2],
      reason: 'Not received',
    })
    expect(r.body.data).toMatchObject({ done: 2, refused: 1 })
    expect(r.body.data.results[1]).toMatchObject({ ok: false, status: 404 })
    const rows = await getDb()
      .select()
      .from(agencyTopups)
      .where(inArray(agencyTopups.id, [t1, t2]))
    expect(rows.map((t) => [t.status, t.rejection_reason])).toEqual([
      ['REJECTED', 'Not received'],
      ['REJECTED', 'Not received'],
    ])
  })

  it('approve payouts to the balance through their workflow; one in a payout batch is refused with the reason', async () => {
    const [p1, p2] = [await requestedPayout(), await requestedPayout()]
    const noType = await bulk({ kind: 'payout', decision: 'approve', ids: [p1] })
    expect(noType.status).toBe(400)
    expect(noType.body.errors.payment_type[0]).toContain('payout batch')
    const batch = await api('POST', '/oshc/finance-management/payout-batches', {
      token: finance,
      body: { payout_ids: [p2] },
    })
    expect(batch.status).toBe(201)
    const r = await bulk({
      kind: 'payout',
      decision: 'approve',
      ids: [p1, p2],
      payment_type: 'AGENCY_BALANCE',
    })
    expect(r.body.data).toMatchObject({ done: 1, refused: 1 })
    expect(r.body.data.results[1].message).toContain(`payout batch #${batch.body.data.id}`)
    const rows = await getDb()
      .select()
      .from(commissionPayouts)
      .where(inArray(commissionPayouts.id, [p1, p2]))
    expect(Object.fromEntries(rows.map((p) => [p.id, p.status]))).toEqual({
      [p1]: 'APPROVED',
      [p2]: 'REQUESTED',
    })
  })

  it('is for staff with finance only', async () => {
    const other = await staffWith(['policy_management'])
    expect((await bulk({ kind: 'topup', decision: 'approve', ids: [1] }, other)).status).toBe(403)
  })
})
