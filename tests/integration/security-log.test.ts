// Sessions and audit (issue 24): every sign-in path writes the security log, sessions remember the
// device they were opened from, a person sees and ends only their own sessions, staff with
// user_management read and export the log and reset a person's second factor (audited, mailed).
import { describe, expect, it } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { identityFactors, recoveryCodes, securityEvents, sessions } from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { confirmTotpEnrolment } from '../../domain/access/confirm-totp-enrolment'
import { actorForToken } from '../../domain/access/sessions'
import { loginWithSso, SSO_REFUSALS } from '../../domain/access/sso-login'
import { startTotpEnrolment } from '../../domain/access/start-totp-enrolment'
import { sha256 } from '../../domain/shared/crypto'
import { agencyUserWith, api, lastMail, staffWith } from '../setup/api'
import { codeAt, later, PASSWORD, staffMember } from '../setup/second-factor'

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

const signIn = (email: string, password = PASSWORD, userAgent = CHROME_MAC) =>
  api('POST', '/authentication/login', { body: { email, password }, headers: { 'user-agent': userAgent } })
const tokenOf = async (email: string, userAgent?: string) =>
  (await signIn(email, PASSWORD, userAgent)).body.data.token as string
const profile = (token: string) => api('GET', '/authentication/getAgencyAgencyUserAndOshcUserData', { token })

/** The security log of one person, newest first. */
const eventsOf = (identityId: number) =>
  getDb()
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.identity_id, identityId))
    .orderBy(desc(securityEvents.id))

async function enrolled() {
  const person = await staffMember('log')
  const actor = (await actorForToken(await tokenOf(person.email)))!
  const setup = await startTotpEnrolment({ actor })
  const { recoveryCodes: codes } = await confirmTotpEnrolment({
    actor,
    code: codeAt(setup.key, person.email),
    client: { ip: '198.51.100.7', userAgent: CHROME_MAC },
  })
  return { ...person, key: setup.key, codes }
}

describe('the security log records every sign-in path', () => {
  it('password: a sign-in with its device, a wrong password and an unknown e-mail, each with its reason', async () => {
    const person = await staffMember('log')
    const r = await signIn(person.email)
    expect(r.status).toBe(200)
    const [row] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(r.body.data.token)))
    expect(row).toMatchObject({ ip: '127.0.0.1', user_agent: CHROME_MAC, method: 'password' })

    expect((await signIn(person.email, 'Wrong-Passw0rd!')).status).toBe(401)
    const [failed, ok] = await eventsOf(person.identityId)
    expect(ok).toMatchObject({ kind: 'sign_in', method: 'password', ip: '127.0.0.1', user_agent: CHROME_MAC })
    expect(failed).toMatchObject({
      kind: 'sign_in_failed',
      email: person.email,
      detail: { reason: 'wrong_password' },
    })

    const nobody = `nobody-${Date.now().toString(36)}@oshc.local`
    expect((await signIn(nobody)).status).toBe(401)
    const [unknown] = await getDb().select().from(securityEvents).where(eq(securityEvents.email, nobody))
    expect(unknown).toMatchObject({
      kind: 'sign_in_failed',
      identity_id: null,
      detail: { reason: 'unknown_email' },
    })

    const disabled = await staffMember('log', { status: 'DISABLED' })
    expect((await signIn(disabled.email)).status).toBe(401)
    expect((await eventsOf(disabled.identityId))[0]).toMatchObject({
      kind: 'sign_in_failed',
      detail: { reason: 'disabled' },
    })
  })

  it('single sign-on: the sign-in with its device, and a refusal with its reason', async () => {
    const person = await staffMember('log')
    const client = { ip: '203.0.113.20', userAgent: FIREFOX_WIN }
    const signedIn = await loginWithSso({ email: person.email, emailVerified: true }, client)
    const [row] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(signedIn.token)))
    expect(row).toMatchObject({ method: 'sso', ip: '203.0.113.20', user_agent: FIREFOX_WIN })
    expect((await eventsOf(person.identityId))[0]).toMatchObject({ kind: 'sso_sign_in', method: 'sso' })

    const disabled = await staffMember('log', { status: 'DISABLED' })
    await expect(loginWithSso({ email: disabled.email, emailVerified: true }, client)).rejects.toMatchObject({
      message: SSO_REFUSALS.disabled,
    })
    expect((await eventsOf(disabled.identityId))[0]).toMatchObject({
      kind: 'sso_refused',
      ip: '203.0.113.20',
      detail: { reason: 'disabled' },
    })
    const stranger = `stranger-${Date.now().toString(36)}@insurer.test`
    await expect(loginWithSso({ email: stranger, emailVerified: true }, client)).rejects.toMatchObject({
      message: SSO_REFUSALS.unknown,
    })
    const [refused] = await getDb().select().from(securityEvents).where(eq(securityEvents.email, stranger))
    expect(refused).toMatchObject({ kind: 'sso_refused', identity_id: null, detail: { reason: 'unknown' } })
  })

  it('second factor: enrolment, a wrong code, a right code and a recovery code', async () => {
    const person = await enrolled()
    expect((await eventsOf(person.identityId))[0]).toMatchObject({
      kind: 'second_factor_enrolled',
      method: 'totp',
      ip: '198.51.100.7',
    })
    const token = await tokenOf(person.email)
    const give = (code: string) =>
      api('POST', '/authentication/secondFactor', {
        token,
        body: { code },
        headers: { 'user-agent': FIREFOX_WIN },
      })
    expect((await give('000000' === codeAt(person.key, person.email) ? '111111' : '000000')).status).toBe(400)
    later(30)
    expect((await give(codeAt(person.key, person.email))).status).toBe(200)
    const [verified, failed, signedIn] = await eventsOf(person.identityId)
    expect(signedIn).toMatchObject({ kind: 'sign_in', detail: { second_factor: 'pending' } })
    expect(failed).toMatchObject({ kind: 'second_factor_failed', method: 'totp' })
    expect(verified).toMatchObject({ kind: 'second_factor_verified', method: 'totp' })
    // The device is the one that gave the code.
    const [row] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(token)))
    expect(row.user_agent).toBe(FIREFOX_WIN)

    const next = await tokenOf(person.email)
    const used = await api('POST', '/authentication/secondFactor', {
      token: next,
      body: { code: person.codes[0] },
    })
    expect(used.status).toBe(200)
    expect((await eventsOf(person.identityId))[0]).toMatchObject({
      kind: 'recovery_code_used',
      method: 'recovery_code',
    })
  })
})

