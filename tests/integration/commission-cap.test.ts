// Commission cap compliance (issue 25, ADR 0020) against the real database: the setting is proposed
// by one person with finance and confirmed by another; while a cap is set, an agency's rate (alone
// or with a payment method's) above it is refused with a 400 naming the field and the cap; a sale
// purchased on or after the effective date (its business day in Sydney) banks at most the cap and
// the quote shows the capped figure; agencies above the cap are listed; the month-end pack carries
// the cap evidence. The test databases are seeded without the demo data: no cap unless set here.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyConfigurations, commissions, policies } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { MAKER_CHECKER_MSG } from '../../domain/finance/finance.rules'
import { clock } from '../../domain/shared/clock'
import { percentOf } from '../../domain/quotes/pricing.rules'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { CAPS, setCapBy } from '../setup/commission-caps'

const AGENCIES = '/agencies/agency-management'
const PERIODS = '/oshc/finance-management/periods'
const BUPA = 3
const realNow = clock.now
let maker: string
let checker: string

afterEach(() => {
  clock.now = realNow
})

beforeAll(async () => {
  maker = await staffToken()
  checker = await staffWith(['finance'])
})

const propose = (body: Record<string, unknown>, token = maker) =>
  api('POST', `${CAPS}/propose`, { token, body })
const confirm = (id: number, token = checker) => api('POST', `${CAPS}/${id}/confirm`, { token })
const setCap = (product_line: 'OSHC' | 'OVHC', max_rate: number | null, effective_from: string) =>
  setCapBy({ maker, checker }, product_line, max_rate, effective_from)

const upsertV1 = (agencyId: number, commission_rate: number) =>
  api('POST', `${AGENCIES}/upsertAgencyConfiguration`, {
    token: maker,
    body: { agency_id: agencyId, insurance_provider_id: BUPA, commission_rate },
  })

describe('the setting: one person proposes, another confirms', () => {
  it('is off until confirmed, refuses the proposer as checker, and keeps its audit', async () => {
    const before = await api('GET', CAPS, { token: maker })
    expect(before.status).toBe(200)
    expect(before.body.data.lines.map((l: any) => [l.product_line, l.in_force, l.proposal])).toEqual([
      ['OSHC', null, null],
      ['OVHC', null, null],
    ])
    expect(
      (
        await propose(
          { product_line: 'OVHC', max_rate: 20, effective_from: '2026-07-01' },
          await staffWith(['policy_management']),
        )
      ).status,
    ).toBe(403)
    expect((await propose({ product_line: 'OVHC', max_rate: 0, effective_from: '2026-07-01' })).status).toBe(
      400,
    )
    expect((await propose({ product_line: 'OVHC', max_rate: 20, effective_from: '2026-13-01' })).status).toBe(
      400,
    )

    const p = await propose({
      product_line: 'OVHC',
      max_rate: 20,
      effective_from: '2026-07-01',
      note: 'Test',
    })
    expect(p.status).toBe(201)
    expect(p.body.data).toMatchObject({
      status: 'PROPOSED',
      max_rate: '20.00',
      summary: 'At most 20.00% from 1 Jul 2026',
    })
    const again = await propose({ product_line: 'OVHC', max_rate: 15, effective_from: '2026-08-01' })
    expect(again.status).toBe(409)
    const pending = (await api('GET', CAPS, { token: maker })).body.data.lines[1]
    expect(pending.in_force).toBeNull()
    expect(pending.proposal).toMatchObject({ id: p.body.data.id, can_confirm: false })

    const self = await confirm(p.body.data.id, maker)
    expect(self.status).toBe(403)
    expect(self.body.message).toBe(MAKER_CHECKER_MSG)
    const ok = await confirm(p.body.data.id)
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({
      status: 'ACTIVE',
      confirmed_by: expect.stringMatching(/@oshc\.local$/),
    })
    expect((await confirm(p.body.data.id)).status).toBe(409)

    const after = (await api('GET', CAPS, { token: maker })).body.data
    expect(after.lines[1].in_force).toEqual({ rate: '20.00', effective_from: '2026-07-01' })
    expect(after.history.filter((h: any) => h.cap_id === p.body.data.id).map((h: any) => h.kind)).toEqual([
      'CONFIRMED',
      'PROPOSED',
    ])
  })

  it('a proposal may be withdrawn (then not confirmed); a new one for the same day replaces the old', async () => {
    const p = await propose({ product_line: 'OVHC', max_rate: 5, effective_from: '2026-07-01' })
    const w = await api('POST', `${CAPS}/${p.body.data.id}/withdraw`, {
      token: checker,
      body: { reason: 'Too low' },
    })
    expect(w.status).toBe(200)
    expect(w.body.data.status).toBe('WITHDRAWN')
    expect((await confirm(p.body.data.id)).status).toBe(409)
    const replaced = await setCap('OVHC', 25, '2026-07-01')
    expect(replaced.status).toBe('ACTIVE')
    const line = (await api('GET', CAPS, { token: maker })).body.data.lines[1]
    expect(line.settings.map((s: any) => s.max_rate)).toEqual(['25.00'])
    expect(line.in_force.rate).toBe('25.00')
  })
})

