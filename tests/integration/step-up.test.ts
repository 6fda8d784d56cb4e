// Step-up (issue 24): a money decision needs the person's second factor given in this session in
// the last STEP_UP_MAX_AGE (10 minutes). The API answers 401 with `mfa_required: true`, and the
// client repeats the call with the code in the x-second-factor-code header. Outside a demo, staff
// who approve must have a second factor at all (`enrolment_required`), and the relaxation that
// lets the demo's staff skip it is refused.
import { afterEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBankDetails } from '../../db/schema'
import { confirmTotpEnrolment } from '../../domain/access/confirm-totp-enrolment'
import { actorForToken } from '../../domain/access/sessions'
import { startTotpEnrolment } from '../../domain/access/start-totp-enrolment'
import { ENROL_FIRST, STEP_UP_NEEDED } from '../../domain/shared/authorize'
import { parseEnv, resetConfig } from '../../domain/shared/config'
import { agencyUserWith, agencyWithToken, api, staffWith } from '../setup/api'
import { codeAt, later } from '../setup/second-factor'
import * as inboxPage from '../../app/routes/staff+/inbox'
import * as agencyUsersPage from '../../app/routes/agency+/users._index'
import * as agencyHome from '../../app/routes/agency+/_index/route'

const BASE = '/agencies/agency-management'
const HEADER = 'x-second-factor-code'

afterEach(() => {
  process.env.SECOND_FACTOR_RELAXED = 'true'
  resetConfig()
})

/** A finance staff member with an authenticator app set up; `code()` is the app's code now. */
async function financeWithFactor() {
  const token = await staffWith(['finance'])
  const actor = (await actorForToken(token))!
  const email = (actor as { email: string }).email
  const { key } = await startTotpEnrolment({ actor })
  const code = () => codeAt(key, email)
  await confirmTotpEnrolment({ actor, code: code() })
  // Each code is taken once: the next ones come from later 30-second steps.
  later(30)
  return { token, code }
}

/** An agency's payout account change waiting for a finance check. */
async function pendingBankChange() {
  const { agency, token } = await agencyWithToken()
  const r = await api('POST', `${BASE}/updateAgencyBank/${agency.id}`, {
    token,
    body: {
      bank: 'Step-up Bank',
      bank_account_name: 'Step-up',
      account_number: '55550001',
      bsb: '062-000',
      is_gst_registered: false,
    },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return { agencyId: agency.id, changeId: r.body.data.bank_change.id as number }
}

const accountOf = async (agencyId: number) =>
  (await getDb().select().from(agencyBankDetails).where(eq(agencyBankDetails.agency_id, agencyId)))[0]
    .account_number

const approve = (changeId: number, token: string, code?: string) =>
  api('POST', `${BASE}/approveAgencyBankChange/${changeId}`, {
    token,
    headers: code === undefined ? {} : { [HEADER]: code },
  })

describe('step-up before money moves', () => {
  it('a person with a second factor must give it before approving; the API says so and takes the code in a header', async () => {
    const { token, code } = await financeWithFactor()
    const { agencyId, changeId } = await pendingBankChange()

    const asked = await approve(changeId, token)
    expect(asked.status).toBe(401)
    expect(asked.body).toMatchObject({ success: false, message: STEP_UP_NEEDED, mfa_required: true })
    expect(asked.body.enrolment_required).toBeUndefined()
    expect(await accountOf(agencyId)).not.toBe('55550001')

    const wrong = await approve(changeId, token, '000000')
    expect(wrong.status).toBe(400)
    expect(await accountOf(agencyId)).not.toBe('55550001')

    const done = await approve(changeId, token, code())
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(await accountOf(agencyId)).toBe('55550001')
  })

  it('a code counts for ten minutes of decisions, then is asked again', async () => {
    const { token, code } = await financeWithFactor()
    const first = await pendingBankChange()
    expect((await approve(first.changeId, token, code())).status).toBe(200)
    later(9 * 60)
    const second = await pendingBankChange()
    expect((await approve(second.changeId, token)).status).toBe(200)
    later(2 * 60)
    const third = await pendingBankChange()
    const asked = await approve(third.changeId, token)
    expect(asked.status).toBe(401)
    expect(asked.body.mfa_required).toBe(true)
    expect(await accountOf(third.agencyId)).not.toBe('55550001')
  })

  it('the header is read only by money decisions: elsewhere a wrong code changes nothing', async () => {
    const { token } = await financeWithFactor()
    const list = await api('GET', `${BASE}/findAgencyBankChanges`, { token, headers: { [HEADER]: '000000' } })
    expect(list.status).toBe(200)
  })

  it('outside the demo relaxation, staff who approve and have no second factor are told to enrol; the decision is refused', async () => {
    process.env.SECOND_FACTOR_RELAXED = 'false'
    resetConfig()
    const token = await staffWith(['finance'])
    const { agencyId, changeId } = await pendingBankChange()
    const refused = await approve(changeId, token)
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ message: ENROL_FIRST, mfa_required: true, enrolment_required: true })
    expect(await accountOf(agencyId)).not.toBe('55550001')
  })

  it('on the demo relaxation, staff without a second factor decide as before; whoever has one still steps up', async () => {
    const token = await staffWith(['finance'])
    const change = await pendingBankChange()
    expect((await approve(change.changeId, token)).status).toBe(200)
  })

  it('a real deployment refuses the relaxation', () => {
    const env = {
      NODE_ENV: 'production',
      OSHC_DEMO: 'false',
      APP_SECRET: 'x'.repeat(43),
      NEXPAY_WEBHOOK_SECRET: 'y'.repeat(43),
      SEED_ADMIN_PASSWORD: 'Admin-Passw0rd-Strong!',
      RECAPTCHA_DISABLED: 'true',
    }
    expect(() => parseEnv(env)).not.toThrow()
    expect(() => parseEnv({ ...env, SECOND_FACTOR_RELAXED: 'true' })).toThrow(/SECOND_FACTOR_RELAXED/)
  })

  it('the OpenAPI document tells clients of the header on money decisions', async () => {
    const doc = await api('GET', '/openapi.json')
    const op = doc.body.paths[`/api${BASE}/approveAgencyBankChange/{id}`].post
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: HEADER, in: 'header' }))
    expect(op.responses['401'].description).toMatch(/mfa_required/)
    const read = doc.body.paths[`/api${BASE}/findAgencyBankChanges`].get
    expect(read.parameters.map((p: { name: string }) => p.name)).not.toContain(HEADER)
  })

  it('outside the demo relaxation, staff who approve are sent to set up a second factor before any staff page', async () => {
    process.env.SECOND_FACTOR_RELAXED = 'false'
    resetConfig()
    const approver = await staffWith(['finance'])
    expect(await landing(inboxPage.loader, '/staff/inbox', approver)).toBe('/account/security?required=1')
    // Staff who approve nothing are not made to.
    const reader = await staffWith(['quote'])
    expect(await landing(inboxPage.loader, '/staff/inbox', reader)).toBeNull()
    // Once set up, the pages open.
    const actor = (await actorForToken(approver))!
    const email = (actor as { email: string }).email
    const { key } = await startTotpEnrolment({ actor })
    await confirmTotpEnrolment({ actor, code: codeAt(key, email) })
    expect(await landing(inboxPage.loader, '/staff/inbox', approver)).toBeNull()
  })
})

