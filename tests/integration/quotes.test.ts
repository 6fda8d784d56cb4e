import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { businessDay } from '../../domain/shared/clock'
import { gstRates, offers, providerRates, purchaseRules } from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { receiveUpload } from '../../domain/files/storage'
import { assertNotProtected, priceForAgency, recordPurchaseForRules } from '../../domain/quotes/price-policy'
import { agencyUserWith, agencyWithToken, api, login, staffToken, staffWith } from '../setup/api'
import * as agencyQuotesPage from '../../app/routes/agency+/quotes._index'
import * as agencyPdsRoute from '../../app/routes/agency+/quotes.pds.$providerId'
import * as staffQuotesPage from '../../app/routes/staff+/quotes._index'
import * as rateCardsPage from '../../app/routes/staff+/pricing._index'
import * as gstPage from '../../app/routes/staff+/pricing.gst'
import * as documentsPage from '../../app/routes/staff+/pricing.documents'

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
const DATE_MSG = 'must be in the format of YYYY-MM-DD'
const END_MSG = 'End date must be greater than start date'

// Insurer ids of the seed (spec/01): nib 1, allianz_care 2, bupa 3, bupa_advantage 4, ahm 5, medibank 6.
const NIB = 1
const BUPA = 3

let staff: string
/** createAgency configures nib at 10.00% and Bupa at 12.50%. */
let agency: { id: number; token: string }

/** The business day (Sydney) `offset` days from now: what offers are valid on. */
const day = (offset: number) => businessDay(new Date(Date.now() + offset * 86_400_000))

const quotes = (token: string, query: Record<string, string>) =>
  api('GET', '/insurances/quotes', { token, query })

/** What the tests compare: provider, premium, offer premium, commission, per row in order. */
const summary = (rows: any[]) =>
  rows.map((r) => [r.provider.id, r.premium, r.offer.offerPremium, r.commission])

beforeAll(async () => {
  staff = await staffToken()
  const a = await agencyWithToken()
  agency = { id: a.agency.id, token: a.token }
})

// Offers and the GST record are global: every test that adds one removes it again.
afterEach(async () => {
  await getDb().delete(offers)
  await getDb().update(gstRates).set({ gst_rate: '10.00', card_surcharge_rate: '1.50' })
})

