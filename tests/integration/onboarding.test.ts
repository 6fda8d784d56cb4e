import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyHistories, identities, tasks } from '../../db/schema'
import { eventsFor } from '../setup/notifications'
import { api, codeFrom, lastMail, login, staffToken, tempPasswordFrom } from '../setup/api'
import { startWorker } from '../setup/worker'
import { remindOnboarding } from '../../domain/agencies/onboarding-workflow/remind-onboarding'
import { verifyPagePath } from '../../domain/agencies/onboarding/one-time-codes'

const BASE = '/agencies/agency-management'
let stopWorker: () => Promise<void>
let staff: string
let australia: number

beforeAll(async () => {
  stopWorker = await startWorker()
  staff = await staffToken()
  const r = await api('GET', '/addresses/countries').catch(() => null)
  australia = r?.status === 200 ? r.body.data.find((c: { iso2: string }) => c.iso2 === 'AU').id : 14
})
afterAll(() => stopWorker())

const registration = (email: string) => ({
  full_company_name: 'Koala Education',
  full_company_address: '10 Pitt Street, Sydney',
  contact_person: 'Kim Lee',
  email,
  contact_number: '+61 400 000 000',
  country_id: australia,
  has_accepted_terms_and_privacy_policy: true,
  recaptcha_token: 'test-token',
})

async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  what: string,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

const openTask = (agencyId: number, kind: string) =>
  waitFor(
    async () =>
      (await getDb().select().from(tasks).where(eq(tasks.agency_id, agencyId))).find(
        (t) => t.kind === kind && !t.closed_at,
      ),
    `open task ${kind}`,
  )

