// The public integration's edge: CORS for the client's own origins, and the per-IP and
// per-client rate limits (counted in PostgreSQL across web processes).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { resetConfig } from '../../domain/shared/config'
import { resetPublicRateLimits } from '../../api/public-client.server'
import { flushRequestCounts } from '../../domain/shared/request-rate'
import { agencyWithToken, api } from '../setup/api'
import { as, newClient, OTHER_SITE, SITE, tokenFor, WP } from '../setup/public-clients'

let A: Awaited<ReturnType<typeof agencyWithToken>>

beforeAll(async () => {
  A = await agencyWithToken()
})
beforeEach(async () => {
  await resetPublicRateLimits()
})

describe('CORS and rate limits', () => {
  it('answers a preflight only for an allow-listed origin', async () => {
    await newClient(A)
    const ok = await api('OPTIONS', `${WP}/quotes`, {
      headers: {
        origin: SITE,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-access-token,x-client-id',
      },
    })
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(ok.headers.get('access-control-allow-headers')).toContain('x-access-token')
    // A partner's page sends the purchase's proof on calls about it.
    expect(ok.headers.get('access-control-allow-headers')).toContain('x-purchase-secret')
    const no = await api('OPTIONS', `${WP}/quotes`, { headers: { origin: OTHER_SITE } })
    expect(no.status).toBe(403)
    expect(no.headers.get('access-control-allow-origin')).toBeNull()
  })

  it("lets a browser call only from its client's origins", async () => {
    const c = await newClient(A)
    const token = await tokenFor(c)
    const q = { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' }
    const ok = await api('GET', `${WP}/quotes`, { headers: as(c, token, { origin: SITE }), query: q })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE)
    const no = await api('GET', `${WP}/quotes`, { headers: as(c, token, { origin: OTHER_SITE }), query: q })
    expect(no.status).toBe(403)
    expect(no.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('limits calls per IP with 429 and Retry-After', async () => {
    process.env.PUBLIC_IP_RATE_LIMIT = '3'
    resetConfig()
    try {
      const c = await newClient(A)
      const token = await tokenFor(c)
      const q = { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' }
      const statuses = []
      for (let i = 0; i < 4; i++)
        statuses.push((await api('GET', `${WP}/quotes`, { headers: as(c, token), query: q })).status)
      expect(statuses).toEqual([200, 200, 429, 429])
      const r = await api('GET', `${WP}/quotes`, { headers: as(c, token), query: q })
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      delete process.env.PUBLIC_IP_RATE_LIMIT
      resetConfig()
    }
  })

  it("counts a client's calls in PostgreSQL, so the limit holds across web processes", async () => {
    const c = await newClient(A)
    const token = await tokenFor(c)
    const q = { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' }
    const quote = async () => (await api('GET', `${WP}/quotes`, { headers: as(c, token), query: q })).status
    const key = `public:client:${c.client_id}`
    expect(await quote()).toBe(200)
    await flushRequestCounts()
    // Other web processes (or machines) have served most of this minute's allowance: seen with
    // the next flush, and from then on every call is counted in PostgreSQL before it is answered.
    await getDb().execute(sql`update rate_limits set count = 1000 where key = ${key}`)
    expect(await quote()).toBe(200)
    await flushRequestCounts()
    await getDb().execute(sql`update rate_limits set count = 1199 where key = ${key}`)
    expect(await quote()).toBe(200)
    const r = await api('GET', `${WP}/quotes`, { headers: as(c, token), query: q })
    expect(r.status).toBe(429)
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