describe('signed-in devices', () => {
  it("lists the caller's own sessions with browser and IP, this device marked", async () => {
    const person = await staffMember('log')
    const laptop = await tokenOf(person.email, CHROME_MAC)
    const other = await tokenOf(person.email, FIREFOX_WIN)
    const someoneElse = await staffMember('log')
    await tokenOf(someoneElse.email)
    const r = await api('GET', '/authentication/sessions', { token: laptop })
    expect(r.status).toBe(200)
    expect(r.body.data).toHaveLength(2)
    const [newest, oldest] = r.body.data
    expect(newest).toMatchObject({
      browser: 'Firefox 133.0',
      os: 'Windows 10',
      current: false,
      method: 'password',
    })
    expect(oldest).toMatchObject({ browser: 'Chrome 131.0', ip: '127.0.0.1', current: true })
    expect(oldest.device).toMatch(/^Chrome 131.0 on macOS/)
    expect((await api('GET', '/authentication/sessions', { token: other })).body.data[0].current).toBe(true)
  })

  it("ends one of the caller's sessions; another person's session is 404 and stays", async () => {
    const person = await staffMember('log')
    const mine = await tokenOf(person.email)
    const theirs = await staffMember('log')
    const theirToken = await tokenOf(theirs.email)
    const [theirSession] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(theirToken)))
    const refused = await api('DELETE', `/authentication/sessions/${theirSession.id}`, { token: mine })
    expect(refused.status).toBe(404)
    expect((await profile(theirToken)).status).toBe(200)

    const phone = await tokenOf(person.email, FIREFOX_WIN)
    const [phoneSession] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(phone)))
    const ended = await api('DELETE', `/authentication/sessions/${phoneSession.id}`, { token: mine })
    expect(ended.status).toBe(200)
    expect(ended.body.data).toEqual({ revoked: 1, current: false })
    expect((await profile(phone)).status).toBe(401)
    expect((await profile(mine)).status).toBe(200)
    expect((await api('DELETE', `/authentication/sessions/${phoneSession.id}`, { token: mine })).status).toBe(
      404,
    )
    expect((await eventsOf(person.identityId))[0]).toMatchObject({
      kind: 'session_revoked',
      detail: { session_ids: [phoneSession.id], by: 'self' },
    })
  })

  it('signs out everywhere else, keeping this device', async () => {
    const person = await staffMember('log')
    const here = await tokenOf(person.email)
    const a = await tokenOf(person.email)
    const b = await tokenOf(person.email, FIREFOX_WIN)
    const r = await api('POST', '/authentication/revokeOtherSessions', { token: here })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ revoked: 2 })
    expect((await profile(a)).status).toBe(401)
    expect((await profile(b)).status).toBe(401)
    expect((await profile(here)).status).toBe(200)
    expect((await api('GET', '/authentication/sessions', { token: here })).body.data).toHaveLength(1)
  })

  it('is for signed-in people only', async () => {
    expect((await api('GET', '/authentication/sessions')).status).toBe(401)
    expect((await api('POST', '/authentication/revokeOtherSessions')).status).toBe(401)
  })
})

