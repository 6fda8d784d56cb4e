import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { businessDay } from '../../domain/shared/clock'
import { identities, offers } from '../../db/schema'
import { ADMIN, agencyUserWith, agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import * as offersPage from '../../app/routes/staff+/pricing.offers._index'
import * as offerPage from '../../app/routes/staff+/pricing.offers.$offerId'

const NIB = 1
const BUPA = 3
const END_MSG = 'End date must be greater than start date'

let staff: string
let agency: string

/** The business day (Sydney) `offset` days from now: what offers are valid on. */
const day = (offset: number) => businessDay(new Date(Date.now() + offset * 86_400_000))

const offerBody = (overrides: Record<string, unknown> = {}) => ({
  insurance_provider_id: NIB,
  start_date: day(-1),
  end_date: day(30),
  is_active: true,
  rate: 10,
  type: 'DISCOUNT',
  ...overrides,
})

const create = (body: Record<string, unknown>, token = staff) =>
  api('POST', '/offer/createOffer', { token, body })

let agencyId: number

beforeAll(async () => {
  staff = await staffToken()
  const a = await agencyWithToken()
  agency = a.token
  agencyId = a.agency.id
})

describe('POST /offer/createOffer', () => {
  it('creates an offer (201) and answers it with its insurer', async () => {
    const r = await create(offerBody({ insurance_provider_id: BUPA, rate: 12 }))
    expect(r.status).toBe(201)
    expect(r.body.message).toBe('Offer created')
    expect(r.body.data).toEqual({
      id: expect.any(Number),
      insurance_provider_id: BUPA,
      start_date: day(-1),
      end_date: day(30),
      is_active: true,
      rate: 12,
      type: 'DISCOUNT',
      is_current: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      provider: { id: BUPA, name: 'Bupa', display_name: 'Bupa OSHC', logo: null, short_name: 'BUPA' },
    })
    const [row] = await getDb().select().from(offers).where(eq(offers.id, r.body.data.id))
    const [admin] = await getDb().select().from(identities).where(eq(identities.email, ADMIN.email))
    expect(row).toMatchObject({
      insurance_provider_id: BUPA,
      rate: 12,
      is_active: true,
      created_by: admin.id,
    })
  })

  it('defaults is_active to true and type to DISCOUNT; equal start and end dates are one day', async () => {
    const r = await create({ insurance_provider_id: NIB, start_date: day(5), end_date: day(5), rate: '7' })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ is_active: true, type: 'DISCOUNT', rate: 7, is_current: false })
  })

  it.each([
    [0, 'Rate must be above 0'],
    [-5, 'Rate must be above 0'],
    [51, 'Rate must be below 50'],
    [100, 'Rate must be below 50'],
    ['', 'Rate is required'],
    [undefined, 'Rate is required'],
    ['ten', 'Rate must be a number'],
    [12.5, 'Rate must be a whole number'],
  ])('rate %s -> %s', async (rate, message) => {
    const r = await create(offerBody({ rate }))
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({ rate: [message] })
  })

  it('accepts the bounds 1 and 50', async () => {
    expect((await create(offerBody({ rate: 1 }))).status).toBe(201)
    expect((await create(offerBody({ rate: 50 }))).status).toBe(201)
  })

  it('refuses an end date before the start date on end_date, malformed dates, another type', async () => {
    const back = await create(offerBody({ start_date: '2027-05-02', end_date: '2027-05-01' }))
    expect(back.status).toBe(400)
    expect(back.body.errors).toEqual({ end_date: [END_MSG] })
    const bad = await create(offerBody({ start_date: '2027-5-2' }))
    expect(bad.body.errors).toEqual({ start_date: ['must be in the format of YYYY-MM-DD'] })
    const type = await create(offerBody({ type: 'CASHBACK' }))
    expect(type.body.errors).toEqual({ type: ['type must be DISCOUNT'] })
  })

  it('is a 404 for an unknown insurer', async () => {
    const r = await create(offerBody({ insurance_provider_id: 77 }))
    expect(r.status).toBe(404)
  })
})