describe('agency onboarding through the API and the workflow', () => {
  it('takes a self-registered agency to an active portal', async () => {
    const email = `koala-${Date.now()}@example.test`
    const reg = await api('POST', `${BASE}/registerAgency`, { body: registration(email) })
    expect(reg.status).toBe(201)
    expect(reg.body.data.status).toBe('PENDING')
    expect(reg.body.data.country.iso2).toBe('AU')
    const agencyId: number = reg.body.data.id

    // Same e-mail again: 409.
    expect((await api('POST', `${BASE}/registerAgency`, { body: registration(email) })).status).toBe(409)

    // A wrong code is refused on the otp field, the mailed one verifies.
    const code = codeFrom((await lastMail(email)).text)!
    const wrong = code === '000000' ? '111111' : '000000'
    const bad = await api('POST', `${BASE}/verifyAgency`, { body: { agencyId, otp: wrong } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.otp).toEqual(['The code is not correct or has expired. Ask for a new code.'])
    expect((await api('POST', `${BASE}/verifyAgency`, { body: { agencyId, otp: code } })).status).toBe(200)

    expect((await api('POST', `${BASE}/createAgencyInCognito`, { body: { email } })).status).toBe(200)
    expect((await api('POST', `${BASE}/createAgencyInCognito`, { body: { email } })).status).toBe(409)
    const temp = tempPasswordFrom((await lastMail(email)).text)!
    let token = await login(email, temp)
    const changed = await api('POST', '/authentication/changePassword', {
      token,
      body: { currentPassword: temp, newPassword: 'Koala-Secret-2026' },
    })
    expect(changed.status).toBe(200)
    token = await login(email, 'Koala-Secret-2026')

    // Steps out of order are refused with a reason.
    const early = await api('POST', `${BASE}/updateAgencyBank/${agencyId}`, {
      token,
      body: { bank: 'ANZ', bank_account_name: 'Koala Education', account_number: '99887766' },
    })
    expect(early.status).toBe(409)

    const details = {
      full_company_name: 'Koala Education Pty Ltd',
      full_company_address: '10 Pitt Street, Sydney',
      contact_person: 'Kim Lee',
      country_id: australia,
      contact_number: '+61 400 000 000',
    }
    expect(
      (await api('POST', `${BASE}/updateAgency/${agencyId}`, { token, body: details })).body.data.status,
    ).toBe('COMPANY_DETAIL_STEP_ONE_DONE')
    const address = {
      street_address_1: '10 Pitt Street',
      post_code: '2000',
      policy_comms_email: email,
      finance_comms_email: email,
    }
    expect(
      (await api('POST', `${BASE}/updateAgencyAddress/${agencyId}`, { token, body: address })).body.data
        .status,
    ).toBe('COMPANY_DETAIL_STEP_TWO_DONE')
    const bank = {
      bank: 'ANZ',
      bank_account_name: 'Koala Education',
      account_number: '99887766',
      // GST registration needs an ABN that passes the checksum (issue 22 finding 7).
      abn: '51 824 753 556',
      is_gst_registered: true,
    }
    expect(
      (await api('POST', `${BASE}/updateAgencyBank/${agencyId}`, { token, body: bank })).body.data.status,
    ).toBe('COMPANY_DETAIL_DONE')

    // Staff cannot configure-complete before the request is submitted: saving config keeps the status.
    expect(
      (await api('POST', `${BASE}/submitAgencyRegistrationRequest`, { token, body: { agencyId } })).status,
    ).toBe(200)
    await openTask(agencyId, 'AGENCY_CONFIGURATION')

    // Sending the agreement before configuration is refused by the workflow/DB with a reason.
    const tooEarly = await api('POST', `${BASE}/sendUnsignedAgencyAgreementDocumentToAgency/${agencyId}`, {
      token: staff,
    })
    expect(tooEarly.status).toBe(409)
    expect(tooEarly.body.message).toMatch(/COMPANY_DETAIL_DONE/)

    const config = await api('POST', `${BASE}/upsertAgencyConfiguration`, {
      token: staff,
      body: {
        agency_id: agencyId,
        insurance_provider_id: 1,
        commission_rate: 12.5,
        credit_currency: 'AUD',
        is_buy_now_pay_later_enabled: false,
      },
    })
    expect(config.status).toBe(200)
    expect(config.body.data.data[0].commission_rate).toBe(12.5)
    const [afterConfig] = await getDb().select().from(agencies).where(eq(agencies.id, agencyId))
    expect(afterConfig.status).toBe('CONFIGURATION_DONE')
    await openTask(agencyId, 'AGENCY_AGREEMENT')
    const closed = (await getDb().select().from(tasks).where(eq(tasks.agency_id, agencyId))).find(
      (t) => t.kind === 'AGENCY_CONFIGURATION',
    )
    expect(closed?.closed_at).not.toBeNull()

    // Activation before signature is an override: refused without a reason.
    const activateEarly = await api('POST', `${BASE}/updateAdminAgencyStatus/${agencyId}`, {
      token: staff,
      body: { status: 'PORTAL_ACTIVATED' },
    })
    expect(activateEarly.status).toBe(400)
    expect(activateEarly.body.errors.reason).toHaveLength(1)

    const histories = await getDb()
      .select()
      .from(agencyHistories)
      .where(eq(agencyHistories.agency_id, agencyId))
    expect(histories.map((h) => h.action)).toEqual(
      expect.arrayContaining([
        'REGISTERED',
        'EMAIL_VERIFIED',
        'LOGIN_CREATED',
        'PASSWORD_CHANGED',
        'REGISTRATION_REQUEST_SUBMITTED',
        'configurationDone',
      ]),
    ) // Each step told the other side: staff of the request, the agency of its configuration.
    const [agencyRow] = await getDb().select().from(agencies).where(eq(agencies.id, agencyId))
    const [admin] = await getDb()
      .select({ id: identities.id })
      .from(identities)
      .where(eq(identities.email, 'admin@oshc.local'))
    const staffHeard = await eventsFor([admin.id], ['REGISTRATION_REQUEST_SUBMITTED'])
    expect(staffHeard.map((n) => n.link)).toContain(`/staff/agencies/${agencyId}`)
    expect((await eventsFor([agencyRow.identity_id!])).map((n) => n.event)).toEqual([
      'AGENCY_CONFIGURATION_DONE',
    ])
  })

  it('reminds an agency that has not verified with its signed verify link (it has no login yet)', async () => {
    const email = `remind-${Date.now()}@example.test`
    const r = await api('POST', `${BASE}/registerAgency`, { body: registration(email) })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    await remindOnboarding({
      agencyId: r.body.data.id,
      workflowId: `agency-onboarding-${r.body.data.id}`,
      phase: 'verify',
      escalate: false,
    })
    const mail = await lastMail(email)
    expect(mail.text).toContain(verifyPagePath(r.body.data.id))
  })

  it('reports every registration rule with the exact message on the exact field', async () => {
    const r = await api('POST', `${BASE}/registerAgency`, {
      body: {
        full_company_name: 'K',
        full_company_address: 'x'.repeat(257),
        contact_person: ' ',
        email: 'nope',
        has_accepted_terms_and_privacy_policy: false,
      },
    })
    expect(r.status).toBe(400)
    expect(r.body.errors.full_company_name).toEqual(['must be at least 2 characters'])
    expect(r.body.errors.full_company_address).toEqual(['must be at most 256 characters'])
    expect(r.body.errors.contact_person).toEqual(['must be at least 2 characters'])
    expect(r.body.errors.email).toContain('Invalid email')
    expect(r.body.errors.contact_number).toEqual(['contact number is required.'])
    expect(r.body.errors.country_id).toEqual(['country_id is required'])
    expect(r.body.errors.has_accepted_terms_and_privacy_policy).toEqual([
      'Please accept the terms and privacy policy',
    ])
    expect(r.body.errors.recaptcha_token).toEqual(['recaptcha_token is required'])
  })

  it('reports the address, bank, agreement and lookup rules on their fields', async () => {
    const { agencyWithToken } = await import('../setup/api')
    const { agency, token } = await agencyWithToken('LOGIN_CRED_CHANGED')
    const address = await api('POST', `${BASE}/updateAgencyAddress/${agency.id}`, {
      token,
      body: {
        street_address_1: 'x',
        street_address_2: 'y'.repeat(257),
        post_code: '',
        policy_comms_email: 'a',
        finance_comms_email: 'nope',
        city_id: 'abc',
      },
    })
    expect(address.status).toBe(400)
    expect(address.body.errors.street_address_1).toEqual(['must be at least 2 characters'])
    expect(address.body.errors.street_address_2).toEqual(['must be at most 256 characters'])
    expect(address.body.errors.post_code).toEqual(['must be at least 2 characters'])
    expect(address.body.errors.policy_comms_email).toContain('must be at least 2 characters')
    expect(address.body.errors.finance_comms_email).toContain('Invalid email')
    expect(address.body.errors.city_id).toEqual(['Not a number'])

    const bank = await api('POST', `${BASE}/updateAgencyBank/${agency.id}`, {
      token,
      body: {
        bank: 'A',
        bank_account_name: '',
        account_number: '1'.repeat(257),
        abn: 'x'.repeat(257),
        is_gst_registered: 'maybe',
      },
    })
    expect(bank.status).toBe(400)
    expect(bank.body.errors.bank).toEqual(['must be at least 2 characters'])
    expect(bank.body.errors.bank_account_name).toEqual(['must be at least 2 characters'])
    expect(bank.body.errors.account_number).toEqual(['must be at most 256 characters'])
    expect(bank.body.errors.abn).toEqual(['must be at most 256 characters'])
    expect(bank.body.errors.is_gst_registered).toBeTruthy()

    const agreement = await api('POST', `${BASE}/uploadSignedAgencyAgreementDocument/${agency.id}`, {
      token,
      body: { file_path: 'x', filename: 'f'.repeat(101) },
    })
    expect(agreement.status).toBe(400)
    expect(agreement.body.errors.file_path).toEqual(['must be at least 2 characters'])
    expect(agreement.body.errors.filename).toEqual(['must be at most 100 characters'])

    const lookup = await api('GET', `${BASE}/getAgency`, { token: staff })
    expect(lookup.status).toBe(400)
    expect(lookup.body.message).toBe('Please provide either email or id')
    const nan = await api('GET', `${BASE}/getAgencyBankDetail/abc`, { token: staff })
    expect(nan.status).toBe(400)
    expect(nan.body.errors.agencyId).toEqual(['Not a number'])
  })
})
