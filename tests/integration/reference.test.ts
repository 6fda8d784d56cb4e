import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, ilike, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cities, states } from '../../db/schema'
import { sendMail } from '../../domain/mail/mailer'
import { config } from '../../domain/shared/config'
import { agencyWithToken, api, staffToken } from '../setup/api'

type Country = { id: number; name: string; iso2: string }
type State = { id: number; name: string; state_code: string | null; country_id: number }
type City = { id: number; name: string; state_id: number }

let staff: string
let agency: string
let australia: Country
let nsw: State

beforeAll(async () => {
  staff = await staffToken()
  agency = (await agencyWithToken()).token
  const countries = await api('GET', '/addresses/countries')
  australia = (countries.body.data as Country[]).find((c) => c.iso2 === 'AU')!
  const st = await api('GET', '/addresses/statesByCountryId', { query: { country_id: String(australia.id) } })
  nsw = (st.body.data as State[]).find((s) => s.state_code === 'NSW')!
})

const countCities = async (stateId: number, search?: string) => {
  const where = search
    ? and(eq(cities.state_id, stateId), ilike(cities.name, `%${search}%`))
    : eq(cities.state_id, stateId)
  const [{ n }] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(cities)
    .where(where)
  return n
}

describe('countries and states (public)', () => {
  it('lists every country by name, Australia included, without a session', async () => {
    const r = await api('GET', '/addresses/countries')
    expect(r.status).toBe(200)
    const data = r.body.data as Country[]
    expect(data.length).toBeGreaterThan(200)
    expect(data[0].name).toBe('Afghanistan')
    expect(australia).toMatchObject({ name: 'Australia', iso2: 'AU' })
    expect(Object.keys(data[0]).sort()).toEqual(
      [
        'capital',
        'currency',
        'currency_name',
        'currency_symbol',
        'flag_url',
        'id',
        'iso2',
        'iso3',
        'name',
        'numeric_code',
        'phone_code',
      ].sort(),
    )
  })

  it("lists Australia's states", async () => {
    const r = await api('GET', '/addresses/statesByCountryId', {
      query: { country_id: String(australia.id) },
    })
    expect(r.status).toBe(200)
    const data = r.body.data as State[]
    expect(data.map((s) => s.name)).toEqual(
      expect.arrayContaining(['New South Wales', 'Victoria', 'Queensland']),
    )
    expect(data.every((s) => s.country_id === australia.id)).toBe(true)
    expect(nsw).toMatchObject({ name: 'New South Wales', state_code: 'NSW' })
  })

  it("answers 'Not a number' for a country_id that is not a number", async () => {
    const r = await api('GET', '/addresses/statesByCountryId', { query: { country_id: 'abc' } })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('Not a number')
    expect(r.body.errors.country_id).toEqual(['Not a number'])
  })
})

