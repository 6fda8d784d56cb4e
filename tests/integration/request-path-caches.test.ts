// What the request path keeps in memory, and how soon a change anywhere reaches it: the reference
// cache (domain/shared/reference-cache.ts) — a quote reads rate cards, GST, offers, configurations
// and rules from memory, and any write to those tables, from this process, another process or
// plain SQL, is priced by the next request — and sessions resolved in the last second.
import { beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { agencyUserWith, agencyWithToken, api, login, staffWith } from '../setup/api'
import { cachedReference, setVersionFreshness } from '../../domain/shared/reference-cache'
import { actorForToken, revokeSession, setSessionReuse } from '../../domain/access/sessions'
import { getProfile } from '../../domain/access/get-profile'
import { shellUser } from '../../app/utils/layout.server'

const NIB = 1
let agency: { id: number; token: string }
const query = { policyType: 'SINGLE', startDate: '2027-02-01', endDate: '2028-01-31' }
const nibPremium = async () => {
  const r = await api('GET', '/insurances/quotes', { token: agency.token, query })
  expect(r.status).toBe(200)
  return r.body.data.find((q: any) => q.provider.id === NIB).premium as number
}

/** Another connection than the app's pool: what another process (or a person with psql) does. */
async function elsewhere(statements: string[]) {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await c.connect()
  try {
    for (const s of statements) await c.query(s)
  } finally {
    await c.end()
  }
}
const nibRate = `UPDATE provider_rates SET monthly_rate = $RATE WHERE provider_id = ${NIB} AND policy_type = 'SINGLE'`

beforeAll(async () => {
  const a = await agencyWithToken()
  agency = { id: a.agency.id, token: a.token }
})

describe('reference cache', () => {
  it('serves a repeated quote from memory, and prices a change made through another connection at once', async () => {
    const before = await nibPremium()
    // Without its trigger (replication role) the write bumps no version: the cache keeps
    // answering the price it holds, which shows the quote did not read the table again.
    await elsewhere(['SET session_replication_role = replica', nibRate.replace('$RATE', 'monthly_rate + 10')])
    expect(await nibPremium()).toBe(before)
    // An ordinary write bumps the table's version: the next request prices both changes.
    await elsewhere([nibRate.replace('$RATE', 'monthly_rate + 10')])
    const after = await nibPremium()
    expect(after).toBeGreaterThan(before)
  })

  it("drops one agency's commission when its configuration changes, whoever changes it", async () => {
    const commission = async () => {
      const r = await api('GET', '/insurances/quotes', { token: agency.token, query })
      return r.body.data.find((q: any) => q.provider.id === NIB).commission as number
    }
    const before = await commission()
    await elsewhere([
      `UPDATE agency_configurations SET commission_rate = commission_rate + 1 WHERE agency_id = ${agency.id} AND insurance_provider_id = ${NIB}`,
    ])
    expect(await commission()).toBeGreaterThan(before)
  })

  it('in production, a process that has not looked at the versions for half a second reads them again: a change is priced within it', async () => {
    setVersionFreshness(500)
    try {
      const gst = async () => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
        await c.connect()
        const { rows } = await c.query('SELECT gst_rate FROM gst_rates ORDER BY id DESC LIMIT 1')
        await c.end()
        return rows[0].gst_rate as string
      }
      const read = () => cachedReference('test:gst', ['gst_rates'], gst)
      const before = await read()
      await elsewhere(['UPDATE gst_rates SET gst_rate = gst_rate + 1'])
      expect(await read()).toBe(before) // within the half second: from memory
      await new Promise((r) => setTimeout(r, 600))
      expect(await read()).not.toBe(before)
    } finally {
      setVersionFreshness(0)
      await elsewhere(['UPDATE gst_rates SET gst_rate = gst_rate - 1'])
    }
  })
})