describe('GET /offer/getAllOffers and getOfferById', () => {
  it('lists offers newest first, paged with pageInfo', async () => {
    const made: number[] = []
    for (const rate of [21, 22, 23]) made.push((await create(offerBody({ rate }))).body.data.id)
    const total = (await getDb().select().from(offers)).length
    const first = await api('GET', '/offer/getAllOffers', {
      token: staff,
      query: { page: '1', perPage: '2' },
    })
    expect(first.status).toBe(200)
    expect(first.body.data.map((o: any) => o.id)).toEqual([made[2], made[1]])
    expect(first.body.pageInfo).toEqual({ page: 1, perPage: 2, total, totalPages: Math.ceil(total / 2) })
    expect(first.body.data[0].provider).toEqual({
      id: NIB,
      name: 'nib',
      display_name: 'nib OSHC',
      logo: null,
      short_name: 'NIB',
    })
    const second = await api('GET', '/offer/getAllOffers', {
      token: staff,
      query: { page: '2', perPage: '2' },
    })
    expect(second.body.data[0].id).toBe(made[0])
    const past = await api('GET', '/offer/getAllOffers', {
      token: staff,
      query: { page: '999', perPage: '2' },
    })
    expect(past.body.data).toEqual([])
    expect(past.body.pageInfo.total).toBe(total)
    const badPage = await api('GET', '/offer/getAllOffers', { token: staff, query: { page: 'x' } })
    expect(badPage.status).toBe(400)
  })

  it('reads one offer; an unknown id is a 404', async () => {
    const made = (await create(offerBody({ rate: 33, insurance_provider_id: BUPA }))).body.data
    const r = await api('GET', `/offer/getOfferById/${made.id}`, { token: staff })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual(made)
    expect((await api('GET', '/offer/getOfferById/99999999', { token: staff })).status).toBe(404)
    expect((await api('GET', '/offer/getOfferById/abc', { token: staff })).body.errors).toEqual({
      id: ['Not a number'],
    })
  })
})

describe('PUT /offer/updateOffer/{id}', () => {
  it('changes the fields given and keeps the others', async () => {
    const made = (await create(offerBody({ rate: 15 }))).body.data
    const r = await api('PUT', `/offer/updateOffer/${made.id}`, {
      token: staff,
      body: { rate: 20, is_active: false },
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      id: made.id,
      rate: 20,
      is_active: false,
      is_current: false,
      start_date: made.start_date,
      end_date: made.end_date,
      insurance_provider_id: NIB,
    })
    const moved = await api('PUT', `/offer/updateOffer/${made.id}`, {
      token: staff,
      body: offerBody({ insurance_provider_id: BUPA, rate: 25, start_date: day(-2), end_date: day(2) }),
    })
    expect(moved.body.data).toMatchObject({
      provider: { id: BUPA, name: 'Bupa' },
      rate: 25,
      is_active: true,
      start_date: day(-2),
      end_date: day(2),
    })
  })

  it('checks the rate and the dates, also against the stored ones', async () => {
    const made = (await create(offerBody({ start_date: '2027-03-01', end_date: '2027-03-31' }))).body.data
    const put = (body: Record<string, unknown>) =>
      api('PUT', `/offer/updateOffer/${made.id}`, { token: staff, body })
    expect((await put({ rate: 0 })).body.errors).toEqual({ rate: ['Rate must be above 0'] })
    expect((await put({ rate: 51 })).body.errors).toEqual({ rate: ['Rate must be below 50'] })
    const before = await put({ end_date: '2027-02-28' })
    expect(before.status).toBe(400)
    expect(before.body.errors).toEqual({ end_date: [END_MSG] })
    const both = await put({ start_date: '2027-04-02', end_date: '2027-04-01' })
    expect(both.body.errors).toEqual({ end_date: [END_MSG] })
    // Moving the start past the stored end needs a new end too.
    expect((await put({ start_date: '2027-04-01' })).body.errors).toEqual({ end_date: [END_MSG] })
    expect((await put({ start_date: '2027-04-01', end_date: '2027-04-30' })).status).toBe(200)
    expect((await put({ insurance_provider_id: 77 })).status).toBe(404)
    const [row] = await getDb().select().from(offers).where(eq(offers.id, made.id))
    expect(row).toMatchObject({
      start_date: '2027-04-01',
      end_date: '2027-04-30',
      rate: 10,
      insurance_provider_id: NIB,
    })
    expect(
      (await api('PUT', '/offer/updateOffer/99999999', { token: staff, body: { rate: 5 } })).status,
    ).toBe(404)
  })
})

