import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cities, countries, customers, policies, states } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { loader as citiesLoader } from '../../app/routes/agency+/policies.cities'
import { action as editAction } from '../../app/routes/agency+/policies.$policyId.edit/route'
import { agencyWithToken } from '../setup/api'

let agency: Awaited<ReturnType<typeof agencyWithToken>>
let nsw: number
let vic: number
let sydney: number

beforeAll(async () => {
  agency = await agencyWithToken()
  const db = getDb()
  const [au] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'AU'))
  const stateId = async (name: string) =>
    (
      await db
        .select({ id: states.id })
        .from(states)
        .where(and(eq(states.country_id, au.id), eq(states.name, name)))
    )[0].id
  nsw = await stateId('New South Wales')
  vic = await stateId('Victoria')
  ;[{ id: sydney }] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.state_id, nsw), eq(cities.name, 'Sydney')))
})

const get = (path: string, token = agency.token) =>
  new Request(`http://test.local${path}`, { headers: { authorization: `Bearer ${token}` } })

async function search(query: Record<string, string>) {
  const r = await citiesLoader({
    request: get(`/agency/policies/cities?${new URLSearchParams(query)}`),
    params: {},
    context: {},
  })
  return r.cities
}

describe('GET /agency/policies/cities (the wizard city box)', () => {
  it('finds the cities of the chosen state whose name starts with the query, in any case', async () => {
    const found = await search({ state_id: String(nsw), q: 'syd' })
    expect(found).toContainEqual({ value: 'Sydney', label: 'Sydney' })
    for (const c of found) expect(c.label.toLowerCase().startsWith('syd')).toBe(true)
    // Every suggestion is a city of the chosen state.
    const inNsw = await getDb()
      .select({ name: cities.name })
      .from(cities)
      .where(
        and(
          eq(cities.state_id, nsw),
          inArray(
            cities.name,
            found.map((c) => c.value),
          ),
        ),
      )
    expect(inNsw).toHaveLength(found.length)
    // Another state's cities never show: Victoria has no Sydney.
    expect(await search({ state_id: String(vic), q: 'Sydney' })).not.toContainEqual({
      value: 'Sydney',
      label: 'Sydney',
    })
    // A prefix, not a substring: "dney" is inside "Sydney" but starts nothing here.
    expect(await search({ state_id: String(nsw), q: 'dney' })).not.toContainEqual({
      value: 'Sydney',
      label: 'Sydney',
    })
    // LIKE wildcards are searched literally.
    expect(await search({ state_id: String(nsw), q: '%' })).toEqual([])
    expect(await search({ state_id: String(nsw), q: '_' })).toEqual([])
  })

  it('answers a few alphabetical matches, 20 unless asked, never more than 50, none without a state', async () => {
    const [{ n }] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(cities)
      .where(eq(cities.state_id, nsw))
    expect(n).toBeGreaterThan(100) // the old list sent all of them
    const five = await search({ state_id: String(nsw), q: '', limit: '5' })
    expect(five).toHaveLength(5)
    const names = five.map((c) => c.label)
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    expect(await search({ state_id: String(nsw) })).toHaveLength(20)
    expect(await search({ state_id: String(nsw), limit: '1000' })).toHaveLength(50)
    expect(await search({ q: 'Syd' })).toEqual([])
  })
})

describe('the wizard address step (city checked against the state)', () => {
  async function draftPolicy() {
    const { policy } = await createPolicy(getDb(), {
      agencyId: agency.agency.id,
      status: 'PARTNER_DEPENDANTS_INFORMATION_ADDED',
    })
    return policy.id
  }

  async function postOther(policyId: number, form: Record<string, string>) {
    const request = new Request(`http://test.local/agency/policies/${policyId}/edit?step=other`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${agency.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        intent: 'other',
        passport_number: 'PX445566',
        education_institute: 'UTS',
        ...form,
      }),
    })
    try {
      return await editAction({ request, params: { policyId: String(policyId) }, context: {} })
    } catch (thrown) {
      if (thrown instanceof Response) return thrown
      throw thrown
    }
  }
  // The step's refusal is the house form's reply: the field messages under `error`.
  const errorsOf = (r: unknown) => (r as { data: { error: Record<string, string[]> } }).data.error
  const customerOf = async (policyId: number) => {
    const [p] = await getDb().select().from(policies).where(eq(policies.id, policyId))
    return (await getDb().select().from(customers).where(eq(customers.id, p.customer_id)))[0]
  }
  const address = { has_australian_address: 'on', street_address_1: '15 Broadway', post_code: '2007' }

  it('saves the city named in the city box when the chosen state has it', async () => {
    const policyId = await draftPolicy()
    const r = await postOther(policyId, { ...address, state_id: String(nsw), city_name: ' sydney ' })
    expect(r instanceof Response ? r.status : r).toBe(302)
    expect(await customerOf(policyId)).toMatchObject({ state_id: nsw, city_id: sydney })
  })

  it('refuses a city of another state, by name or by id', async () => {
    const policyId = await draftPolicy()
    const byName = await postOther(policyId, { ...address, state_id: String(vic), city_name: 'Sydney' })
    expect(errorsOf(byName).city_id).toEqual(['No city of that name in the chosen state'])
    const byId = await postOther(policyId, { ...address, state_id: String(vic), city_id: String(sydney) })
    expect(errorsOf(byId).city_id).toEqual(['No city of that name in the chosen state'])
    expect(await customerOf(policyId)).toMatchObject({ city_id: null })
  })

  it('without an Australian address, ignores whatever the hidden address fields hold', async () => {
    const policyId = await draftPolicy()
    const r = await postOther(policyId, {
      street_address_1: '1 Hidden Street',
      state_id: 'not-a-state',
      city_name: 'Nowhere',
      post_code: 'x'.repeat(40),
    })
    expect(r instanceof Response ? r.status : r).toBe(302)
    expect(await customerOf(policyId)).toMatchObject({
      has_australian_address: false,
      street_address_1: null,
      state_id: null,
      city_id: null,
      post_code: null,
    })
  })
})