describe('the app shell', () => {
  it('shows the name and e-mail read with the session, as the profile answers them, for every kind of person', async () => {
    const a = await agencyWithToken()
    for (const token of [a.token, await staffWith([]), await agencyUserWith(a.agency.id, [])]) {
      const actor = (await actorForToken(token))!
      const { display, ...rest } = actor as typeof actor & { display?: unknown }
      expect(display).toBeDefined()
      // What the shell showed before (from the profile, as for an actor built without a session).
      expect(await shellUser(actor)).toEqual(await shellUser(rest))
      expect((await shellUser(actor)).email).toBe((await getProfile(actor)).email)
    }
  })
})

describe('sessions resolved in the last second', () => {
  it('are reused for a second at most: an end made elsewhere is honoured within it, one made here at once', async () => {
    const a = await agencyWithToken()
    const email = a.agency.email
    setSessionReuse(1000)
    try {
      expect(await actorForToken(a.token)).not.toBeNull()
      await elsewhere([
        `DELETE FROM sessions WHERE identity_id = (SELECT identity_id FROM agencies WHERE id = ${a.agency.id})`,
      ])
      expect(await actorForToken(a.token)).not.toBeNull() // another process ended it: within the second
      await new Promise((r) => setTimeout(r, 1100))
      expect(await actorForToken(a.token)).toBeNull()

      const again = await login(email, 'Agency-Passw0rd!')
      expect(await actorForToken(again)).not.toBeNull()
      await revokeSession(again) // this process ended it: at once
      expect(await actorForToken(again)).toBeNull()

      // One that must change its password is never reused: the change shows on the next request.
      const must = await login(email, 'Agency-Passw0rd!')
      await elsewhere([`UPDATE identities SET must_change_password = true WHERE email = '${email}'`])
      expect((await actorForToken(must))?.mustChangePassword).toBe(true)
      await elsewhere([`UPDATE identities SET must_change_password = false WHERE email = '${email}'`])
      expect((await actorForToken(must))?.mustChangePassword).toBe(false)
    } finally {
      setSessionReuse(0)
    }
  })

  it("are looked up once for the reads that ask at the same time (a page's loaders), never for a write", async () => {
    const a = await agencyWithToken()
    setSessionReuse(1000)
    try {
      const [one, two] = await Promise.all([actorForToken(a.token), actorForToken(a.token)])
      expect(one).not.toBeNull()
      expect(two).toBe(one) // the same lookup's answer, not a second lookup's
      await new Promise((r) => setTimeout(r, 1100))
      const [read, write] = await Promise.all([
        actorForToken(a.token),
        actorForToken(a.token, { reuse: false }),
      ])
      expect(write).not.toBe(read)
      expect(write).toEqual(read)
    } finally {
      setSessionReuse(0)
    }
  })

  it('are never reused by a write: a step-up given on another process counts for the decision sent next', async () => {
    const a = await agencyWithToken()
    setSessionReuse(1000)
    try {
      /** When the session last gave its second factor, as a resolved session says. */
      const factorAt = async (reuse: boolean) => {
        const actor = await actorForToken(a.token, { reuse })
        return actor && 'secondFactor' in actor ? actor.secondFactor?.at : undefined
      }
      expect(await factorAt(true)).toBeNull()
      // What a step-up on another web process writes.
      await elsewhere([
        `UPDATE sessions SET second_factor_at = now() WHERE token_hash = encode(sha256('${a.token}'), 'hex')`,
      ])
      expect(await factorAt(true)).toBeNull() // a read: within the second
      expect(await factorAt(false)).toBeInstanceOf(Date)

      // Through the API: a read within the second still answers from the session it resolved;
      // a write resolves the session again, and one ended elsewhere is signed out at once.
      const again = await agencyWithToken()
      expect(
        (await api('GET', '/agencies/user-management/getAgencyUserPemissions', { token: again.token }))
          .status,
      ).toBe(200)
      await elsewhere([`DELETE FROM sessions WHERE token_hash = encode(sha256('${again.token}'), 'hex')`])
      expect(
        (await api('GET', '/agencies/user-management/getAgencyUserPemissions', { token: again.token }))
          .status,
      ).toBe(200)
      const write = await api('POST', '/agencies/finance-management/sendCommmisionPayoutRequest', {
        token: again.token,
        body: {},
      })
      expect(write.status).toBe(401)
    } finally {
      setSessionReuse(0)
    }
  })
})