describe('the security log screen and export', () => {
  it('needs user_management: without it the log and its export are 403', async () => {
    const desk = await staffWith(['finance'])
    expect((await api('GET', '/authentication/securityLog', { token: desk })).status).toBe(403)
    expect((await api('GET', '/authentication/securityLog/export', { token: desk })).status).toBe(403)
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', password: 'Agency-Passw0rd!' })
    const agent = await agencyUserWith(agency.id, ['user_management'])
    expect((await api('GET', '/authentication/securityLog', { token: agent })).status).toBe(403)
  })

  it('filters by e-mail, kind and days, pages in SQL, and exports the same rows as CSV', async () => {
    const admin = await staffWith(['user_management'])
    const person = await staffMember('log')
    await signIn(person.email)
    await signIn(person.email, 'Wrong-Passw0rd!')
    await signIn(person.email, 'Wrong-Passw0rd!')
    const query = { email: person.email.slice(0, 12).toUpperCase(), kind: 'sign_in_failed', perPage: '1' }
    const page1 = await api('GET', '/authentication/securityLog', { token: admin, query })
    expect(page1.status).toBe(200)
    expect(page1.body.data).toHaveLength(1)
    expect(page1.body.data[0]).toMatchObject({
      kind: 'sign_in_failed',
      kindLabel: 'Sign-in failed',
      email: person.email,
    })
    expect(page1.body.pageInfo).toMatchObject({ page: 1, perPage: 1, total: 2, totalPages: 2 })
    const page2 = await api('GET', '/authentication/securityLog', {
      token: admin,
      query: { ...query, page: '2' },
    })
    expect(page2.body.data[0].id).toBeLessThan(page1.body.data[0].id)

    const today = new Date().toISOString().slice(0, 10)
    const future = { email: person.email, from: '2999-01-01' }
    expect(
      (await api('GET', '/authentication/securityLog', { token: admin, query: future })).body.data,
    ).toEqual([])
    const bad = await api('GET', '/authentication/securityLog', {
      token: admin,
      query: { from: today, to: '2000-01-01' },
    })
    expect(bad.status).toBe(400)

    const csv = await api('GET', '/authentication/securityLog/export', {
      token: admin,
      query: { email: person.email },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
    const lines = (csv.body as string).trim().split('\r\n')
    expect(lines[0]).toBe('Time (UTC),Event,Kind,Email,Method,IP,Device,User-Agent,Detail')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain('sign_in_failed')
    expect(lines[3]).toContain(',sign_in,')
  })
})

describe("an administrator's reset of a person's second factor", () => {
  it('removes the factor and recovery codes, ends their sessions, is audited and mailed', async () => {
    const person = await enrolled()
    const theirSession = await tokenOf(person.email)
    const adminToken = await staffWith(['user_management'])
    const admin = (await actorForToken(adminToken)) as { identityId: number; email: string }
    const r = await api('POST', '/authentication/resetSecondFactor', {
      token: adminToken,
      body: { user_type: 'staff', user_id: person.userId },
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ email: person.email, removed: { authenticatorApps: 1, passkeys: 0 } })
    expect(
      await getDb().select().from(identityFactors).where(eq(identityFactors.identity_id, person.identityId)),
    ).toEqual([])
    expect(
      await getDb().select().from(recoveryCodes).where(eq(recoveryCodes.identity_id, person.identityId)),
    ).toEqual([])
    expect(await getDb().select().from(sessions).where(eq(sessions.identity_id, person.identityId))).toEqual(
      [],
    )
    expect(await actorForToken(theirSession)).toBeNull()
    const [event] = await getDb()
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.identity_id, person.identityId),
          eq(securityEvents.kind, 'second_factor_reset'),
        ),
      )
    expect(event).toMatchObject({
      method: 'admin',
      email: person.email,
      detail: { by_identity_id: admin.identityId, by_email: admin.email },
    })
    const mail = await lastMail(person.email)
    expect(mail.subject).toBe('Your second factor was reset')
    // Signing in again asks for no code: they set one up afresh.
    expect((await signIn(person.email)).body.data.secondFactorRequired).toBe(false)
  })

  it("resets an agency user's factor too; nobody resets their own; without user_management it is 403", async () => {
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', password: 'Agency-Passw0rd!' })
    const agentToken = await agencyUserWith(agency.id, ['quote'])
    const agent = (await actorForToken(agentToken))!
    const adminToken = await staffWith(['user_management'])
    const admin = (await actorForToken(adminToken))!
    const agentUserId = agent.kind === 'agency_user' ? agent.userId : -1
    const reset = await api('POST', '/authentication/resetSecondFactor', {
      token: adminToken,
      body: { user_type: 'agency_user', user_id: agentUserId },
    })
    expect(reset.status).toBe(200)
    expect((await profile(agentToken)).status).toBe(401)

    const self = await api('POST', '/authentication/resetSecondFactor', {
      token: adminToken,
      body: { user_type: 'staff', user_id: admin.kind === 'Oshc' ? admin.userId : -1 },
    })
    expect(self.status).toBe(409)
    const missing = await api('POST', '/authentication/resetSecondFactor', {
      token: adminToken,
      body: { user_type: 'staff', user_id: 2_000_000_000 },
    })
    expect(missing.status).toBe(404)
    const desk = await staffWith(['finance'])
    const refused = await api('POST', '/authentication/resetSecondFactor', {
      token: desk,
      body: { user_type: 'agency_user', user_id: agentUserId },
    })
    expect(refused.status).toBe(403)
  })
})