describe('rates over the cap are refused', () => {
  it('OVHC: the 0-100 rules alone without a cap for the line; above the cap a 400 naming the field and the cap', async () => {
    const { agency } = await agencyWithToken()
    const set = (rate: number) =>
      api('POST', '/agencies/ovhc/updateAgencyOvhcConfiguration', {
        token: maker,
        body: { agency_id: agency.id, provider_id: BUPA, commission_rate: rate },
      })
    // The OVHC cap is 25% (the test above).
    expect((await set(25)).status).toBe(200)
    const over = await set(26)
    expect(over.status).toBe(400)
    expect(over.body.errors.commission_rate).toEqual([
      'Commission rate must be at most 25.00%: the OVHC commission cap from 1 Jul 2026',
    ])
    // Nor may staff offer agencies a range above it.
    const range = (max_rate: number) =>
      api('POST', '/agencies/ovhc/updateOvhcCommissionRange', {
        token: maker,
        body: { provider_id: BUPA, min_rate: 5, max_rate },
      })
    const wide = await range(30)
    expect(wide.status).toBe(400)
    expect(wide.body.errors.max_rate).toEqual([
      "The range's highest rate must be at most 25.00%: the OVHC commission cap from 1 Jul 2026",
    ])
    expect((await range(25)).status).toBe(200)
  })

  it('OSHC: an insurer rate, alone or with a payment method, over the cap; nothing is saved', async () => {
    const { agency } = await agencyWithToken()
    // No OSHC cap yet: 40% is the specification's business.
    expect((await upsertV1(agency.id, 40)).status).toBe(200)
    await setCap('OSHC', 12, '2026-07-01')
    const v1 = await upsertV1(agency.id, 12.5)
    expect(v1.status).toBe(400)
    expect(v1.body.errors.commission_rate[0]).toBe(
      'Commission rate must be at most 12.00%: the OSHC commission cap from 1 Jul 2026',
    )
    const [kept] = await getDb()
      .select({ rate: agencyConfigurations.commission_rate })
      .from(agencyConfigurations)
      .where(
        and(
          eq(agencyConfigurations.agency_id, agency.id),
          eq(agencyConfigurations.insurance_provider_id, BUPA),
        ),
      )
    expect(kept!.rate).toBe('40.00')
    expect((await upsertV1(agency.id, 12)).status).toBe(200)

    const v2 = (methods: { payment_method: string; commission_rate: number }[], rate = 11) =>
      api('POST', `${AGENCIES}/upsertAgencyConfigurationV2`, {
        token: maker,
        body: {
          agency_Id: agency.id,
          buy_now_pay_later_amount: 0,
          paymentBasedConfigs: [
            {
              insurance_provider_id: BUPA,
              commission_rate: rate,
              paymentMethods: methods.map((m) => ({ ...m, is_payment_method_enabled: true })),
            },
          ],
        },
      })
    const method = await v2([
      { payment_method: 'card', commission_rate: 0 },
      { payment_method: 'bank', commission_rate: 1.5 },
    ])
    expect(method.status).toBe(400)
    expect(method.body.errors['paymentBasedConfigs.0.paymentMethods.1.commission_rate'][0]).toMatch(
      /^The bank transfer payment method's commission rate and the insurer's 11\.00% together must be at most 12\.00%/,
    )
    expect((await v2([{ payment_method: 'bank', commission_rate: 1 }])).status).toBe(200)
    // The saved bank rate (1%) now counts against a higher insurer rate.
    const v1Again = await upsertV1(agency.id, 11.5)
    expect(v1Again.status).toBe(400)
    expect(v1Again.body.errors.commission_rate[0]).toMatch(/^The bank transfer payment method's/)
    const provider = await v2([], 12.01)
    expect(provider.status).toBe(400)
    expect(Object.keys(provider.body.errors)).toEqual(['paymentBasedConfigs.0.commission_rate'])
  })
})

describe('sales and quotes under the cap (OSHC 12% from 1 Jul 2026)', () => {
  const JUNE_30_LAST_SECOND = new Date('2026-06-30T13:59:59Z') // 23:59:59 on 30 June in Sydney
  const JULY_1_MIDNIGHT = new Date('2026-06-30T14:00:00Z') // 00:00 on 1 July in Sydney (UTC still 30 June)

  async function buyAt(at: Date) {
    const { agency, token } = await agencyWithToken()
    const { policy } = await createPolicy(getDb(), {
      agencyId: agency.id,
      status: 'INITIATED',
      providerId: BUPA,
      commissionRate: '12.50',
    })
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, {
        agencyId: agency.id,
        type: 'AGENCY_TOPUP',
        amount: policy.premium!,
        actor: 'test',
      }),
    )
    clock.now = () => at
    const r = await api('POST', '/agencies/finance-management/purchasePolicy', {
      token,
      body: { policy_id: policy.id, payment_type: 'AGENCY_BALANCE' },
    })
    clock.now = realNow
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, policy.id))
    return { policy, commission: c!, agency }
  }

  it('a sale purchased on 30 June in Sydney banks the configured 12.50%; one at midnight into 1 July the cap', async () => {
    const before = await buyAt(JUNE_30_LAST_SECOND)
    expect(before.commission).toMatchObject({
      status: 'COMMISSION_BANKED',
      commission_rate: '12.50',
      amount: percentOf(before.policy.premium_without_gst!, '12.50'),
    })
    const after = await buyAt(JULY_1_MIDNIGHT)
    expect(after.commission).toMatchObject({
      status: 'COMMISSION_BANKED',
      commission_rate: '12.00',
      amount: percentOf(after.policy.premium_without_gst!, '12.00'),
    })
    expect(after.commission.amount).toBeLessThan(percentOf(after.policy.premium_without_gst!, '12.50'))
    // The policy keeps the rate its commission was booked at (a clawback reads it).
    const [p] = await getDb().select().from(policies).where(eq(policies.id, after.policy.id))
    expect(p).toMatchObject({ status: 'PAYMENT_APPROVED', commission_rate: '12.00' })
    const [q] = await getDb().select().from(policies).where(eq(policies.id, before.policy.id))
    expect(q!.commission_rate).toBe('12.50')
    evidence.june = before.policy.ref
    evidence.july = after.policy.ref
  })

  it('the quote shows the capped figure (Bupa configured at 12.50%), nib at 10% unchanged', async () => {
    const { token } = await agencyWithToken()
    const r = await api('GET', '/insurances/quotes', {
      token,
      query: { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' },
    })
    expect(r.status).toBe(200)
    const bupa = r.body.data.find((q: any) => q.provider.id === BUPA)
    const nib = r.body.data.find((q: any) => q.provider.id === 1)
    expect(bupa.commission_rate).toBe(12)
    expect(Math.round(bupa.commission * 100)).toBe(
      percentOf(Math.round(bupa.premium_without_gst * 100), '12.00'),
    )
    expect(nib.commission_rate).toBe(10)
  })

  it('lists the agencies above the cap with the difference', async () => {
    const { agency } = await agencyWithToken()
    const r = await api('GET', `${CAPS}/agencies-above`, { token: checker })
    expect(r.status).toBe(200)
    expect(r.body.data.caps.OSHC).toEqual({ rate: '12.00', effective_from: '2026-07-01' })
    expect(r.body.data.rows.filter((x: any) => x.agency_id === agency.id)).toEqual([
      expect.objectContaining({
        product_line: 'OSHC',
        insurance_provider_id: BUPA,
        payment_method: null,
        rate: '12.50',
        cap: '12.00',
        difference: '0.50',
      }),
    ])
    expect(
      (await api('GET', `${CAPS}/agencies-above`, { token: await staffWith(['agency_management']) })).status,
    ).toBe(403)
  })
})

