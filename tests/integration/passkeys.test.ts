// Passkeys as a second factor (issue 24): real WebAuthn answers made in the test by a software
// ES256 authenticator (tests/setup/passkey-authenticator.ts) and checked by @simplewebauthn/server.
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { passkeys, securityEvents, sessions } from '../../db/schema'
import { findPasskeys } from '../../domain/access/find-passkeys'
import { finishPasskeyRegistration, PASSKEY_NOT_MADE } from '../../domain/access/finish-passkey-registration'
import { verifyPasskeyForSession } from '../../domain/access/passkey-step-up'
import { PASSKEY_NOT_ACCEPTED } from '../../domain/access/passkeys'
import { removePasskey } from '../../domain/access/remove-passkey'
import { hasConfirmedFactor } from '../../domain/access/second-factors'
import { actorForToken } from '../../domain/access/sessions'
import { startPasskeyAuthentication } from '../../domain/access/start-passkey-authentication'
import { startPasskeyRegistration } from '../../domain/access/start-passkey-registration'
import { sha256 } from '../../domain/shared/crypto'
import { api } from '../setup/api'
import { PASSWORD, staffMember } from '../setup/second-factor'
import { SoftPasskey, strayChallenge } from '../setup/passkey-authenticator'

// The test system's APP_URL (tests/setup/per-file.ts): the relying party is test.local.
const RP_ID = 'test.local'
const ORIGIN = 'http://test.local'

const signIn = async (email: string) => {
  const r = await api('POST', '/authentication/login', { body: { email, password: PASSWORD } })
  expect(r.status).toBe(200)
  return r.body.data as { token: string; secondFactorRequired: boolean }
}
const profile = (token: string) => api('GET', '/authentication/getAgencyAgencyUserAndOshcUserData', { token })
const options = async (token: string) => {
  const r = await api('POST', '/authentication/passkeyAuthenticationOptions', { token, body: {} })
  expect(r.status).toBe(200)
  return r.body.data as { challenge: string; rpId: string; allowCredentials: { id: string }[] }
}
const passkeySignIn = (token: string, response: unknown) =>
  api('POST', '/authentication/passkeySignIn', { token, body: { response } })

/** A staff member with a passkey added through the use cases, as the security page adds it. */
async function withPasskey() {
  const person = await staffMember('passkey')
  const { token } = await signIn(person.email)
  const actor = (await actorForToken(token))!
  const passkey = new SoftPasskey(RP_ID, ORIGIN)
  const creation = await startPasskeyRegistration({ actor })
  const added = await finishPasskeyRegistration({
    actor,
    name: 'Work laptop',
    response: passkey.register(creation),
  })
  return { ...person, actor, passkey, added, token }
}