describe('cities by state (public, paged in SQL)', () => {
  it('pages with totalPage and hasMore', async () => {
    const total = await countCities(nsw.id)
    expect(total).toBeGreaterThan(10)
    const first = await api('GET', '/addresses/citiesByStateId', {
      query: { state_id: String(nsw.id), page: '1', perPage: '5' },
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toHaveLength(5)
    expect(first.body.pageInfo).toEqual({
      page: 1,
      perPage: 5,
      total,
      totalPage: Math.ceil(total / 5),
      hasMore: true,
    })
    expect((first.body.data as City[]).every((c) => c.state_id === nsw.id)).toBe(true)

    const second = await api('GET', '/addresses/citiesByStateId', {
      query: { state_id: String(nsw.id), page: '2', perPage: '5' },
    })
    const firstIds = new Set((first.body.data as City[]).map((c) => c.id))
    expect((second.body.data as City[]).some((c) => firstIds.has(c.id))).toBe(false)

    const lastPage = Math.ceil(total / 5)
    const last = await api('GET', '/addresses/citiesByStateId', {
      query: { state_id: String(nsw.id), page: String(lastPage), perPage: '5' },
    })
    expect(last.body.data).toHaveLength(total - (lastPage - 1) * 5)
    expect(last.body.pageInfo.hasMore).toBe(false)
  })

  it('searches names case-insensitively and treats % as text', async () => {
    const r = await api('GET', '/addresses/citiesByStateId', {
      query: { state_id: String(nsw.id), search_query: 'SYD', perPage: '100' },
    })
    expect(r.status).toBe(200)
    const names = (r.body.data as City[]).map((c) => c.name)
    expect(names).toContain('Sydney')
    expect(names.every((n) => n.toLowerCase().includes('syd'))).toBe(true)
    expect(r.body.pageInfo.total).toBe(await countCities(nsw.id, 'syd'))

    const pct = await api('GET', '/addresses/citiesByStateId', {
      query: { state_id: String(nsw.id), search_query: '%' },
    })
    expect(pct.body.data).toEqual([])
    expect(pct.body.pageInfo).toEqual({ page: 1, perPage: 10, total: 0, totalPage: 1, hasMore: false })
  })

  it("answers 'Not a number' for a bad state_id", async () => {
    const r = await api('GET', '/addresses/citiesByStateId', { query: { state_id: 'x1' } })
    expect(r.status).toBe(400)
    expect(r.body.errors.state_id).toEqual(['Not a number'])
  })
})

describe('creating states and cities (staff with agency_management)', () => {
  it('creates a state, refuses a duplicate and an unknown country', async () => {
    const r = await api('POST', '/addresses/createState', {
      token: staff,
      body: { name: 'Jervis Bay Territory', state_code: 'JBT', country_id: australia.id },
    })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({
      name: 'Jervis Bay Territory',
      state_code: 'JBT',
      country_id: australia.id,
    })
    const [row] = await getDb().select().from(states).where(eq(states.id, r.body.data.id))
    expect(row.name).toBe('Jervis Bay Territory')

    const dup = await api('POST', '/addresses/createState', {
      token: staff,
      body: { name: 'jervis bay territory', country_id: australia.id },
    })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe('State already exists')

    const unknown = await api('POST', '/addresses/createState', {
      token: staff,
      body: { name: 'Nowhere', country_id: 999999 },
    })
    expect(unknown.status).toBe(404)
  })

  it('creates a city, refuses a duplicate and an unknown state, and lists it', async () => {
    const state = await api('POST', '/addresses/createState', {
      token: staff,
      body: { name: 'Test Territory', country_id: australia.id },
    })
    const r = await api('POST', '/addresses/createCity', {
      token: staff,
      body: { name: 'Testville', state_id: state.body.data.id },
    })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ name: 'Testville', state_id: state.body.data.id })

    const dup = await api('POST', '/addresses/createCity', {
      token: staff,
      body: { name: 'TESTVILLE', state_id: state.body.data.id },
    })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe('City already exists')
    expect(await countCities(state.body.data.id)).toBe(1)

    const unknown = await api('POST', '/addresses/createCity', {
      token: staff,
      body: { name: 'Ghost', state_id: 999999 },
    })
    expect(unknown.status).toBe(404)

    const list = await api('GET', '/addresses/citiesByStateId', {
      query: { state_id: String(state.body.data.id) },
    })
    expect(list.body.data).toEqual([{ id: r.body.data.id, name: 'Testville', state_id: state.body.data.id }])
  })

  it('refuses an agency (403) and the public (401)', async () => {
    const body = { name: 'Agency State', country_id: australia.id }
    expect((await api('POST', '/addresses/createState', { token: agency, body })).status).toBe(403)
    expect((await api('POST', '/addresses/createState', { body })).status).toBe(401)
    expect(
      (
        await api('POST', '/addresses/createCity', {
          token: agency,
          body: { name: 'X city', state_id: nsw.id },
        })
      ).status,
    ).toBe(403)
    const [row] = await getDb().select().from(states).where(eq(states.name, 'Agency State'))
    expect(row).toBeUndefined()
  })
})

describe('insurance providers (signed in)', () => {
  it('lists the six insurers by name', async () => {
    const r = await api('GET', '/insurances/insuranceProviders', { token: agency })
    expect(r.status).toBe(200)
    expect(r.body.data).toHaveLength(6)
    const names = (r.body.data as { name: string }[]).map((p) => p.name)
    expect(names).toEqual(['ahm OSHC', 'Allianz Care', 'Bupa', 'Bupa Advantage', 'Medibank', 'nib'])
    expect(Object.keys(r.body.data[0]).sort()).toEqual([
      'display_name',
      'id',
      'key',
      'logo',
      'name',
      'short_name',
    ])
  })

  it('reads one by id, 404 for an unknown id, 401 without a session', async () => {
    const r = await api('GET', '/insurances/insuranceProvidersById/1', { token: staff })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ id: 1, key: 'nib', name: 'nib' })
    expect((await api('GET', '/insurances/insuranceProvidersById/999', { token: staff })).status).toBe(404)
    expect(
      (await api('GET', '/insurances/insuranceProvidersById/abc', { token: staff })).body.errors.id,
    ).toEqual(['Not a number'])
    expect((await api('GET', '/insurances/insuranceProviders')).status).toBe(401)
  })
})

// The development outbox endpoint sits here for want of a test file of its own.
describe('GET /dev/outbox', () => {
  it('returns stored mails newest first, filtered by recipient, and 404 in a real deployment (not OSHC_DEMO)', async () => {
    await sendMail({ to: 'Outbox-Test@example.test', subject: 'First', text: 'one' })
    await sendMail({ to: 'outbox-test@example.test', subject: 'Second', text: 'two', html: '<p>two</p>' })
    await sendMail({ to: 'someone-else@example.test', subject: 'Other', text: 'x' })
    const r = await api('GET', '/dev/outbox', { query: { to: 'outbox-test@example.test' } })
    expect(r.status).toBe(200)
    expect(r.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First'])
    expect(Object.keys(r.body.data[0]).sort()).toEqual(['created_at', 'html', 'subject', 'text', 'to'])
    expect(r.body.data[0]).toMatchObject({ to: 'outbox-test@example.test', text: 'two', html: '<p>two</p>' })

    const cfg = config()
    cfg.demo = false
    try {
      const prod = await api('GET', '/dev/outbox')
      expect(prod.status).toBe(404)
      expect(prod.body).toEqual({ success: false, message: 'Not found' })
    } finally {
      cfg.demo = true
    }
  })
})