describe('GET /offer/getActiveOfferByProviderId/{providerId}', () => {
  it('answers the running offer with the highest rate, or null', async () => {
    await getDb().delete(offers)
    const none = await api('GET', `/offer/getActiveOfferByProviderId/${BUPA}`, { token: staff })
    expect(none.status).toBe(200)
    expect(none.body.data).toBeNull()
    expect(none.body.message).toBe('No active offer')

    await create(
      offerBody({ insurance_provider_id: BUPA, rate: 40, start_date: day(-10), end_date: day(-1) }),
    )
    await create(offerBody({ insurance_provider_id: BUPA, rate: 45, start_date: day(1), end_date: day(10) }))
    await create(offerBody({ insurance_provider_id: BUPA, rate: 50, is_active: false }))
    await create(offerBody({ insurance_provider_id: NIB, rate: 30 }))
    expect(
      (await api('GET', `/offer/getActiveOfferByProviderId/${BUPA}`, { token: staff })).body.data,
    ).toBeNull()

    const low = (await create(offerBody({ insurance_provider_id: BUPA, rate: 5 }))).body.data
    const high = (
      await create(offerBody({ insurance_provider_id: BUPA, rate: 20, start_date: day(0), end_date: day(0) }))
    ).body.data
    const r = await api('GET', `/offer/getActiveOfferByProviderId/${BUPA}`, { token: agency })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ id: high.id, rate: 20, is_current: true, provider: { id: BUPA } })
    // The quote applies the same offer.
    const quote = await api('GET', `/insurances/getQuoteByProviderId/${BUPA}`, {
      token: agency,
      query: { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' },
    })
    expect(quote.body.data.offer).toEqual({ hasOffer: true, offerPremium: 552.96, rate: 20 })
    // Ending the best offer hands over to the next one.
    await api('PUT', `/offer/updateOffer/${high.id}`, { token: staff, body: { is_active: false } })
    const next = await api('GET', `/offer/getActiveOfferByProviderId/${BUPA}`, { token: staff })
    expect(next.body.data.id).toBe(low.id)
    expect((await api('GET', '/offer/getActiveOfferByProviderId/77', { token: staff })).status).toBe(404)
  })

  it('is open to staff with policy_management or finance and to the agency side with quote', async () => {
    const path = `/offer/getActiveOfferByProviderId/${NIB}`
    expect((await api('GET', path)).status).toBe(401)
    expect((await api('GET', path, { token: await staffWith(['policy_management']) })).status).toBe(200)
    expect((await api('GET', path, { token: await staffWith(['finance']) })).status).toBe(200)
    expect((await api('GET', path, { token: await staffWith(['quote', 'agency_management']) })).status).toBe(
      403,
    )
    expect((await api('GET', path, { token: await agencyUserWith(agencyId, ['quote']) })).status).toBe(200)
    expect(
      (await api('GET', path, { token: await agencyUserWith(agencyId, ['purchase', 'finance']) })).status,
    ).toBe(403)
  })
})

describe('offer permissions', () => {
  it('every other offer call needs staff with finance', async () => {
    const made = (await create(offerBody())).body.data
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/offer/createOffer', offerBody()],
      ['GET', '/offer/getAllOffers'],
      ['GET', `/offer/getOfferById/${made.id}`],
      ['PUT', `/offer/updateOffer/${made.id}`, { rate: 5 }],
    ]
    const policyStaff = await staffWith([
      'policy_management',
      'quote',
      'agency_management',
      'user_management',
    ])
    const finance = await staffWith(['finance'])
    // A refused update changes nothing.
    for (const token of [agency, policyStaff]) {
      await api('PUT', `/offer/updateOffer/${made.id}`, { token, body: { rate: 7 } })
    }
    expect((await getDb().select().from(offers).where(eq(offers.id, made.id)))[0].rate).toBe(10)
    for (const [method, path, body] of calls) {
      expect((await api(method, path, { body })).status, `${method} ${path} signed out`).toBe(401)
      expect((await api(method, path, { token: agency, body })).status, `${method} ${path} agency`).toBe(403)
      expect((await api(method, path, { token: policyStaff, body })).status, `${method} ${path} staff`).toBe(
        403,
      )
      expect(
        (await api(method, path, { token: finance, body })).status,
        `${method} ${path} finance`,
      ).toBeLessThan(300)
    }
    expect((await getDb().select().from(offers).where(eq(offers.id, made.id)))[0].rate).toBe(5)
  })
})

