// A second factor (issue 24): an authenticator app (TOTP, RFC 6238) enrolled by its first code,
// asked for at every sign-in after it, each code used once; recovery codes used once each.
import { describe, expect, it } from 'vitest'
import { actorForToken } from '../../domain/access/sessions'
import { CODE_NOT_ACCEPTED, confirmTotpEnrolment } from '../../domain/access/confirm-totp-enrolment'
import { startTotpEnrolment, TOTP_ALREADY_SET_UP } from '../../domain/access/start-totp-enrolment'
import { api } from '../setup/api'
import { codeAt, later, PASSWORD, staffMember } from '../setup/second-factor'

/** A staff member's e-mail. */
const staffEmail = async () => (await staffMember('factor')).email

const signIn = (email: string) =>
  api('POST', '/authentication/login', { body: { email, password: PASSWORD } })
const profile = (token: string) => api('GET', '/authentication/getAgencyAgencyUserAndOshcUserData', { token })
const secondFactor = (token: string, code: string) =>
  api('POST', '/authentication/secondFactor', { token, body: { code } })

async function enrolled() {
  const email = await staffEmail()
  const first = await signIn(email)
  const actor = (await actorForToken(first.body.data.token))!
  const setup = await startTotpEnrolment({ actor })
  expect(setup.qr).toMatch(/^data:image\/png;base64,/)
  await expect(
    confirmTotpEnrolment({ actor, code: '000000' === codeAt(setup.key, email) ? '111111' : '000000' }),
  ).rejects.toMatchObject({
    errors: { code: [CODE_NOT_ACCEPTED] },
  })
  const { recoveryCodes } = await confirmTotpEnrolment({ actor, code: codeAt(setup.key, email) })
  return { email, key: setup.key, actor, recoveryCodes }
}

describe('a second factor from an authenticator app', () => {
  it('is enrolled by its first code, with ten recovery codes shown once, and cannot be enrolled twice', async () => {
    const { actor, recoveryCodes } = await enrolled()
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    await expect(startTotpEnrolment({ actor })).rejects.toMatchObject({ message: TOTP_ALREADY_SET_UP })
  })

  it('is asked for at sign-in: the session opens nothing until a fresh code is given, and a code works once', async () => {
    const { email, key } = await enrolled()
    const first = await signIn(email)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ secondFactorRequired: true, profile: null })
    const token = first.body.data.token as string
    expect((await profile(token)).status).toBe(401)
    expect((await secondFactor(token, '12345')).status).toBe(400)
    // The code used to confirm the app is spent: the next 30-second step's code is not.
    const spent = codeAt(key, email)
    expect((await secondFactor(token, spent)).status).toBe(400)
    later(30)
    const fresh = codeAt(key, email)
    expect((await secondFactor(token, fresh)).status).toBe(200)
    expect((await profile(token)).status).toBe(200)

    const again = (await signIn(email)).body.data.token as string
    expect((await secondFactor(again, fresh)).status).toBe(400)
    expect((await profile(again)).status).toBe(401)
  })

  it('takes a recovery code instead, each once', async () => {
    const { email, recoveryCodes } = await enrolled()
    const token = (await signIn(email)).body.data.token as string
    expect((await secondFactor(token, recoveryCodes[3].toLowerCase())).status).toBe(200)
    expect((await profile(token)).status).toBe(200)
    const next = (await signIn(email)).body.data.token as string
    expect((await secondFactor(next, recoveryCodes[3])).status).toBe(400)
    expect((await secondFactor(next, recoveryCodes[4])).status).toBe(200)
  })

  it('counts wrong codes like wrong passwords: the sixth from one place in a row waits (429, Retry-After)', async () => {
    const { email } = await enrolled()
    const token = (await signIn(email)).body.data.token as string
    for (let i = 0; i < 5; i++) expect((await secondFactor(token, '000000')).status).toBe(400)
    const refused = await secondFactor(token, '000000')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await profile(token)).status).toBe(401)
  })

  it('a person without one signs in as before, and the second step needs a signed-in first step', async () => {
    const email = await staffEmail()
    const r = await signIn(email)
    expect(r.body.data.secondFactorRequired).toBe(false)
    expect((await profile(r.body.data.token)).status).toBe(200)
    // In an open session the call is a step-up: without a factor no code is right.
    expect((await secondFactor(r.body.data.token, '123456')).status).toBe(400)
    expect((await api('POST', '/authentication/secondFactor', { body: { code: '123456' } })).status).toBe(401)
  })
})

describe('the second-factor page', () => {
  it('takes a wrong code on the form, then a recovery code, and sends the person home', async () => {
    const page = await import('../../app/routes/_auth+/login_.second-factor')
    const { email, recoveryCodes } = await enrolled()
    const token = (await signIn(email)).body.data.token as string
    const post = async (code: string) => {
      try {
        return (await page.action({
          request: new Request('http://test.local/login/second-factor', {
            method: 'POST',
            headers: { cookie: `oshc_session=${encodeURIComponent(token)}`, origin: 'http://test.local' },
            body: new URLSearchParams({ code }),
          }),
          params: {},
          context: { clientIp: '203.0.113.9' },
        })) as Response
      } catch (thrown) {
        if (thrown instanceof Response) return thrown
        throw thrown
      }
    }
    const wrong = (await post('000000')) as unknown as { init: { status: number } }
    expect(wrong.init.status).toBe(400)
    const right = await post(recoveryCodes[0])
    expect(right.status).toBe(302)
    expect(right.headers.get('location')).toMatch(/^\/staff/)
  })
})