describe('passkeys as a second factor', () => {
  it('registers a passkey: the answer is verified and stored, and it counts as a second factor', async () => {
    const person = await staffMember('passkey')
    const { token } = await signIn(person.email)
    const actor = (await actorForToken(token))!
    expect(await hasConfirmedFactor(person.identityId)).toBe(false)
    const creation = await startPasskeyRegistration({ actor })
    expect(creation).toMatchObject({ rp: { id: RP_ID, name: 'OSHC Back Office' }, attestation: 'none' })
    expect(creation.authenticatorSelection?.userVerification).toBe('preferred')
    const passkey = new SoftPasskey(RP_ID, ORIGIN)
    // A browser on another origin (a look-alike site) cannot register one for us.
    await expect(
      finishPasskeyRegistration({
        actor,
        name: 'Phish',
        response: passkey.register(creation, { origin: 'http://evil.test' }),
      }),
    ).rejects.toMatchObject({ errors: { response: [PASSKEY_NOT_MADE] } })
    // That challenge is spent: a fresh one is needed.
    const again = await startPasskeyRegistration({ actor })
    const added = await finishPasskeyRegistration({
      actor,
      name: 'Work laptop',
      response: passkey.register(again),
    })
    expect(added.name).toBe('Work laptop')
    const [row] = await getDb().select().from(passkeys).where(eq(passkeys.id, added.id))
    expect(row).toMatchObject({ identity_id: person.identityId, credential_id: passkey.id, counter: 0 })
    expect(row.public_key.length).toBeGreaterThan(50)
    expect(row.transports).toEqual(['internal'])
    expect(await hasConfirmedFactor(person.identityId)).toBe(true)
    // The next registration leaves this one out (the authenticator is not asked again).
    const next = await startPasskeyRegistration({ actor })
    expect(next.excludeCredentials?.map((c) => c.id)).toEqual([passkey.id])
    expect(await findPasskeys({ actor })).toEqual([
      expect.objectContaining({ id: added.id, name: 'Work laptop', lastUsedAt: null }),
    ])
    const [event] = await getDb()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.identity_id, person.identityId), eq(securityEvents.kind, 'passkey_added')))
    expect(event).toMatchObject({ method: 'passkey', detail: { passkey_id: added.id, name: 'Work laptop' } })
  })

  it('opens a sign-in waiting for its second step with the passkey, as a right code does', async () => {
    const { email, passkey } = await withPasskey()
    const first = await signIn(email)
    expect(first.secondFactorRequired).toBe(true)
    expect((await profile(first.token)).status).toBe(401)
    const request = await options(first.token)
    expect(request.rpId).toBe(RP_ID)
    expect(request.allowCredentials.map((c) => c.id)).toEqual([passkey.id])
    const r = await passkeySignIn(first.token, passkey.assert(request))
    expect(r.status).toBe(200)
    expect((await profile(first.token)).status).toBe(200)
    const [session] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(first.token)))
    expect(session.second_factor_pending).toBe(false)
    expect(session.second_factor_at).not.toBeNull()
    const [row] = await getDb().select().from(passkeys).where(eq(passkeys.credential_id, passkey.id))
    expect(row.counter).toBe(passkey.counter)
    expect(row.last_used_at).not.toBeNull()
  })

  it('refuses an answer to a challenge it did not issue, and a replayed answer', async () => {
    const { email, passkey } = await withPasskey()
    const { token } = await signIn(email)
    await options(token)
    const stray = await passkeySignIn(token, passkey.assert({ challenge: strayChallenge() }))
    expect(stray.status).toBe(400)
    expect(stray.body.message).toBe(PASSKEY_NOT_ACCEPTED)
    const request = await options(token)
    const answer = passkey.assert(request)
    expect((await passkeySignIn(token, answer)).status).toBe(200)
    // The same answer in another sign-in: its challenge was used up.
    const other = await signIn(email)
    expect((await passkeySignIn(other.token, answer)).status).toBe(400)
    expect((await profile(other.token)).status).toBe(401)
  })

  it('refuses a signature counter that does not go up (a cloned key)', async () => {
    const { email, passkey } = await withPasskey()
    const first = await signIn(email)
    expect(
      (await passkeySignIn(first.token, passkey.assert(await options(first.token), { counter: 5 }))).status,
    ).toBe(200)
    const second = await signIn(email)
    const backwards = await passkeySignIn(
      second.token,
      passkey.assert(await options(second.token), { counter: 3 }),
    )
    expect(backwards.status).toBe(400)
    expect((await profile(second.token)).status).toBe(401)
    const [row] = await getDb().select().from(passkeys).where(eq(passkeys.credential_id, passkey.id))
    expect(row.counter).toBe(5)
  })

  it("refuses another person's passkey, and does not let one remove another's", async () => {
    const alice = await withPasskey()
    const bob = await withPasskey()
    const { token } = await signIn(bob.email)
    const refused = await passkeySignIn(token, alice.passkey.assert(await options(token)))
    expect(refused.status).toBe(400)
    expect((await profile(token)).status).toBe(401)
    await expect(removePasskey({ actor: bob.actor, id: alice.added.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await findPasskeys({ actor: alice.actor })).toHaveLength(1)
  })

  it('counts wrong answers like wrong codes: the sixth from one place in a row waits (429)', async () => {
    const { email, passkey } = await withPasskey()
    const { token } = await signIn(email)
    for (let i = 0; i < 5; i++)
      expect((await passkeySignIn(token, passkey.assert({ challenge: strayChallenge() }))).status).toBe(400)
    const limited = await passkeySignIn(token, passkey.assert(await options(token)))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('confirms a step-up in an open session (second_factor_at becomes now), not in a waiting one', async () => {
    const { email, passkey, token } = await withPasskey()
    const [before] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(token)))
    expect(before.second_factor_at).toBeNull()
    const request = await startPasskeyAuthentication({ token })
    const r = await verifyPasskeyForSession({
      token,
      response: passkey.assert(request),
      clientIp: '127.0.0.1',
    })
    const [after] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(token)))
    expect(after.second_factor_at).toEqual(r.secondFactorAt)
    // The API's step-up, and a sign-in's challenge is no step-up's.
    const api2 = await api('POST', '/authentication/passkeyStepUp', {
      token,
      body: { response: passkey.assert(await options(token)) },
    })
    expect(api2.status).toBe(200)
    const waiting = await signIn(email)
    const signInChallenge = await options(waiting.token)
    await expect(
      verifyPasskeyForSession({
        token: waiting.token,
        response: passkey.assert(signInChallenge),
        clientIp: '127.0.0.1',
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    await expect(
      verifyPasskeyForSession({ token, response: passkey.assert(signInChallenge), clientIp: '127.0.0.1' }),
    ).rejects.toMatchObject({ code: 'VALIDATION' })
  })

  it('removes a passkey: without a factor left, signing in asks for none', async () => {
    const { email, identityId, actor, added } = await withPasskey()
    const listed = await api('GET', '/authentication/passkeys', { token: (await signIn(email)).token })
    expect(listed.status).toBe(401) // that sign-in waits for its second step
    await removePasskey({ actor, id: added.id })
    expect(await hasConfirmedFactor(identityId)).toBe(false)
    expect((await signIn(email)).secondFactorRequired).toBe(false)
    const [event] = await getDb()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.identity_id, identityId), eq(securityEvents.kind, 'passkey_removed')))
    expect(event).toBeDefined()
  })
})