describe('GET /insurances/quotes: prices', () => {
  it('answers quote rows shaped as spec/01 "Quote row", amounts as decimal numbers', async () => {
    const r = await quotes(agency.token, {
      policyType: 'SINGLE',
      startDate: '2027-02-01',
      endDate: '2028-01-31',
    })
    expect(r.status).toBe(200)
    expect(r.body.success).toBe(true)
    expect(r.body.data[0]).toEqual({
      policyType: 'SINGLE',
      startDate: '2027-02-01',
      endDate: '2028-01-31',
      days: 365,
      // 52.10 x 12 x 365 / 365 = 625.20
      premium: 625.2,
      // 62520 / 1.1 = 56836.36 -> 568.36
      premium_without_gst: 568.36,
      gst_rate: 10,
      // 56836 x 10% = 5683.6 -> 56.84
      commission: 56.84,
      commission_rate: 10,
      isProtectedByRule: false,
      provider: { id: NIB, name: 'nib', logo: null },
      offer: { hasOffer: false, offerPremium: null, rate: 0 },
    })
    expect(r.body.data[0]).not.toHaveProperty('purchase_rule')
  })

  // Expected amounts worked by hand from DESIGN.md section 5 (GST 10%; nib 10.00%, Bupa 12.50%).
  it.each([
    {
      name: 'SINGLE for a 365-day year',
      query: { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' },
      // nib 5210x12 = 62520; /1.1 = 56836; x10% = 5684. Bupa 5760x12 = 69120; /1.1 = 62836; x12.5% = 7854.5 -> 7855
      rows: [
        [NIB, 625.2, null, 56.84],
        [BUPA, 691.2, null, 78.55],
      ],
    },
    {
      name: 'COUPLE for a 365-day year',
      query: { policyType: 'COUPLE', startDate: '2027-02-01', endDate: '2028-01-31' },
      // nib 13940x12 = 167280; /1.1 = 152072.7 -> 152073; x10% = 15207.3 -> 15207
      // Bupa 15200x12 = 182400; /1.1 = 165818.2 -> 165818; x12.5% = 20727.25 -> 20727
      rows: [
        [NIB, 1672.8, null, 152.07],
        [BUPA, 1824, null, 207.27],
      ],
    },
    {
      name: 'SINGLE_PARENT for six months (184 days)',
      query: { policyType: 'SINGLE_PARENT', startDate: '2027-03-01', endDate: '2027-08-31' },
      // nib 13940x12x184/365 = 84327.45 -> 84327; /1.1 = 76660.9 -> 76661; x10% = 7666.1 -> 7666
      // Bupa 15200x12x184/365 = 91949.59 -> 91950; /1.1 = 83590.9 -> 83591; x12.5% = 10448.9 -> 10449
      rows: [
        [NIB, 843.27, null, 76.66],
        [BUPA, 919.5, null, 104.49],
      ],
    },
    {
      name: 'FAMILY for one day (start = end)',
      query: { policyType: 'FAMILY', startDate: '2027-06-15', endDate: '2027-06-15' },
      // nib 16200x12/365 = 532.6 -> 533; /1.1 = 484.5 -> 485; x10% = 48.5 -> 49
      // Bupa 17600x12/365 = 578.6 -> 579; /1.1 = 526.4 -> 526; x12.5% = 65.75 -> 66
      rows: [
        [NIB, 5.33, null, 0.49],
        [BUPA, 5.79, null, 0.66],
      ],
    },
    {
      name: 'SINGLE over the leap year 2024 (366 days)',
      query: { policyType: 'SINGLE', startDate: '2024-01-01', endDate: '2024-12-31' },
      // nib 5210x12x366/365 = 62691.3 -> 62691; /1.1 = 56991.8 -> 56992; x10% = 5699.2 -> 5699
      // Bupa 5760x12x366/365 = 69309.4 -> 69309; /1.1 = 63008.2 -> 63008; x12.5% = 7876
      rows: [
        [NIB, 626.91, null, 56.99],
        [BUPA, 693.09, null, 78.76],
      ],
    },
  ])('$name', async ({ query, rows }) => {
    const r = await quotes(agency.token, query)
    expect(r.status).toBe(200)
    expect(summary(r.body.data)).toEqual(rows)
    for (const row of r.body.data) expect(row).toMatchObject(query)
  })

  it('staff without agency_id see every insurer, cheapest first, with commission 0', async () => {
    const r = await quotes(staff, { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' })
    expect(r.status).toBe(200)
    // Twelve months of each seeded SINGLE rate: ahm 48.75, Bupa Advantage 49.90, nib 52.10,
    // Medibank 54.20, Allianz 55.00, Bupa 57.60.
    expect(summary(r.body.data)).toEqual([
      [5, 585, null, 0],
      [4, 598.8, null, 0],
      [NIB, 625.2, null, 0],
      [6, 650.4, null, 0],
      [2, 660, null, 0],
      [BUPA, 691.2, null, 0],
    ])
  })

  it("staff with agency_id get that agency's insurers and commission", async () => {
    const r = await quotes(staff, {
      policyType: 'SINGLE',
      startDate: '2027-02-01',
      endDate: '2028-01-31',
      agency_id: String(agency.id),
    })
    expect(r.status).toBe(200)
    expect(summary(r.body.data)).toEqual([
      [NIB, 625.2, null, 56.84],
      [BUPA, 691.2, null, 78.55],
    ])
  })

  it('commission follows the agency configuration', async () => {
    const other = await createAgency(getDb(), {
      commission: { 2: '20.00', 5: '5.25' },
      password: 'Agency-Passw0rd!',
    })
    const token = await login(other.email, 'Agency-Passw0rd!')
    const r = await quotes(token, { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' })
    // ahm 58500 / 1.1 = 53181.8 -> 53182; x5.25% = 2792.06 -> 2792
    // Allianz 66000 / 1.1 = 60000; x20% = 12000
    expect(summary(r.body.data)).toEqual([
      [5, 585, null, 27.92],
      [2, 660, null, 120],
    ])
  })

  it('an agency without any configured insurer gets no quotes', async () => {
    const pending = await createAgency(getDb(), {
      status: 'COMPANY_DETAIL_DONE',
      password: 'Agency-Passw0rd!',
    })
    const token = await login(pending.email, 'Agency-Passw0rd!')
    const r = await quotes(token, { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual([])
  })

  it("an agency is quoted for itself: its own agency_id is fine, another agency's is a 404", async () => {
    const own = await quotes(agency.token, {
      policyType: 'SINGLE',
      startDate: '2027-02-01',
      endDate: '2028-01-31',
      agency_id: String(agency.id),
    })
    expect(own.status).toBe(200)
    expect(own.body.data).toHaveLength(2)
    const other = await createAgency(getDb(), { commission: { 5: '30.00' } })
    const foreign = await quotes(agency.token, {
      policyType: 'SINGLE',
      startDate: '2027-02-01',
      endDate: '2028-01-31',
      agency_id: String(other.id),
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.data).toBeUndefined()
    const missing = await quotes(staff, {
      policyType: 'SINGLE',
      startDate: '2027-02-01',
      endDate: '2028-01-31',
      agency_id: '99999999',
    })
    expect(missing.status).toBe(404)
  })
})

describe('GET /insurances/quotes: offers and GST', () => {
  const single = { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' }

  it('applies a running offer: offer premium, and commission on what is paid', async () => {
    await getDb()
      .insert(offers)
      .values({ insurance_provider_id: NIB, start_date: day(-1), end_date: day(30), rate: 10 })
    const r = await quotes(agency.token, single)
    const nib = r.body.data.find((q: any) => q.provider.id === NIB)
    // 62520 x 0.9 = 56268; /1.1 = 51152.7 -> 51153; x10% = 5115.3 -> 5115
    expect(nib).toMatchObject({
      premium: 625.2,
      premium_without_gst: 511.53,
      commission: 51.15,
      offer: { hasOffer: true, offerPremium: 562.68, rate: 10 },
    })
    const bupa = r.body.data.find((q: any) => q.provider.id === BUPA)
    expect(bupa.offer).toEqual({ hasOffer: false, offerPremium: null, rate: 0 })
  })

  it('orders by what is paid: an offer can make a dearer insurer the cheapest', async () => {
    await getDb()
      .insert(offers)
      .values({ insurance_provider_id: BUPA, start_date: day(0), end_date: day(0), rate: 20 })
    const r = await quotes(agency.token, single)
    // Bupa 69120 x 0.8 = 55296 < nib 62520. Commission: 55296 / 1.1 = 50269.1 -> 50269; x12.5% = 6283.6 -> 6284
    expect(summary(r.body.data)).toEqual([
      [BUPA, 691.2, 552.96, 62.84],
      [NIB, 625.2, null, 56.84],
    ])
  })

  it('ignores expired, future and inactive offers; the highest running rate wins', async () => {
    await getDb()
      .insert(offers)
      .values([
        { insurance_provider_id: NIB, start_date: day(-30), end_date: day(-1), rate: 30 },
        { insurance_provider_id: NIB, start_date: day(1), end_date: day(30), rate: 40 },
        { insurance_provider_id: NIB, start_date: day(-1), end_date: day(30), rate: 45, is_active: false },
        { insurance_provider_id: BUPA, start_date: day(-30), end_date: day(-1), rate: 50 },
      ])
    let r = await quotes(agency.token, single)
    expect(summary(r.body.data)).toEqual([
      [NIB, 625.2, null, 56.84],
      [BUPA, 691.2, null, 78.55],
    ])
    await getDb()
      .insert(offers)
      .values([
        { insurance_provider_id: NIB, start_date: day(-1), end_date: day(1), rate: 5 },
        { insurance_provider_id: NIB, start_date: day(-1), end_date: day(1), rate: 15 },
      ])
    r = await quotes(agency.token, single)
    // 62520 x 0.85 = 53142; /1.1 = 48310.9 -> 48311; x10% = 4831.1 -> 4831
    expect(r.body.data[0].offer).toEqual({ hasOffer: true, offerPremium: 531.42, rate: 15 })
    expect(r.body.data[0].commission).toBe(48.31)
  })

  it('uses the GST rate staff set: the premium stays, GST-exclusive amount and commission move', async () => {
    const put = await api('PUT', '/oshc/pricing/updateGstRate', {
      token: staff,
      body: { gst_rate: 15, card_surcharge_rate: '2.5' },
    })
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({ gst_rate: 15, card_surcharge_rate: 2.5 })
    const r = await quotes(agency.token, single)
    // 62520 / 1.15 = 54365.2 -> 54365; x10% = 5436.5 -> 5437
    expect(r.body.data[0]).toMatchObject({
      provider: { id: NIB },
      premium: 625.2,
      premium_without_gst: 543.65,
      gst_rate: 15,
      commission: 54.37,
    })
    const read = await api('GET', '/oshc/pricing/getGstRate', { token: staff })
    expect(read.body.data).toMatchObject({ gst_rate: 15, card_surcharge_rate: 2.5 })
  })
})

describe('GET /insurances/quotes: validation and permissions', () => {
  it.each([
    [{ policyType: 'SINGLE', startDate: '01-02-2027', endDate: '2028-01-31' }, 'startDate', DATE_MSG],
    [{ policyType: 'SINGLE', startDate: '2027-02-30', endDate: '2028-01-31' }, 'startDate', DATE_MSG],
    [{ policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028/01/31' }, 'endDate', DATE_MSG],
    [{ policyType: 'SINGLE', endDate: '2028-01-31' }, 'startDate', DATE_MSG],
    [{ policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2027-01-31' }, 'endDate', END_MSG],
  ])('%o -> %s: %s', async (query, field, message) => {
    const r = await quotes(agency.token, query as Record<string, string>)
    expect(r.status).toBe(400)
    expect(r.body.success).toBe(false)
    expect(r.body.errors[field]).toEqual([message])
    expect(Object.keys(r.body.errors)).toEqual([field])
  })

  it('refuses a policy type outside the four', async () => {
    for (const policyType of ['TRIPLE', 'single', '']) {
      const r = await quotes(agency.token, { policyType, startDate: '2027-02-01', endDate: '2028-01-31' })
      expect(r.status).toBe(400)
      expect(Object.keys(r.body.errors)).toEqual(['policyType'])
    }
  })

  it('accepts equal start and end dates (one day)', async () => {
    const r = await quotes(agency.token, {
      policyType: 'COUPLE',
      startDate: '2027-05-05',
      endDate: '2027-05-05',
    })
    expect(r.status).toBe(200)
    expect(r.body.data[0].days).toBe(1)
  })

  it('needs a session (401) and the quote permission (403)', async () => {
    const query = { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' }
    expect((await api('GET', '/insurances/quotes', { query })).status).toBe(401)
    expect((await quotes(await staffWith(['agency_management', 'finance']), query)).status).toBe(403)
    expect((await quotes(await agencyUserWith(agency.id, ['finance', 'purchase']), query)).status).toBe(403)
    // Staff with policy_management only, and an agency user with quote only, may quote.
    expect((await quotes(await staffWith(['policy_management']), query)).status).toBe(200)
    const seller = await quotes(await agencyUserWith(agency.id, ['quote']), query)
    expect(seller.status).toBe(200)
    expect(summary(seller.body.data)).toEqual([
      [NIB, 625.2, null, 56.84],
      [BUPA, 691.2, null, 78.55],
    ])
  })
})

describe('purchase rules', () => {
  async function ruleFor(agencyId: number, values: Partial<typeof purchaseRules.$inferInsert> = {}) {
    const [rule] = await getDb()
      .insert(purchaseRules)
      .values({
        agency_id: agencyId,
        should_buy_insurance_provider_id: NIB,
        should_buy_policy_type: 'SINGLE',
        should_buy_quantity: 3,
        can_buy_insurance_provider_id: BUPA,
        can_buy_policy_type: 'COUPLE',
        ...values,
      })
      .returning()
    return rule
  }
  const couple = { policyType: 'COUPLE', startDate: '2027-02-01', endDate: '2028-01-31' }
  const bupaRow = async (token: string) =>
    (await quotes(token, couple)).body.data.find((q: any) => q.provider.id === BUPA)
  const record = (agencyId: number, providerId: number, policyType: 'SINGLE' | 'COUPLE') =>
    getDb().transaction((tx) => recordPurchaseForRules(tx, { agencyId, providerId, policyType }))
  const price = (agencyId: number) =>
    priceForAgency({
      agencyId,
      providerId: BUPA,
      policyType: 'COUPLE',
      startDate: '2027-02-01',
      endDate: '2028-01-31',
    })

  it('protects the can-buy pair until enough of the should-buy pair were bought', async () => {
    const { agency: a, token } = await agencyWithToken()
    await ruleFor(a.id)
    const protectedRow = await bupaRow(token)
    expect(protectedRow).toMatchObject({
      isProtectedByRule: true,
      purchase_rule: {
        has_bought_quantity: 0,
        should_buy_quantity: 3,
        credits: 0,
        rule_info: 'Buy 3 more SINGLE policies from nib to unlock',
      },
    })
    // Other pairs are not protected: nib COUPLE, and Bupa SINGLE.
    const nibCouple = (await quotes(token, couple)).body.data.find((q: any) => q.provider.id === NIB)
    expect(nibCouple.isProtectedByRule).toBe(false)
    const bupaSingle = (await quotes(token, { ...couple, policyType: 'SINGLE' })).body.data.find(
      (q: any) => q.provider.id === BUPA,
    )
    expect(bupaSingle.isProtectedByRule).toBe(false)
    // Buying it is refused.
    await expect(price(a.id).then(assertNotProtected)).rejects.toMatchObject({ code: 'CONFLICT' })
    await expect(record(a.id, BUPA, 'COUPLE')).rejects.toMatchObject({ code: 'CONFLICT' })

    // Buying the should-buy pair counts down; other purchases do not.
    await record(a.id, NIB, 'SINGLE')
    await record(a.id, NIB, 'COUPLE')
    await record(a.id, BUPA, 'SINGLE')
    expect((await bupaRow(token)).purchase_rule).toMatchObject({
      has_bought_quantity: 1,
      rule_info: 'Buy 2 more SINGLE policies from nib to unlock',
    })
    await record(a.id, NIB, 'SINGLE')
    expect((await bupaRow(token)).purchase_rule.rule_info).toBe('Buy 1 more SINGLE policy from nib to unlock')
    await record(a.id, NIB, 'SINGLE')
    const unlocked = await bupaRow(token)
    expect(unlocked.isProtectedByRule).toBe(false)
    expect(unlocked).not.toHaveProperty('purchase_rule')
    await expect(price(a.id).then(assertNotProtected)).resolves.toBeUndefined()
    await record(a.id, BUPA, 'COUPLE')
  })

  it('a credit lets one protected purchase through and is consumed by it', async () => {
    const { agency: a, token } = await agencyWithToken()
    const rule = await ruleFor(a.id, { credits: 1 })
    expect(await bupaRow(token)).toMatchObject({ isProtectedByRule: true, purchase_rule: { credits: 1 } })
    await expect(price(a.id).then(assertNotProtected)).resolves.toBeUndefined()
    await record(a.id, BUPA, 'COUPLE')
    const [after] = await getDb().select().from(purchaseRules).where(eq(purchaseRules.id, rule.id))
    expect(after).toMatchObject({ credits: 0, has_bought_quantity: 0 })
    expect((await bupaRow(token)).purchase_rule.credits).toBe(0)
    await expect(price(a.id).then(assertNotProtected)).rejects.toMatchObject({ code: 'CONFLICT' })
    await expect(record(a.id, BUPA, 'COUPLE')).rejects.toMatchObject({ code: 'CONFLICT' })
  })

  it("shows the rule that blocks when several lock one pair, and never another agency's rules", async () => {
    const { agency: a, token } = await agencyWithToken()
    await ruleFor(a.id, { credits: 2 })
    await ruleFor(a.id, { should_buy_policy_type: 'FAMILY', should_buy_quantity: 1, credits: 0 })
    expect((await bupaRow(token)).purchase_rule).toMatchObject({
      credits: 0,
      rule_info: 'Buy 1 more FAMILY policy from nib to unlock',
    })
    await expect(price(a.id).then(assertNotProtected)).rejects.toMatchObject({ code: 'CONFLICT' })
    // The first agency has no rules: its Bupa COUPLE quote stays open.
    expect((await bupaRow(agency.token)).isProtectedByRule).toBe(false)
  })
})

describe('GET /insurances/quotesServices', () => {
  it('one row per insurer, one column per policy type, cheapest SINGLE first (staff)', async () => {
    const r = await api('GET', '/insurances/quotesServices', {
      token: staff,
      query: { startDate: '2027-02-01', endDate: '2028-01-31' },
    })
    expect(r.status).toBe(200)
    expect(r.body.policyTypes).toEqual(['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY'])
    expect(r.body.data.map((row: any) => row.provider.id)).toEqual([5, 4, NIB, 6, 2, BUPA])
    const nib = r.body.data.find((row: any) => row.provider.id === NIB)
    expect(Object.keys(nib.quotes)).toEqual(['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY'])
    expect(nib.quotes.SINGLE).toMatchObject({
      premium: 625.2,
      offerPremium: null,
      commission: 0,
      isProtectedByRule: false,
    })
    expect(nib.quotes.COUPLE.premium).toBe(1672.8)
    expect(nib.quotes.SINGLE_PARENT.premium).toBe(1672.8)
    // 16200 x 12 = 194400
    expect(nib.quotes.FAMILY.premium).toBe(1944)
  })

  it('an agency sees its insurers with commission and offers; a missing rate card is a null cell', async () => {
    await getDb()
      .insert(offers)
      .values({ insurance_provider_id: BUPA, start_date: day(-1), end_date: day(1), rate: 10 })
    const [family] = await getDb()
      .select()
      .from(providerRates)
      .where(and(eq(providerRates.provider_id, NIB), eq(providerRates.policy_type, 'FAMILY')))
    // No nib FAMILY card before 2030.
    await getDb()
      .update(providerRates)
      .set({ valid_from: '2030-01-01' })
      .where(eq(providerRates.id, family.id))
    try {
      const r = await api('GET', '/insurances/quotesServices', {
        token: agency.token,
        query: { startDate: '2027-02-01', endDate: '2028-01-31' },
      })
      expect(r.status).toBe(200)
      // Bupa's offer (622.08) makes it cheaper than nib (625.20) for SINGLE, the first column.
      expect(r.body.data.map((row: any) => row.provider.id)).toEqual([BUPA, NIB])
      const [bupa, nib] = r.body.data
      expect(nib.quotes.FAMILY).toBeNull()
      expect(nib.quotes.SINGLE).toMatchObject({ premium: 625.2, commission: 56.84, hasOffer: false })
      // 69120 x 0.9 = 62208; /1.1 = 56552.7 -> 56553; x12.5% = 7069.1 -> 7069
      expect(bupa.quotes.SINGLE).toMatchObject({
        premium: 691.2,
        offerPremium: 622.08,
        offerRate: 10,
        hasOffer: true,
        commission: 70.69,
      })
    } finally {
      await getDb()
        .update(providerRates)
        .set({ valid_from: '2020-01-01' })
        .where(eq(providerRates.id, family.id))
    }
  })

  it('with policyType, only that column; validation as for quotes', async () => {
    const r = await api('GET', '/insurances/quotesServices', {
      token: agency.token,
      query: { policyType: 'COUPLE', startDate: '2027-02-01', endDate: '2028-01-31' },
    })
    expect(r.body.policyTypes).toEqual(['COUPLE'])
    expect(Object.keys(r.body.data[0].quotes)).toEqual(['COUPLE'])
    const bad = await api('GET', '/insurances/quotesServices', {
      token: agency.token,
      query: { startDate: '2027-02-01', endDate: '2027-01-01' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ endDate: [END_MSG] })
  })
})

describe('GET /insurances/getQuoteByProviderId/{ProviderId}', () => {
  const query = { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' }

  it("answers one insurer's quote row", async () => {
    const r = await api('GET', `/insurances/getQuoteByProviderId/${BUPA}`, { token: agency.token, query })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      provider: { id: BUPA, name: 'Bupa' },
      premium: 691.2,
      commission: 78.55,
    })
  })

  it('is a 404 when the insurer cannot quote: not configured for the agency, unknown, or no rate card', async () => {
    expect(
      (await api('GET', '/insurances/getQuoteByProviderId/5', { token: agency.token, query })).status,
    ).toBe(404)
    expect((await api('GET', '/insurances/getQuoteByProviderId/5', { token: staff, query })).status).toBe(200)
    expect((await api('GET', '/insurances/getQuoteByProviderId/77', { token: staff, query })).status).toBe(
      404,
    )
    const early = await api('GET', `/insurances/getQuoteByProviderId/${NIB}`, {
      token: staff,
      query: { ...query, startDate: '2019-06-01', endDate: '2020-05-31' },
    })
    expect(early.status).toBe(404)
    const bad = await api('GET', '/insurances/getQuoteByProviderId/abc', { token: staff, query })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.ProviderId).toEqual(['Not a number'])
  })
})

/** Uploads a small PDF through the presigned-URL flow as `token`; returns its key. */
async function uploadPdf(token: string) {
  const r = await api('POST', '/files/getUploadPresignedUrl', {
    token,
    body: { filename: 'nib-pds.pdf', content_type: 'application/pdf', size: PDF.length, folder: 'private' },
  })
  expect(r.status).toBe(200)
  const url = new URL(r.body.data.url)
  await receiveUpload(
    decodeURIComponent(url.pathname.slice('/files/upload/'.length)),
    url.searchParams,
    'application/pdf',
    PDF,
  )
  return r.body.data.key as string
}

describe('product disclosure statements', () => {
  it('staff with finance upload a PDS; agencies with quote and any staff download it', async () => {
    expect(
      (await api('GET', `/agencies/policy-management/getPdsByProviderId/${NIB}`, { token: agency.token }))
        .status,
    ).toBe(404)
    const key = await uploadPdf(staff)
    const up = await api('POST', '/oshc/pricing/uploadProviderPds', {
      token: staff,
      body: { provider_id: NIB, file_path: key, filename: 'nib OSHC PDS.pdf' },
    })
    expect(up.status).toBe(200)
    expect(up.body.data).toMatchObject({ provider_id: NIB, filename: 'nib OSHC PDS.pdf', file_path: key })

    for (const token of [agency.token, staff, await staffWith(['agency_management'])]) {
      const r = await api('GET', `/agencies/policy-management/getPdsByProviderId/${NIB}`, { token })
      expect(r.status).toBe(200)
      expect(r.body.data).toMatchObject({ provider_id: NIB, filename: 'nib OSHC PDS.pdf' })
      expect(r.body.data.url).toMatch(/^http:\/\/test\.local\/files\//)
    }
    // A new upload replaces the previous one.
    const second = await uploadPdf(staff)
    await api('POST', '/oshc/pricing/uploadProviderPds', {
      token: staff,
      body: { provider_id: NIB, file_path: second, filename: 'nib PDS 2027.pdf' },
    })
    const r = await api('GET', `/agencies/policy-management/getPdsByProviderId/${NIB}`, {
      token: agency.token,
    })
    expect(r.body.data.filename).toBe('nib PDS 2027.pdf')
    // Other insurers still have none.
    expect(
      (await api('GET', `/agencies/policy-management/getPdsByProviderId/${BUPA}`, { token: agency.token }))
        .status,
    ).toBe(404)
  })

  it('refuses a key that is not an uploaded file, an unknown insurer, and callers without finance', async () => {
    const missing = await api('POST', '/oshc/pricing/uploadProviderPds', {
      token: staff,
      body: { provider_id: BUPA, file_path: 'private/nothing-here.pdf', filename: 'pds.pdf' },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.file_path).toEqual(['File not found'])
    const key = await uploadPdf(staff)
    const unknown = await api('POST', '/oshc/pricing/uploadProviderPds', {
      token: staff,
      body: { provider_id: 77, file_path: key, filename: 'pds.pdf' },
    })
    expect(unknown.status).toBe(404)
    const body = { provider_id: BUPA, file_path: key, filename: 'pds.pdf' }
    expect((await api('POST', '/oshc/pricing/uploadProviderPds', { token: agency.token, body })).status).toBe(
      403,
    )
    const noFinance = await staffWith(['agency_management', 'quote'])
    expect((await api('POST', '/oshc/pricing/uploadProviderPds', { token: noFinance, body })).status).toBe(
      403,
    )
    const noQuote = await agencyUserWith(agency.id, ['finance'])
    expect(
      (await api('GET', `/agencies/policy-management/getPdsByProviderId/${NIB}`, { token: noQuote })).status,
    ).toBe(403)
  })
})

describe('exchange rates and GST (staff, finance)', () => {
  it('lists and updates exchange rates from AUD', async () => {
    const list = await api('GET', '/oshc/pricing/getExchangeRates', { token: staff })
    expect(list.status).toBe(200)
    expect(list.body.data.map((r: any) => [r.currency, r.rate])).toEqual([
      ['INR', 55.2],
      ['NPR', 88.5],
      ['USD', 0.65],
    ])
    const put = await api('PUT', '/oshc/pricing/updateExchangeRate', {
      token: staff,
      body: { currency: 'USD', rate: '0.6625' },
    })
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({ base: 'AUD', currency: 'USD', rate: 0.6625 })
    const again = await api('GET', '/oshc/pricing/getExchangeRates', { token: staff })
    expect(again.body.data.find((r: any) => r.currency === 'USD').rate).toBe(0.6625)
  })

  it('refuses a rate of 0 or below, the base currency, and callers without finance', async () => {
    for (const rate of [0, -1]) {
      const r = await api('PUT', '/oshc/pricing/updateExchangeRate', {
        token: staff,
        body: { currency: 'NPR', rate },
      })
      expect(r.status).toBe(400)
      expect(r.body.errors.rate).toEqual(['Rate must be more than 0'])
    }
    const aud = await api('PUT', '/oshc/pricing/updateExchangeRate', {
      token: staff,
      body: { currency: 'AUD', rate: 1 },
    })
    expect(aud.status).toBe(400)
    expect(Object.keys(aud.body.errors)).toEqual(['currency'])
    const noFinance = await staffWith(['quote'])
    expect((await api('GET', '/oshc/pricing/getExchangeRates', { token: noFinance })).status).toBe(403)
    expect((await api('GET', '/oshc/pricing/getExchangeRates', { token: agency.token })).status).toBe(403)
    expect((await api('GET', '/oshc/pricing/getExchangeRates')).status).toBe(401)
  })

  it('keeps GST and card surcharge within 0..100', async () => {
    const high = await api('PUT', '/oshc/pricing/updateGstRate', {
      token: staff,
      body: { gst_rate: 100.01, card_surcharge_rate: -1 },
    })
    expect(high.status).toBe(400)
    expect(high.body.errors).toEqual({
      gst_rate: ['must be at most 100'],
      card_surcharge_rate: ['must be at least 0'],
    })
    const edge = await api('PUT', '/oshc/pricing/updateGstRate', {
      token: staff,
      body: { gst_rate: 0, card_surcharge_rate: 100 },
    })
    expect(edge.status).toBe(200)
    expect(
      (
        await api('PUT', '/oshc/pricing/updateGstRate', {
          token: agency.token,
          body: { gst_rate: 1, card_surcharge_rate: 1 },
        })
      ).status,
    ).toBe(403)
  })
})

describe('screens (loaders and actions, as a browser without JavaScript sends them)', () => {
  const ORIGIN = 'http://test.local'
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (path: string, form: FormData | Record<string, string>, token = staff) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
      body: form instanceof FormData ? form : new URLSearchParams(form),
    })
  const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })
  /** An action's answer: a redirect Response, or Remix `data()` holding Conform's reply. */
  function reply(result: unknown): {
    status: number
    location: string | null
    error: Record<string, string[] | null>
  } {
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get('location'), error: {} }
    const r = result as {
      data: { error?: Record<string, string[] | null> }
      init: { status?: number } | null
    }
    return { status: r.init?.status ?? 200, location: null, error: r.data.error ?? {} }
  }
  async function thrown(p: Promise<unknown>) {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(Response)
    return err as Response
  }

  it('/agency/quotes: an empty form first, then quotes cheapest first, or the exact messages', async () => {
    const empty = await agencyQuotesPage.loader(args(get('/agency/quotes', agency.token)))
    expect(empty).toMatchObject({ searched: false, quotes: [], errors: {} })
    const page = await agencyQuotesPage.loader(
      args(get('/agency/quotes?startDate=2027-02-01&endDate=2028-01-31&policyType=COUPLE', agency.token)),
    )
    expect(page.errors).toEqual({})
    expect(summary(page.quotes)).toEqual([
      [NIB, 1672.8, null, 152.07],
      [BUPA, 1824, null, 207.27],
    ])
    // The insurers left out say why: the four the agency has no commission for are not set up.
    expect(page.unquoted.map((u) => [u.id, u.reason])).toEqual([
      [2, 'Not set up for your agency'],
      [4, 'Not set up for your agency'],
      [5, 'Not set up for your agency'],
      [6, 'Not set up for your agency'],
    ])
    const bad = await agencyQuotesPage.loader(
      args(get('/agency/quotes?startDate=2027-02-01&endDate=2027-01-01&policyType=COUPLE', agency.token)),
    )
    expect(bad).toMatchObject({ searched: true, quotes: [], errors: { endDate: [END_MSG] } })
    const malformed = await agencyQuotesPage.loader(
      args(get('/agency/quotes?startDate=1.2.2027&endDate=&policyType=COUPLE', agency.token)),
    )
    expect(malformed.errors).toEqual({ startDate: [DATE_MSG], endDate: [DATE_MSG] })
    // Agency users without quote, and staff, are refused.
    const seller = await agencyUserWith(agency.id, ['purchase'])
    expect((await thrown(agencyQuotesPage.loader(args(get('/agency/quotes', seller))))).status).toBe(403)
    expect((await thrown(agencyQuotesPage.loader(args(get('/agency/quotes', staff))))).status).toBe(403)
  })

  it('/staff/quotes: the comparison table; an unknown agency id is reported under its field', async () => {
    const page = await staffQuotesPage.loader(
      args(
        get(
          `/staff/quotes?startDate=2027-02-01&endDate=2028-01-31&policyType=&agency_id=${agency.id}`,
          staff,
        ),
      ),
    )
    expect(page.errors).toEqual({})
    expect(page.policyTypes).toEqual(['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY'])
    expect(page.rows.map((r) => r.provider.id)).toEqual([NIB, BUPA])
    expect(page.rows[0].quotes.SINGLE).toMatchObject({ premium: 625.2, commission: 56.84 })
    const unknown = await staffQuotesPage.loader(
      args(get('/staff/quotes?startDate=2027-02-01&endDate=2028-01-31&agency_id=99999999', staff)),
    )
    expect(unknown.errors).toEqual({ agency_id: ['Agency not found'] })
    const financeOnly = await staffWith(['finance'])
    expect((await thrown(staffQuotesPage.loader(args(get('/staff/quotes', financeOnly))))).status).toBe(403)
  })

  it('/staff/pricing: add, refuse and delete a rate card', async () => {
    const card = { intent: 'create', provider_id: '6', policy_type: 'FAMILY', currency: 'AUD' }
    const invalid = reply(
      await rateCardsPage.action(
        args(
          post('/staff/pricing', {
            ...card,
            monthly_rate: '0',
            valid_from: '2019-01-01',
            valid_to: '2018-12-31',
          }),
        ),
      ),
    )
    expect(invalid.status).toBe(400)
    expect(invalid.error).toEqual({
      monthly_rate: ['Monthly rate must be more than 0'],
    })
    const window = reply(
      await rateCardsPage.action(
        args(
          post('/staff/pricing', {
            ...card,
            monthly_rate: '150',
            valid_from: '2019-01-01',
            valid_to: '2018-12-31',
          }),
        ),
      ),
    )
    expect(window.error).toEqual({ valid_to: ['Valid to must not be before valid from'] })
    const overlap = reply(
      await rateCardsPage.action(
        args(
          post('/staff/pricing', { ...card, monthly_rate: '150', valid_from: '2019-01-01', valid_to: '' }),
        ),
      ),
    )
    expect(overlap.status).toBe(409)
    expect(overlap.error['']).toEqual([
      'A FAMILY rate card for Medibank already covers 2020-01-01 to an open end',
    ])
    const created = reply(
      await rateCardsPage.action(
        args(
          post('/staff/pricing', {
            ...card,
            monthly_rate: '150',
            valid_from: '2019-01-01',
            valid_to: '2019-12-31',
          }),
        ),
      ),
    )
    expect(created).toMatchObject({ status: 302, location: '/staff/pricing' })
    const [row] = await getDb()
      .select()
      .from(providerRates)
      .where(and(eq(providerRates.provider_id, 6), eq(providerRates.valid_from, '2019-01-01')))
    expect(row).toMatchObject({ policy_type: 'FAMILY', monthly_rate: '150.00', valid_to: '2019-12-31' })
    const listed = await rateCardsPage.loader(args(get(`/staff/pricing?edit=${row.id}`, staff)))
    expect(listed.editing).toBe(row.id)
    expect(listed.cards).toHaveLength(25)
    const deleted = reply(
      await rateCardsPage.action(args(post('/staff/pricing', { intent: 'delete', id: String(row.id) }))),
    )
    expect(deleted).toMatchObject({ status: 302, location: '/staff/pricing' })
    expect(await getDb().select().from(providerRates).where(eq(providerRates.id, row.id))).toEqual([])
    const quoter = await staffWith(['quote'])
    expect((await thrown(rateCardsPage.loader(args(get('/staff/pricing', quoter))))).status).toBe(403)
  })

  it('/staff/pricing/gst: saves GST and exchange rates with messages under the fields', async () => {
    const bad = reply(
      await gstPage.action(
        args(post('/staff/pricing/gst', { intent: 'gst', gst_rate: '101', card_surcharge_rate: '1.5' })),
      ),
    )
    expect(bad.error).toEqual({ gst_rate: ['must be at most 100'] })
    const saved = reply(
      await gstPage.action(
        args(post('/staff/pricing/gst', { intent: 'gst', gst_rate: '12.5', card_surcharge_rate: '2' })),
      ),
    )
    expect(saved).toMatchObject({ status: 302, location: '/staff/pricing/gst' })
    const [gst] = await getDb().select().from(gstRates)
    expect(gst).toMatchObject({ gst_rate: '12.50', card_surcharge_rate: '2.00' })
    const zero = reply(
      await gstPage.action(
        args(post('/staff/pricing/gst', { intent: 'exchange', currency: 'INR', rate: '0' })),
      ),
    )
    expect(zero.error).toEqual({ rate: ['Rate must be more than 0'] })
    expect(
      reply(
        await gstPage.action(
          args(post('/staff/pricing/gst', { intent: 'exchange', currency: 'INR', rate: '56.1' })),
        ),
      ).status,
    ).toBe(302)
    const page = await gstPage.loader(args(get('/staff/pricing/gst', staff)))
    expect(page.gst).toMatchObject({ gst_rate: 12.5, card_surcharge_rate: 2 })
    expect(page.rates.find((r) => r.currency === 'INR')?.rate).toBe(56.1)
  })

  it('/staff/pricing/documents: uploads a PDS from a file input; agencies open it from their quotes', async () => {
    const form = new FormData()
    form.set('provider_id', String(BUPA))
    form.set('pds', new File([PDF], 'bupa-pds.pdf', { type: 'application/pdf' }))
    const saved = reply(await documentsPage.action(args(post('/staff/pricing/documents', form))))
    expect(saved).toMatchObject({ status: 302, location: '/staff/pricing/documents' })
    const page = await documentsPage.loader(args(get('/staff/pricing/documents', staff)))
    expect(page.providers.find((p) => p.id === BUPA)).toMatchObject({ filename: 'bupa-pds.pdf' })
    const open = await agencyPdsRoute.loader(
      args(get(`/agency/quotes/pds/${BUPA}`, agency.token), { providerId: String(BUPA) }),
    )
    expect(open.status).toBe(302)
    expect(open.headers.get('location')).toMatch(/^http:\/\/test\.local\/files\//)
    const quotesPage = await agencyQuotesPage.loader(
      args(get('/agency/quotes?startDate=2027-02-01&endDate=2028-01-31&policyType=SINGLE', agency.token)),
    )
    expect(quotesPage.pds).toContain(BUPA)
    // No file chosen: the message sits under the file input.
    const none = new FormData()
    none.set('provider_id', String(BUPA))
    const missing = reply(await documentsPage.action(args(post('/staff/pricing/documents', none))))
    expect(missing.status).toBe(400)
    expect(missing.error.pds).toEqual(['Choose a file to upload'])
    expect(
      (
        await thrown(
          agencyPdsRoute.loader(args(get('/agency/quotes/pds/6', agency.token), { providerId: '6' })),
        )
      ).status,
    ).toBe(404)
  })
})

// Last: these tests move the nib SINGLE rate card, and put it back.
describe('rate cards (staff, finance)', () => {
  const BASE = '/oshc/pricing'
  const seedCard = async () =>
    (
      await getDb()
        .select()
        .from(providerRates)
        .where(and(eq(providerRates.provider_id, NIB), eq(providerRates.policy_type, 'SINGLE')))
    )[0]

  it('lists the seeded cards by insurer and type, filterable', async () => {
    const all = await api('GET', `${BASE}/getRateCards`, { token: staff })
    expect(all.status).toBe(200)
    expect(all.body.data).toHaveLength(24)
    const nib = await api('GET', `${BASE}/getRateCards`, {
      token: staff,
      query: { provider_id: '1', policy_type: 'SINGLE' },
    })
    expect(nib.body.data).toEqual([
      expect.objectContaining({
        provider_id: NIB,
        provider: { id: NIB, name: 'nib' },
        policy_type: 'SINGLE',
        monthly_rate: 52.1,
        currency: 'AUD',
        valid_from: '2020-01-01',
        valid_to: null,
      }),
    ])
  })

  it('creates, updates and deletes cards; quotes follow; overlapping windows are a 409', async () => {
    const seed = await seedCard()
    const body = { provider_id: NIB, policy_type: 'SINGLE', monthly_rate: 60, valid_from: '2026-07-01' }
    // The seeded card is open-ended: a new one overlaps.
    const clash = await api('POST', `${BASE}/createRateCard`, { token: staff, body })
    expect(clash.status).toBe(409)
    expect(clash.body.message).toBe('A SINGLE rate card for nib already covers 2020-01-01 to an open end')

    const close = await api('PUT', `${BASE}/updateRateCard/${seed.id}`, {
      token: staff,
      body: {
        provider_id: NIB,
        policy_type: 'SINGLE',
        monthly_rate: '52.10',
        valid_from: '2020-01-01',
        valid_to: '2026-06-30',
      },
    })
    expect(close.status).toBe(200)
    expect(close.body.data).toMatchObject({ id: seed.id, valid_to: '2026-06-30', monthly_rate: 52.1 })
    try {
      const created = await api('POST', `${BASE}/createRateCard`, { token: staff, body })
      expect(created.status).toBe(201)
      expect(created.body.data).toMatchObject({
        monthly_rate: 60,
        valid_from: '2026-07-01',
        valid_to: null,
        currency: 'AUD',
      })
      const id = created.body.data.id

      // The card valid on the start date prices the whole policy: 6000 x 12 = 72000.
      const july = await quotes(agency.token, {
        policyType: 'SINGLE',
        startDate: '2026-07-01',
        endDate: '2027-06-30',
      })
      expect(july.body.data.find((q: any) => q.provider.id === NIB).premium).toBe(720)
      const june = await quotes(agency.token, {
        policyType: 'SINGLE',
        startDate: '2026-06-30',
        endDate: '2027-06-29',
      })
      expect(june.body.data.find((q: any) => q.provider.id === NIB).premium).toBe(625.2)

      // Moving the new card into the old window, or a second card in it, is refused.
      const overlapUpdate = await api('PUT', `${BASE}/updateRateCard/${id}`, {
        token: staff,
        body: { ...body, valid_from: '2026-06-01' },
      })
      expect(overlapUpdate.status).toBe(409)
      const inside = await api('POST', `${BASE}/createRateCard`, {
        token: staff,
        body: { ...body, valid_from: '2025-01-01', valid_to: '2025-12-31' },
      })
      expect(inside.status).toBe(409)
      // Its own window may change freely (it is not compared with itself).
      const updated = await api('PUT', `${BASE}/updateRateCard/${id}`, {
        token: staff,
        body: { ...body, monthly_rate: '61.5', valid_to: '2028-12-31' },
      })
      expect(updated.status).toBe(200)
      expect(updated.body.data).toMatchObject({ monthly_rate: 61.5, valid_to: '2028-12-31' })

      const del = await api('DELETE', `${BASE}/deleteRateCard/${id}`, { token: staff })
      expect(del.status).toBe(200)
      expect(del.body.data).toEqual({ id })
      // No nib SINGLE card from July 2026 any more: nib drops out of those quotes.
      const after = await quotes(agency.token, {
        policyType: 'SINGLE',
        startDate: '2026-07-01',
        endDate: '2027-06-30',
      })
      expect(after.body.data.map((q: any) => q.provider.id)).toEqual([BUPA])
      expect((await api('DELETE', `${BASE}/deleteRateCard/${id}`, { token: staff })).status).toBe(404)
      expect((await api('PUT', `${BASE}/updateRateCard/${id}`, { token: staff, body })).status).toBe(404)
    } finally {
      await getDb().update(providerRates).set({ valid_to: null }).where(eq(providerRates.id, seed.id))
    }
  })

  it('validates the monthly rate and the window', async () => {
    const base = { provider_id: 2, policy_type: 'FAMILY', valid_from: '2031-01-01' }
    for (const monthly_rate of [0, -5, '0.00']) {
      const r = await api('POST', `${BASE}/createRateCard`, { token: staff, body: { ...base, monthly_rate } })
      expect(r.status).toBe(400)
      expect(r.body.errors.monthly_rate).toEqual(['Monthly rate must be more than 0'])
    }
    const window = await api('POST', `${BASE}/createRateCard`, {
      token: staff,
      body: { ...base, monthly_rate: 10, valid_to: '2030-12-31' },
    })
    expect(window.status).toBe(400)
    expect(window.body.errors).toEqual({ valid_to: ['Valid to must not be before valid from'] })
    const dates = await api('POST', `${BASE}/createRateCard`, {
      token: staff,
      body: { ...base, monthly_rate: 10, valid_from: '2031-13-01' },
    })
    expect(dates.body.errors.valid_from).toEqual([DATE_MSG])
    const unknown = await api('POST', `${BASE}/createRateCard`, {
      token: staff,
      body: { ...base, provider_id: 77, monthly_rate: 10 },
    })
    expect(unknown.status).toBe(404)
  })

  it('needs staff with finance', async () => {
    const body = { provider_id: 2, policy_type: 'FAMILY', monthly_rate: 10, valid_from: '2031-01-01' }
    expect((await api('GET', `${BASE}/getRateCards`)).status).toBe(401)
    expect((await api('GET', `${BASE}/getRateCards`, { token: agency.token })).status).toBe(403)
    const quoter = await staffWith(['quote', 'policy_management', 'agency_management'])
    expect((await api('GET', `${BASE}/getRateCards`, { token: quoter })).status).toBe(403)
    expect((await api('POST', `${BASE}/createRateCard`, { token: quoter, body })).status).toBe(403)
    expect((await api('DELETE', `${BASE}/deleteRateCard/1`, { token: quoter })).status).toBe(403)
    const finance = await staffWith(['finance'])
    expect((await api('GET', `${BASE}/getRateCards`, { token: finance })).status).toBe(200)
  })
})
