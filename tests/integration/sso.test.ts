// Staff single sign-on (issue 24) against a real OpenID provider (oidc-provider, started here):
// the authorization code flow with PKCE through the app's pages, and each refusal.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { hash } from '@node-rs/argon2'
import { getDb } from '../../db/client'
import { identities, oshcRoles, oshcUsers, sessions } from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { sha256 } from '../../domain/shared/crypto'
import { clock } from '../../domain/shared/clock'
import { parseEnv, resetConfig } from '../../domain/shared/config'
import { SSO_REFUSALS } from '../../domain/access/sso-login'
import { STAFF_USE_SSO } from '../../domain/access/login'
import { forgetOidcProvider, OIDC_FLOW_REFUSED } from '../../api/oidc-strategy.server'
import * as startPage from '../../app/routes/_auth+/auth.oidc'
import * as callbackPage from '../../app/routes/_auth+/auth.oidc_.callback'
import * as loginPage from '../../app/routes/_auth+/login'
import { api } from '../setup/api'
import { OTHER_CLIENT_ID, startOidcProvider, type TestProvider } from '../setup/oidc-provider'

const APP = 'http://sso.test.local'
let provider: TestProvider
const saved = { ...process.env }

beforeAll(async () => {
  provider = await startOidcProvider({ appOrigins: [APP] })
  Object.assign(process.env, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  })
  resetConfig()
  forgetOidcProvider()
})

afterAll(async () => {
  process.env = saved
  resetConfig()
  forgetOidcProvider()
  await provider.close()
})

let seq = 0
async function staff(opts: { status?: 'ENABLED' | 'DISABLED' } = {}) {
  const email = `sso-${Date.now().toString(36)}-${++seq}@insurer.test`
  const db = getDb()
  const [identity] = await db
    .insert(identities)
    .values({ email, kind: 'Oshc', password_hash: await hash('Staff-Passw0rd!') })
    .returning()
  await db.insert(oshcUsers).values({
    identity_id: identity.id,
    first_name: 'Single',
    last_name: 'Sign-On',
    email,
    role_id: null,
    status: opts.status ?? 'ENABLED',
  })
  return { email, identityId: identity.id }
}

/** Runs a route loader; a thrown Response (a redirect) is the answer too. */
async function run(loader: (args: any) => Promise<unknown>, request: Request) {
  try {
    const out = await loader({ request, params: {}, context: {} })
    return out as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]

/** A browser's visit to the provider: follows its redirects, keeps its cookies, signs in as `login`. */
async function atProvider(authorizeUrl: string, login: string) {
  const jar = new Map<string, string>()
  let url = authorizeUrl
  let body: URLSearchParams | undefined
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair.indexOf('=')
      jar.set(pair.slice(0, i), pair.slice(i + 1))
    }
    body = undefined
    const location = res.headers.get('location')
    if (location) {
      const next = new URL(location, url).toString()
      if (next.startsWith(APP)) return next
      url = next
      continue
    }
    const page = await res.text()
    // The development pages: a login form, then a consent form, each posting to the same URL.
    body = page.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' })
  }
  throw new Error('the provider never sent the browser back to the app')
}

/** Starts a sign-in at the app: the provider's URL and the flow cookie the browser keeps. */
async function start() {
  const res = await run(startPage.loader, new Request(`${APP}/auth/oidc`))
  expect(res.status).toBe(302)
  return { authorize: res.headers.get('location')!, flow: cookieOf(res, 'oshc_oidc')! }
}

const finish = (callback: string, flow?: string) =>
  run(callbackPage.loader, new Request(callback, { headers: flow ? { cookie: flow } : {} }))

async function signIn(login: string) {
  const { authorize, flow } = await start()
  const callback = await atProvider(authorize, login)
  return { res: await finish(callback, flow), callback, flow }
}

/** Remix's `data()` answers carry their value in `.data`. */
const refusalOf = (res: unknown) => {
  const r = res as { init?: { status?: number }; data?: { refusal?: string } }
  return { status: r.init?.status, refusal: r.data?.refusal }
}