describe('the pages', () => {
  /** Posts a form to a page's action with the session cookie, as the browser's fetcher does. */
  const post = async (path: string, token: string, fields: Record<string, string>) => {
    const page =
      path === '/login/second-factor'
        ? await import('../../app/routes/_auth+/login_.second-factor')
        : await import('../../app/routes/_auth+/account.passkey-step-up')
    try {
      return (await page.action({
        request: new Request(`http://test.local${path}`, {
          method: 'POST',
          headers: { cookie: `oshc_session=${encodeURIComponent(token)}`, origin: 'http://test.local' },
          body: new URLSearchParams(fields),
        }),
        params: {},
        context: { clientIp: '203.0.113.7' },
      })) as unknown
    } catch (thrown) {
      if (thrown instanceof Response) return thrown
      throw thrown
    }
  }

  it('the second-factor page takes a passkey (options, then the answer) and sends the person home', async () => {
    const { email, passkey } = await withPasskey()
    const { token } = await signIn(email)
    const { passkeyOptions } = (await post('/login/second-factor', token, { intent: 'passkey-options' })) as {
      passkeyOptions: { challenge: string }
    }
    const wrong = (await post('/login/second-factor', token, {
      intent: 'passkey',
      response: '{not json',
    })) as { init: { status: number } }
    expect(wrong.init.status).toBe(400)
    const right = (await post('/login/second-factor', token, {
      intent: 'passkey',
      response: JSON.stringify(passkey.assert(passkeyOptions)),
    })) as Response
    expect(right.status).toBe(302)
    expect(right.headers.get('location')).toMatch(/^\/staff/)
    expect((await profile(token)).status).toBe(200)
  })

  it('/account/passkey-step-up confirms a passkey in an open session for a fetcher', async () => {
    const { passkey, token } = await withPasskey()
    const { passkeyOptions } = (await post('/account/passkey-step-up', token, {
      intent: 'passkey-options',
    })) as {
      passkeyOptions: { challenge: string }
    }
    const answer = await post('/account/passkey-step-up', token, {
      intent: 'passkey',
      response: JSON.stringify(passkey.assert(passkeyOptions)),
    })
    expect(answer).toEqual({ confirmed: true })
    const [session] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(token)))
    expect(session.second_factor_at).not.toBeNull()
  })
})