describe('changing the factors themselves', () => {
  it('the first factor needs none; with one, adding another wants it given lately, so a stolen session cannot add its own', async () => {
    const fresh = await staffWith(['finance'])
    const first = await api('POST', '/authentication/passkeyRegistrationOptions', { token: fresh, body: {} })
    expect(first.status, JSON.stringify(first.body)).toBe(200)

    const { token, code } = await financeWithFactor()
    const asked = await api('POST', '/authentication/passkeyRegistrationOptions', { token, body: {} })
    expect(asked.status).toBe(401)
    expect(asked.body.mfa_required).toBe(true)
    const given = await api('POST', '/authentication/passkeyRegistrationOptions', {
      token,
      body: {},
      headers: { [HEADER]: code() },
    })
    expect(given.status, JSON.stringify(given.body)).toBe(200)
  })
})

describe("an agency's requirement of a second factor", () => {
  it('its user_management requires one: its people without one are sent to set it up; others may not change it', async () => {
    const { agency, token: owner } = await agencyWithToken()
    const clerk = await agencyUserWith(agency.id, ['quote'])
    const refused = await api('POST', `${BASE}/setUsersSecondFactor`, {
      token: clerk,
      body: { required: true },
    })
    expect(refused.status).toBe(403)
    expect(await landing(agencyUsersPage.loader, '/agency/users', owner)).toBeNull()

    const set = await api('POST', `${BASE}/setUsersSecondFactor`, { token: owner, body: { required: true } })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.data).toEqual({ users_need_second_factor: true })
    expect(await landing(agencyUsersPage.loader, '/agency/users', owner)).toBe('/account/security?required=1')
    expect(await landing(agencyHome.loader, '/agency', clerk)).toBe('/account/security?required=1')
    // Another agency is not touched.
    const other = await agencyWithToken()
    expect(await landing(agencyUsersPage.loader, '/agency/users', other.token)).toBeNull()

    const actor = (await actorForToken(clerk))!
    const email = (actor as { email: string }).email
    const { key } = await startTotpEnrolment({ actor })
    await confirmTotpEnrolment({ actor, code: codeAt(key, email) })
    expect(await landing(agencyHome.loader, '/agency', clerk)).toBeNull()

    expect(
      (await api('POST', `${BASE}/setUsersSecondFactor`, { token: owner, body: { required: 'yes' } })).status,
    ).toBe(400)
  })
})

/** Where a page sends the signed-in person (a redirect's target), or null when it opens. */
async function landing(loader: (args: any) => Promise<unknown>, path: string, token: string) {
  try {
    await loader({
      request: new Request(`http://test.local${path}`, { headers: { cookie: `oshc_session=${token}` } }),
      params: {},
      context: {},
    })
    return null
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 302) return thrown.headers.get('location')
    throw thrown
  }
}