describe('staff single sign-on through the company OpenID provider', () => {
  it('signs an existing staff member in with a session marked sso, and sends them home', async () => {
    const person = await staff()
    const { res } = await signIn(person.email)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/^\/staff/)
    const token = decodeURIComponent(cookieOf(res, 'oshc_session')!.split('=')[1])
    const [row] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(token)))
    expect(row).toMatchObject({ identity_id: person.identityId, method: 'sso' })
  })

  it('the sign-in page offers the company account button when single sign-on is configured', async () => {
    const out = (await loginPage.loader({
      request: new Request(`${APP}/login`),
      params: {},
      context: {},
    })) as {
      sso: { href: string; label: string } | null
    }
    expect(out.sso).toEqual({ href: '/auth/oidc', label: 'Sign in with your company account' })
  })

  it('refuses a replayed code, a wrong state, a callback without its flow, and a code issued to another client', async () => {
    const person = await staff()
    const first = await signIn(person.email)
    expect(first.res.status).toBe(302)
    expect(refusalOf(await finish(first.callback, first.flow))).toEqual({
      status: 403,
      refusal: OIDC_FLOW_REFUSED,
    })

    const { authorize, flow } = await start()
    const callback = new URL(await atProvider(authorize, person.email))
    const wrongState = new URL(callback)
    wrongState.searchParams.set('state', 'forged-state')
    expect(refusalOf(await finish(wrongState.toString(), flow))).toEqual({
      status: 403,
      refusal: OIDC_FLOW_REFUSED,
    })
    expect(refusalOf(await finish(callback.toString()))).toEqual({ status: 403, refusal: OIDC_FLOW_REFUSED })

    const other = await start()
    const foreign = new URL(other.authorize)
    foreign.searchParams.set('client_id', OTHER_CLIENT_ID)
    const foreignCallback = await atProvider(foreign.toString(), person.email)
    expect(refusalOf(await finish(foreignCallback, other.flow))).toEqual({
      status: 403,
      refusal: OIDC_FLOW_REFUSED,
    })
  })

  it('refuses an ID token that has expired by the app clock', async () => {
    const person = await staff()
    const { authorize, flow } = await start()
    const callback = await atProvider(authorize, person.email)
    const later = new Date(Date.now() + 3 * 60 * 60 * 1000)
    const spy = vi.spyOn(clock, 'now').mockReturnValue(later)
    try {
      expect(refusalOf(await finish(callback, flow))).toEqual({ status: 403, refusal: OIDC_FLOW_REFUSED })
    } finally {
      spy.mockRestore()
    }
  })

  it('refuses an unknown e-mail, a disabled user, an unverified e-mail and an agency, never making an account', async () => {
    const unknown = `nobody-${Date.now().toString(36)}@insurer.test`
    expect(refusalOf((await signIn(unknown)).res)).toEqual({ status: 403, refusal: SSO_REFUSALS.unknown })
    const [made] = await getDb().select().from(identities).where(eq(identities.email, unknown))
    expect(made).toBeUndefined()

    const disabled = await staff({ status: 'DISABLED' })
    expect(refusalOf((await signIn(disabled.email)).res)).toEqual({
      status: 403,
      refusal: SSO_REFUSALS.disabled,
    })

    const person = await staff()
    expect(refusalOf((await signIn(`unverified-${person.email}`)).res)).toEqual({
      status: 403,
      refusal: SSO_REFUSALS.unverified,
    })

    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', password: 'Agency-Passw0rd!' })
    expect(refusalOf((await signIn(agency.email)).res)).toEqual({
      status: 403,
      refusal: SSO_REFUSALS.unknown,
    })
  })

  it('accepts only the allowed e-mail domains when they are set', async () => {
    const person = await staff()
    process.env.OIDC_ALLOWED_DOMAINS = 'elsewhere.test'
    resetConfig()
    try {
      expect(refusalOf((await signIn(person.email)).res)).toEqual({
        status: 403,
        refusal: SSO_REFUSALS.domain,
      })
      process.env.OIDC_ALLOWED_DOMAINS = 'elsewhere.test, Insurer.test'
      resetConfig()
      expect((await signIn(person.email)).res.status).toBe(302)
    } finally {
      delete process.env.OIDC_ALLOWED_DOMAINS
      resetConfig()
    }
  })

  it('with STAFF_SSO_ONLY a staff member cannot sign in with a password, an agency still can', async () => {
    const person = await staff()
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', password: 'Agency-Passw0rd!' })
    process.env.STAFF_SSO_ONLY = 'true'
    resetConfig()
    try {
      const refused = await api('POST', '/authentication/login', {
        body: { email: person.email, password: 'Staff-Passw0rd!' },
      })
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe(STAFF_USE_SSO)
      const wrong = await api('POST', '/authentication/login', {
        body: { email: person.email, password: 'wrong-one' },
      })
      expect(wrong.status).toBe(401)
      const ok = await api('POST', '/authentication/login', {
        body: { email: agency.email, password: 'Agency-Passw0rd!' },
      })
      expect(ok.status).toBe(200)
      expect((await signIn(person.email)).res.status).toBe(302)
    } finally {
      delete process.env.STAFF_SSO_ONLY
      resetConfig()
    }
  })

  it('with OIDC_GROUP_ROLES the company group decides the role: an account for a new person, the role kept in step, no group no entry', async () => {
    const tag = `${Date.now().toString(36)}-${++seq}`
    const [finance, operations] = await getDb()
      .insert(oshcRoles)
      .values([{ name: `SSO Finance ${tag}` }, { name: `SSO Operations ${tag}` }])
      .returning()
    process.env.OIDC_GROUP_ROLES = `fin-${tag}=${finance.name}, ops-${tag}=${operations.name}, ghost-${tag}=No such role ${tag}`
    resetConfig()
    const roleOf = async (email: string) =>
      (await getDb().select().from(oshcUsers).where(eq(oshcUsers.email, email)))[0]?.role_id
    try {
      // A new person of a mapped group gets a staff account with the group's role, and no password.
      const newcomer = `newcomer-${tag}@insurer.test`
      expect((await signIn(`${newcomer}#other,fin-${tag}`)).res.status).toBe(302)
      expect(await roleOf(newcomer)).toBe(finance.id)
      const [made] = await getDb().select().from(identities).where(eq(identities.email, newcomer))
      expect(made).toMatchObject({ kind: 'Oshc', password_hash: null })
      // Moved to another group at the company: the role follows at the next sign-in.
      expect((await signIn(`${newcomer}#ops-${tag}`)).res.status).toBe(302)
      expect(await roleOf(newcomer)).toBe(operations.id)
      // An existing staff member is matched by e-mail and takes the group's role.
      const person = await staff()
      expect((await signIn(`${person.email}#fin-${tag}`)).res.status).toBe(302)
      expect(await roleOf(person.email)).toBe(finance.id)

      const outsider = `outsider-${tag}@insurer.test`
      expect(refusalOf((await signIn(`${outsider}#other`)).res)).toEqual({
        status: 403,
        refusal: SSO_REFUSALS.group,
      })
      expect(refusalOf((await signIn(outsider)).res)).toEqual({ status: 403, refusal: SSO_REFUSALS.group })
      expect(refusalOf((await signIn(`${outsider}#ghost-${tag}`)).res)).toEqual({
        status: 403,
        refusal: SSO_REFUSALS.role_missing,
      })
      expect(await getDb().select().from(identities).where(eq(identities.email, outsider))).toEqual([])
      // Still no way in for a disabled person or an agency's login.
      const disabled = await staff({ status: 'DISABLED' })
      expect(refusalOf((await signIn(`${disabled.email}#fin-${tag}`)).res)).toEqual({
        status: 403,
        refusal: SSO_REFUSALS.disabled,
      })
      const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', password: 'Agency-Passw0rd!' })
      expect(refusalOf((await signIn(`${agency.email}#fin-${tag}`)).res)).toEqual({
        status: 403,
        refusal: SSO_REFUSALS.unknown,
      })
    } finally {
      delete process.env.OIDC_GROUP_ROLES
      resetConfig()
    }
  })

  it('refuses a group map that is not pairs of group=role', () => {
    expect(() => parseEnv({ ...process.env, OIDC_GROUP_ROLES: 'finance-team' })).toThrow(/OIDC_GROUP_ROLES/)
  })
})