describe('screens: /staff/pricing/offers', () => {
  const ORIGIN = 'http://test.local'
  const get = (path: string, token = staff) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (path: string, form: Record<string, string>, token = staff) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
      body: new URLSearchParams(form),
    })
  const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })
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
  const form = (overrides: Record<string, string> = {}) => ({
    insurance_provider_id: String(BUPA),
    rate: '15',
    start_date: day(-1),
    end_date: day(10),
    is_active: 'true',
    type: 'DISCOUNT',
    ...overrides,
  })

  it('creates an offer from the form; rate messages appear under the rate field', async () => {
    for (const [rate, message] of [
      ['0', 'Rate must be above 0'],
      ['51', 'Rate must be below 50'],
    ]) {
      const r = reply(await offersPage.action(args(post('/staff/pricing/offers', form({ rate })))))
      expect(r.status).toBe(400)
      expect(r.error).toEqual({ rate: [message] })
    }
    const back = reply(
      await offersPage.action(
        args(post('/staff/pricing/offers', form({ start_date: '2027-02-02', end_date: '2027-02-01' }))),
      ),
    )
    expect(back.error).toEqual({ end_date: [END_MSG] })
    const created = reply(await offersPage.action(args(post('/staff/pricing/offers', form({ rate: '17' })))))
    expect(created).toMatchObject({ status: 302, location: '/staff/pricing/offers' })
    const page = await offersPage.loader(args(get('/staff/pricing/offers?perPage=1')))
    expect(page.offers).toEqual([
      expect.objectContaining({ provider: 'Bupa', rate: 17, start_date: day(-1), state: 'Running' }),
    ])
    expect(page.pageInfo.perPage).toBe(1)
    const inactive = reply(
      await offersPage.action(args(post('/staff/pricing/offers', form({ rate: '3', is_active: 'false' })))),
    )
    expect(inactive.status).toBe(302)
    const [row] = await getDb().select().from(offers).where(eq(offers.rate, 3))
    expect(row.is_active).toBe(false)
  })

  it('edits an offer; another staff member without finance is refused', async () => {
    const made = (await create(offerBody({ rate: 9 }))).body.data
    const params = { offerId: String(made.id) }
    const page = await offerPage.loader(args(get(`/staff/pricing/offers/${made.id}`), params))
    expect(page.offer).toMatchObject({ id: made.id, rate: 9 })
    const bad = reply(
      await offerPage.action(
        args(post(`/staff/pricing/offers/${made.id}`, form({ rate: '60', end_date: day(-5) })), params),
      ),
    )
    expect(bad.status).toBe(400)
    expect(bad.error).toEqual({ rate: ['Rate must be below 50'], end_date: [END_MSG] })
    const saved = reply(
      await offerPage.action(args(post(`/staff/pricing/offers/${made.id}`, form({ rate: '11' })), params)),
    )
    expect(saved).toMatchObject({ status: 302, location: '/staff/pricing/offers' })
    const [row] = await getDb().select().from(offers).where(eq(offers.id, made.id))
    expect(row).toMatchObject({ rate: 11, insurance_provider_id: BUPA })
    expect(
      (await thrown(offerPage.loader(args(get('/staff/pricing/offers/99999999'), { offerId: '99999999' }))))
        .status,
    ).toBe(404)
    const policyStaff = await staffWith(['policy_management'])
    expect(
      (await thrown(offerPage.loader(args(get(`/staff/pricing/offers/${made.id}`, policyStaff), params))))
        .status,
    ).toBe(403)
    expect(
      (await thrown(offersPage.action(args(post('/staff/pricing/offers', form(), policyStaff))))).status,
    ).toBe(403)
  })
})