const evidence: { june?: string; july?: string } = {}

describe("the month-end pack's cap evidence", () => {
  it('names every sale above the cap (a July sale banked at 12.50%), none in June before the cap', async () => {
    // A sale banked at 12.50% in July, written as the seed writes it (no cap applied): above the cap.
    clock.now = () => new Date('2026-07-10T02:00:00Z')
    const { agency } = await agencyWithToken()
    const { policy: over } = await createPolicy(getDb(), {
      agencyId: agency.id,
      status: 'PAYMENT_APPROVED',
      providerId: BUPA,
      commissionRate: '12.50',
    })
    clock.now = realNow
    for (const month of ['2026-06', '2026-07']) {
      expect((await api('POST', `${PERIODS}/${month}/propose`, { token: maker })).status).toBe(200)
      expect((await api('POST', `${PERIODS}/${month}/close`, { token: checker })).status).toBe(200)
    }
    const pack = (month: string) =>
      api('GET', `${PERIODS}/${month}/pack/commission-cap`, { token: checker, query: { format: 'csv' } })
    const june = await pack('2026-06')
    expect(june.status).toBe(200)
    const juneLines = String(june.body).trim().split(/\r?\n/)
    expect(juneLines[0]).toMatch(/^Row,Insurer,Agency ID,Agency,Policy,Purchase date,Policies,/)
    expect(juneLines.some((l) => l.includes('Sale above the cap'))).toBe(false)
    expect(juneLines.find((l) => l.startsWith('Insurer and agency'))).toMatch(/,12\.50,,0$/)
    expect(juneLines.at(-1)).toMatch(/^Total,.*,0$/)

    const july = String((await pack('2026-07')).body)
      .trim()
      .split(/\r?\n/)
    const named = july.filter((l) => l.startsWith('Sale above the cap'))
    expect(named).toHaveLength(1)
    expect(named[0]).toContain(over.ref)
    expect(named[0]).toMatch(/,12\.50,12\.00,1$/)
    expect(july.at(-1)).toMatch(/^Total,.*,1$/)
    // The sale capped at purchase is in its group at 12.00%, not named.
    expect(july.some((l) => l.includes(evidence.july!))).toBe(false)
  })
})