describe('the reset buttons of the staff pages', () => {
  /** Posts a form to a route action as a signed-in browser; a thrown Response is the answer too. */
  async function post(
    action: (args: any) => Promise<unknown>,
    path: string,
    params: Record<string, string>,
    token: string,
    form: Record<string, string>,
  ) {
    try {
      return (await action({
        request: new Request(`http://test.local${path}`, {
          method: 'POST',
          headers: { cookie: `oshc_session=${encodeURIComponent(token)}`, origin: 'http://test.local' },
          body: new URLSearchParams(form),
        }),
        params,
        context: { clientIp: '192.0.2.44' },
      })) as Response
    } catch (thrown) {
      if (thrown instanceof Response) return thrown
      throw thrown
    }
  }

  it("reset a staff user's and an agency user's factor from their pages, written with the admin's IP", async () => {
    const staffPage = await import('../../app/routes/staff+/users.$userId')
    const agencyTab = await import('../../app/routes/staff+/agencies.$agencyId.users')
    const admin = await staffWith(['user_management', 'agency_management'])
    const person = await enrolled()
    const userId = String(person.userId)
    const res = await post(staffPage.action, `/staff/users/${userId}`, { userId }, admin, {
      intent: 'reset-second-factor',
    })
    expect(res.status).toBe(302)
    expect((await eventsOf(person.identityId))[0]).toMatchObject({
      kind: 'second_factor_reset',
      ip: '192.0.2.44',
    })

    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', password: 'Agency-Passw0rd!' })
    const agent = (await actorForToken(await agencyUserWith(agency.id, ['quote']))) as {
      identityId: number
      userId: number
    }
    const agentUserId = agent.userId
    const agencyId = String(agency.id)
    const tab = await post(agencyTab.action, `/staff/agencies/${agencyId}/users`, { agencyId }, admin, {
      intent: 'reset-second-factor',
      user_id: String(agentUserId),
    })
    expect(tab.status).toBe(302)
    expect((await eventsOf(agent.identityId))[0]).toMatchObject({
      kind: 'second_factor_reset',
      method: 'admin',
    })
  })
})
