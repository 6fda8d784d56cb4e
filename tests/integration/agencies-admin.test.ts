import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseWithZod } from '@conform-to/zod/v4'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencies,
  agencyBalances,
  agencyConfigurations,
  agencyDocuments,
  agencyHistories,
  agencyPaymentMethodConfigs,
  countries,
  identities,
  purchaseRules,
  tasks,
} from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { receiveUpload } from '../../domain/files/storage'
import { onboardingProcess } from '../../domain/agencies/onboarding-workflow/onboarding-process'
import { agencyUserWith, agencyWithToken, api, lastMail, staffToken, staffWith } from '../setup/api'
import { startWorker } from '../setup/worker'
import { eventsFor } from '../setup/notifications'
import * as listPage from '../../app/routes/staff+/agencies._index'
import * as exportRoute from '../../app/routes/staff+/agencies.export'
import * as invitePage from '../../app/routes/staff+/agencies.invite'
import * as agencyLayout from '../../app/routes/staff+/agencies.$agencyId'
import * as overviewPage from '../../app/routes/staff+/agencies.$agencyId._index/route'
import * as configurationPage from '../../app/routes/staff+/agencies.$agencyId.configuration/route'
import * as agreementPage from '../../app/routes/staff+/agencies.$agencyId.agreement/route'
import * as historyPage from '../../app/routes/staff+/agencies.$agencyId.history'
import * as usersPage from '../../app/routes/staff+/agencies.$agencyId.users'
import { configureSchema } from '../../app/utils/agency-forms.schemas'

const BASE = '/agencies/agency-management'
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

let stopWorker: () => Promise<void>
let staff: string
const country: Record<string, number> = {}

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

/** Uploads a small PDF through the presigned-URL flow as `token`; returns its key. */
async function uploadPdf(token: string, filename = 'agreement.pdf') {
  const r = await api('POST', '/files/getUploadPresignedUrl', {
    token,
    body: { filename, content_type: 'application/pdf', size: PDF.length, folder: 'private' },
  })
  expect(r.status).toBe(200)
  const url = new URL(r.body.data.url)
  const key = decodeURIComponent(url.pathname.slice('/files/upload/'.length))
  expect(key).toBe(r.body.data.key)
  await receiveUpload(key, url.searchParams, 'application/pdf', PDF)
  return key as string
}

beforeAll(async () => {
  stopWorker = await startWorker()
  staff = await staffToken()
  for (const iso2 of ['AU', 'NZ', 'IN']) {
    const [c] = await getDb().select({ id: countries.id }).from(countries).where(eq(countries.iso2, iso2))
    country[iso2] = c.id
  }
})
afterAll(() => stopWorker())

describe('agenciesByStatus and the export', () => {
  // Five agencies with known status, country, creation type and creation date; every list query is
  // restricted to them with agency_filter so other tests' agencies never disturb the counts.
  const spec = [
    {
      key: 'A',
      name: 'Alpha Zq Education',
      status: 'PENDING',
      iso2: 'AU',
      type: 'SELF_SIGNUP',
      created: '2025-01-10T09:00:00Z',
    },
    {
      key: 'B',
      name: 'Bravo Zq Study',
      status: 'SIGN_UP_REQUEST_SENT',
      iso2: 'NZ',
      type: 'INVITATION',
      created: '2025-02-15T00:00:00Z',
    },
    {
      key: 'C',
      name: 'Charlie Zq Visas',
      status: 'COMPANY_DETAIL_STEP_TWO_DONE',
      iso2: 'AU',
      type: 'REFERRAL',
      created: '2025-03-20T12:00:00Z',
    },
    {
      key: 'D',
      name: 'Delta Zq College',
      status: 'CONFIGURATION_DONE',
      iso2: 'IN',
      type: 'SELF_SIGNUP',
      created: '2025-04-25T23:59:00Z',
    },
    {
      key: 'E',
      name: 'Echo Zq Migration',
      status: 'PORTAL_ACTIVATED',
      iso2: 'AU',
      type: 'INVITATION',
      created: '2025-05-30T08:00:00Z',
    },
  ] as const
  const ids: Record<string, number> = {}
  const names = (body: { data: { full_company_name: string }[] }) =>
    body.data.map((a) => a.full_company_name[0])
  const list = (query: Record<string, string | string[]>, token = staff) =>
    api('GET', `${BASE}/agenciesByStatus`, {
      token,
      query: { agency_filter: Object.values(ids).join(','), ...query },
    })

  beforeAll(async () => {
    for (const s of spec) {
      const a = await createAgency(getDb(), {
        status: s.status,
        name: s.name,
        email: `${s.key.toLowerCase()}.zq-${Date.now()}@example.test`,
      })
      await getDb()
        .update(agencies)
        .set({ country_id: country[s.iso2], creation_type: s.type, created_at: new Date(s.created) })
        .where(eq(agencies.id, a.id))
      ids[s.key] = a.id
    }
  })

  it('filters by a status list, given comma-separated or repeated', async () => {
    const grouped = await list({ status: 'SIGN_UP_REQUEST_SENT,LOGIN_CRED_CHANGED' })
    expect(grouped.status).toBe(200)
    expect(names(grouped.body)).toEqual(['B'])
    const repeated = await list({
      status: ['PENDING', 'PORTAL_ACTIVATED'],
      sort_key: 'full_company_name',
      sort_direction: 'true',
    })
    expect(names(repeated.body)).toEqual(['A', 'E'])
    expect(repeated.body.data[0].status_group).toBe('Pending')
    expect(repeated.body.data[1].display_name).toBe('Portal Activated')
  })

  it('filters by country, creation type and creation dates (inclusive)', async () => {
    const sorted = { sort_key: 'full_company_name', sort_direction: 'asc' }
    expect(names((await list({ ...sorted, country_filter: String(country.NZ) })).body)).toEqual(['B'])
    expect(names((await list({ ...sorted, country_filter: `${country.NZ},${country.IN}` })).body)).toEqual([
      'B',
      'D',
    ])
    expect(names((await list({ ...sorted, creation_type_filter: 'INVITATION' })).body)).toEqual(['B', 'E'])
    const dates = await list({ ...sorted, start_date_filter: '2025-02-15', end_date_filter: '2025-04-25' })
    expect(names(dates.body)).toEqual(['B', 'C', 'D'])
    const combined = await list({
      ...sorted,
      country_filter: String(country.AU),
      creation_type_filter: 'INVITATION,REFERRAL',
    })
    expect(names(combined.body)).toEqual(['C', 'E'])
  })

  it('searches company, e-mail and contact case-insensitively with global_filter', async () => {
    const byName = await api('GET', `${BASE}/agenciesByStatus`, {
      token: staff,
      query: { global_filter: 'bravo zq' },
    })
    expect(byName.status).toBe(200)
    expect(byName.body.data.map((a: { id: number }) => a.id)).toEqual([ids.B])
    const byEmail = await api('GET', `${BASE}/agenciesByStatus`, {
      token: staff,
      query: { global_filter: 'D.ZQ-' },
    })
    expect(byEmail.body.data.map((a: { id: number }) => a.id)).toEqual([ids.D])
  })

  it('sorts in both directions and pages with pageInfo', async () => {
    const asc = await list({ sort_key: 'full_company_name', sort_direction: 'true' })
    expect(names(asc.body)).toEqual(['A', 'B', 'C', 'D', 'E'])
    const desc = await list({ sort_key: 'full_company_name', sort_direction: 'false' })
    expect(names(desc.body)).toEqual(['E', 'D', 'C', 'B', 'A'])
    const byDate = await list({ sort_key: 'created_at' })
    expect(names(byDate.body)).toEqual(['E', 'D', 'C', 'B', 'A'])

    const page2 = await list({
      sort_key: 'full_company_name',
      sort_direction: 'asc',
      page: '2',
      perPage: '2',
    })
    expect(names(page2.body)).toEqual(['C', 'D'])
    expect(page2.body.pageInfo).toEqual({ page: 2, perPage: 2, total: 5, totalPages: 3 })
    const page3 = await list({
      sort_key: 'full_company_name',
      sort_direction: 'asc',
      page: '3',
      perPage: '2',
    })
    expect(names(page3.body)).toEqual(['E'])
  })

  it('refuses unknown sort keys, statuses and page numbers with 400', async () => {
    const badSort = await list({ sort_key: 'password_hash' })
    expect(badSort.status).toBe(400)
    expect(badSort.body.errors.sort_key).toEqual(['Unknown sort key'])
    const badStatus = await list({ status: 'NOT_A_STATUS' })
    expect(badStatus.status).toBe(400)
    expect(badStatus.body.errors['status.0']).toEqual(['Invalid status'])
    const badPage = await list({ page: 'two' })
    expect(badPage.status).toBe(400)
    expect(badPage.body.errors.page).toEqual(['Not a number'])
  })

  it('exports the filtered list as CSV, without the page limit', async () => {
    const r = await api('POST', `${BASE}/exportAgenciesReport`, {
      token: staff,
      query: {
        agency_filter: Object.values(ids).join(','),
        creation_type_filter: 'INVITATION,SELF_SIGNUP',
        sort_key: 'full_company_name',
        sort_direction: 'true',
        perPage: '1',
      },
    })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(r.headers.get('content-disposition')).toContain('agencies.csv')
    const lines = (r.body as string).split('\r\n').filter(Boolean)
    expect(lines[0]).toBe(
      'ID,Company,Email,Contact person,Contact number,Country,Status,Group,Creation type,Created at',
    )
    expect(lines).toHaveLength(1 + 4)
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([
      'Alpha Zq Education',
      'Bravo Zq Study',
      'Delta Zq College',
      'Echo Zq Migration',
    ])
    expect(lines[2]).toContain(
      ',New Zealand,SIGN_UP_REQUEST_SENT,Account created,INVITATION,2025-02-15T00:00:00.000Z',
    )
  })

  it('exports XLSX with format=xlsx', async () => {
    const r = await api('POST', `${BASE}/exportAgenciesReport`, {
      token: staff,
      query: { agency_filter: Object.values(ids).join(','), format: 'xlsx' },
    })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect((r.body as string).startsWith('PK\u0003\u0004')).toBe(true)
  })
})

describe('access: tenant isolation and permissions', () => {
  it('answers 404 to an agency reading or writing another agency, and 200 for its own', async () => {
    const { agency: own, token } = await agencyWithToken('PORTAL_ACTIVATED')
    const other = await createAgency(getDb(), { status: 'COMPANY_DETAIL_DONE', name: 'Other Agency Pty' })
    const reads = (id: number, email: string) => [
      api('GET', `${BASE}/getAgency`, { token, query: { id: String(id) } }),
      api('GET', `${BASE}/getAgency`, { token, query: { email } }),
      api('GET', `/agencies/user-management/getAgency`, { token, query: { id: String(id) } }),
      api('GET', `${BASE}/getAgencyBankDetail/${id}`, { token }),
      api('GET', `${BASE}/getAgencyConfiguration/${id}`, { token }),
      api('GET', `${BASE}/getAgencyDocument/${id}`, { token }),
      api('GET', `${BASE}/getAgencyHistories/${id}`, { token }),
    ]
    for (const r of await Promise.all(reads(other.id, other.email))) {
      expect(r.status).toBe(404)
      expect(r.body.message).toBe('Agency not found')
      expect(JSON.stringify(r.body)).not.toContain('Other Agency Pty')
    }
    for (const r of await Promise.all(reads(own.id, own.email))) expect(r.status).toBe(200)

    const writes = [
      api('POST', `${BASE}/updateAgency/${other.id}`, {
        token,
        body: {
          full_company_name: 'Hijacked',
          full_company_address: '1 Bad Street',
          contact_person: 'Mallory',
          country_id: country.AU,
          contact_number: '0400 000 000',
        },
      }),
      api('POST', `${BASE}/updateAgencyAddress/${other.id}`, {
        token,
        body: {
          street_address_1: '1 Bad Street',
          post_code: '2000',
          policy_comms_email: 'bad@example.test',
          finance_comms_email: 'bad@example.test',
        },
      }),
      api('POST', `${BASE}/updateAgencyBank/${other.id}`, {
        token,
        body: { bank: 'Bad Bank', bank_account_name: 'Mallory', account_number: '000000' },
      }),
    ]
    for (const r of await Promise.all(writes)) expect(r.status).toBe(404)
    const [after] = await getDb().select().from(agencies).where(eq(agencies.id, other.id))
    expect(after.full_company_name).toBe('Other Agency Pty')
    expect(after.street_address_1).toBe('1 George Street')
  })

  it('answers 403 to an agency on staff calls and 401 without a session', async () => {
    const { agency, token } = await agencyWithToken('PORTAL_ACTIVATED')
    expect((await api('GET', `${BASE}/agenciesByStatus`, { token })).status).toBe(403)
    const v2 = await api('POST', `${BASE}/upsertAgencyConfigurationV2`, {
      token,
      body: { agency_Id: agency.id, buy_now_pay_later_amount: 0 },
    })
    expect(v2.status).toBe(403)
    const status = await api('POST', `${BASE}/updateAdminAgencyStatus/${agency.id}`, {
      token,
      body: { status: 'PORTAL_DEACTIVATED' },
    })
    expect(status.status).toBe(403)
    expect(status.body.message).toBe('You do not have permission to do this')
    const [unchanged] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
    expect(unchanged.status).toBe('PORTAL_ACTIVATED')

    expect((await api('GET', `${BASE}/agenciesByStatus`)).status).toBe(401)
    expect((await api('GET', `${BASE}/getAgency`, { query: { id: String(agency.id) } })).status).toBe(401)
  })

  it('needs an e-mail or an id on getAgency', async () => {
    const r = await api('GET', `${BASE}/getAgency`, { token: staff })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('Please provide either email or id')
    expect(r.body.errors.email).toEqual(['Please provide either email or id'])
  })
})

describe('configuration V2', () => {
  it('reports every rule with the exact message on the exact field', async () => {
    const agency = await createAgency(getDb(), { status: 'CONFIGURATION_DONE' })
    const r = await api('POST', `${BASE}/upsertAgencyConfigurationV2`, {
      token: staff,
      body: {
        agency_Id: agency.id,
        paymentBasedConfigs: [
          {
            insurance_provider_id: 1,
            commission_rate: 0,
            paymentMethods: [
              { payment_method: 'bank', is_payment_method_enabled: true, commission_rate: -1 },
              { payment_method: 'card', is_payment_method_enabled: true, commission_rate: 100 },
            ],
          },
          { insurance_provider_id: 2, commission_rate: 101, credit_amount: 10001 },
        ],
        ovhcData: [
          { provider_id: 1, commission_rate: 0 },
          { provider_id: 2, commission_rate: 100 },
        ],
      },
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({
      buy_now_pay_later_amount: ['Buy Now Pay Later amount is required'],
      'paymentBasedConfigs.0.commission_rate': ['Commission rate must be more than 0%'],
      'paymentBasedConfigs.0.paymentMethods.0.commission_rate': [
        'Commission rate must be greater or equals to zero',
      ],
      'paymentBasedConfigs.0.paymentMethods.1.commission_rate': ['Commission rate must be less than 100'],
      'paymentBasedConfigs.1.commission_rate': ['must be at most 100'],
      'paymentBasedConfigs.1.credit_amount': ['must be at most 10000'],
      'ovhcData.0.commission_rate': ['Commission rate must be more than 0'],
      'ovhcData.1.commission_rate': ['Commission rate must be less than 100'],
    })
    const saved = await getDb()
      .select()
      .from(agencyConfigurations)
      .where(eq(agencyConfigurations.agency_id, agency.id))
    expect(saved.map((c) => c.commission_rate).sort()).toEqual(['10.00', '12.50'])
  })

  it('saves providers, payment methods, a purchase rule and the BNPL allowance; deletes the rule', async () => {
    const agency = await createAgency(getDb(), { status: 'CONFIGURATION_DONE' })
    const r = await api('POST', `${BASE}/upsertAgencyConfigurationV2`, {
      token: staff,
      body: {
        agency_Id: agency.id,
        buy_now_pay_later_amount: '1500.50',
        paymentBasedConfigs: [
          {
            insurance_provider_id: 4,
            commission_rate: 7.25,
            is_buy_now_pay_later_enabled: true,
            credit_amount: 200,
            paymentMethods: [
              { payment_method: 'nexpay', is_payment_method_enabled: true, commission_rate: 0 },
              { payment_method: 'bnpl', is_payment_method_enabled: false, commission_rate: 1.5 },
            ],
          },
        ],
        purchase_rule: [
          {
            should_buy_insurance_provider_id: 1,
            should_buy_policy_type: 'SINGLE',
            should_buy_quantity: 3,
            can_buy_policy_type: 'FAMILY',
            can_buy_insurance_provider_id: 4,
          },
        ],
      },
    })
    expect(r.status).toBe(200)
    expect(r.body.data.meta.buy_now_pay_later_amount).toBe(1500.5)
    const [config] = await getDb()
      .select()
      .from(agencyConfigurations)
      .where(
        and(eq(agencyConfigurations.agency_id, agency.id), eq(agencyConfigurations.insurance_provider_id, 4)),
      )
    expect(config).toMatchObject({
      commission_rate: '7.25',
      credit_amount: '200.00',
      is_buy_now_pay_later_enabled: true,
    })
    const methods = await getDb()
      .select()
      .from(agencyPaymentMethodConfigs)
      .where(eq(agencyPaymentMethodConfigs.agency_id, agency.id))
    expect(
      methods.map((m) => [m.payment_method, m.is_payment_method_enabled, m.commission_rate]).sort(),
    ).toEqual([
      ['bnpl', false, '1.50'],
      ['nexpay', true, '0.00'],
    ])
    const [balance] = await getDb()
      .select()
      .from(agencyBalances)
      .where(eq(agencyBalances.agency_id, agency.id))
    expect(balance.buy_now_pay_later_amount).toBe(150050)
    const [rule] = await getDb().select().from(purchaseRules).where(eq(purchaseRules.agency_id, agency.id))
    expect(rule).toMatchObject({
      should_buy_quantity: 3,
      should_buy_policy_type: 'SINGLE',
      can_buy_policy_type: 'FAMILY',
    })

    const other = await createAgency(getDb(), { status: 'CONFIGURATION_DONE' })
    const foreign = await api('DELETE', `${BASE}/deletePurchaseRule`, {
      token: staff,
      body: { agency_id: other.id, purchase_rule_id: rule.id },
    })
    expect(foreign.status).toBe(404)
    const deleted = await api('DELETE', `${BASE}/deletePurchaseRule`, {
      token: staff,
      body: { agency_id: agency.id, purchase_rule_id: rule.id },
    })
    expect(deleted.status).toBe(200)
    expect(await getDb().select().from(purchaseRules).where(eq(purchaseRules.id, rule.id))).toEqual([])
    const again = await api('DELETE', `${BASE}/deletePurchaseRule`, {
      token: staff,
      body: { agency_id: agency.id, purchase_rule_id: rule.id },
    })
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('Purchase rule not found')
    const history = await getDb()
      .select()
      .from(agencyHistories)
      .where(eq(agencyHistories.agency_id, agency.id))
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['CONFIGURATION_SAVED', 'PURCHASE_RULE_DELETED']),
    )
  })

  it('completes the configuration step of a submitted agency through the workflow', async () => {
    const agency = await createAgency(getDb(), { status: 'COMPANY_DETAIL_DONE', submitted: true })
    await onboardingProcess().changed(agency.id)
    await waitFor(
      async () =>
        (await getDb().select().from(tasks).where(eq(tasks.agency_id, agency.id))).find(
          (t) => t.kind === 'AGENCY_CONFIGURATION' && !t.closed_at,
        ),
      'the configuration task',
    )
    const r = await api('POST', `${BASE}/upsertAgencyConfigurationV2`, {
      token: staff,
      body: {
        agency_Id: agency.id,
        buy_now_pay_later_amount: 0,
        paymentBasedConfigs: [{ insurance_provider_id: 1, commission_rate: 11 }],
      },
    })
    expect(r.status).toBe(200)
    const [after] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
    expect(after.status).toBe('CONFIGURATION_DONE')
  })
})

describe('agreement and activation', () => {
  it('takes a configured agency from the unsigned agreement to an active portal and back', async () => {
    const { agency, token } = await agencyWithToken('CONFIGURATION_DONE')
    const path = (call: string) => `${BASE}/${call}/${agency.id}`
    const status = async () =>
      (await getDb().select().from(agencies).where(eq(agencies.id, agency.id)))[0].status

    // Activating before the agreement is signed is an override: without a reason it is refused
    // (overrides themselves: tests/integration/agency-status-override.test.ts).
    const early = await api('POST', path('updateAdminAgencyStatus'), {
      token: staff,
      body: { status: 'PORTAL_ACTIVATED' },
    })
    expect(early.status).toBe(400)
    expect(early.body.message).toBe(
      'Give a reason: moving the agency from CONFIGURATION_DONE to PORTAL_ACTIVATED overrides its onboarding steps',
    )
    const other = await api('POST', path('updateAdminAgencyStatus'), {
      token: staff,
      body: { status: 'AGREEMENT_SIGNED' },
    })
    expect(other.status).toBe(400)
    expect(await status()).toBe('CONFIGURATION_DONE')

    await onboardingProcess().changed(agency.id)

    // Sending before an agreement is uploaded is refused.
    const noFile = await api('POST', path('sendUnsignedAgencyAgreementDocumentToAgency'), { token: staff })
    expect(noFile.status).toBe(409)
    expect(noFile.body.message).toBe('Upload the unsigned agreement before sending it')

    const unsignedKey = await uploadPdf(staff, 'agreement.pdf')
    const unsigned = await api('POST', path('uploadUnsignedAgencyAgreementDocument'), {
      token: staff,
      body: { agreement_id: 'AGR-ZQ-1', file_path: unsignedKey, filename: 'agreement.pdf' },
    })
    expect(unsigned.status).toBe(200)
    expect(unsigned.body.data.unsignedAgreementUrl).toMatch(/\/files\/download\//)
    expect(await status()).toBe('CONFIGURATION_DONE')
    // The agency does not see the agreement before it is sent.
    const hidden = await api('GET', path('getAgencyDocument'), { token })
    expect(hidden.status).toBe(200)
    expect(hidden.body.data.unsignedAgreementUrl).toBeNull()

    const sent = await api('POST', path('sendUnsignedAgencyAgreementDocumentToAgency'), { token: staff })
    expect(sent.status).toBe(200)
    expect(await status()).toBe('AGREEMENT_SENT')
    const [doc] = await getDb().select().from(agencyDocuments).where(eq(agencyDocuments.agency_id, agency.id))
    expect(doc).toMatchObject({
      agreement_id: 'AGR-ZQ-1',
      unsigned_agreement: unsignedKey,
      is_unsigned_agreement_sent: true,
    })
    expect((await lastMail(agency.email)).subject).toBe('Your agency agreement is ready to sign')
    expect((await api('GET', path('getAgencyDocument'), { token })).body.data.unsignedAgreementUrl).toMatch(
      /\/files\/download\//,
    )

    // Another agency cannot upload on this agency's behalf, nor use this agency's file.
    const intruder = await agencyWithToken('PORTAL_ACTIVATED')
    const intruderKey = await uploadPdf(intruder.token, 'signed.pdf')
    const foreign = await api('POST', path('uploadSignedAgencyAgreementDocument'), {
      token: intruder.token,
      body: { file_path: intruderKey, filename: 'signed.pdf' },
    })
    expect(foreign.status).toBe(404)
    const wrongFile = await api('POST', path('uploadSignedAgencyAgreementDocument'), {
      token,
      body: { file_path: intruderKey, filename: 'signed.pdf' },
    })
    expect(wrongFile.status).toBe(400)
    expect(wrongFile.body.errors.file_path).toEqual(['File not found'])

    const signedKey = await uploadPdf(token, 'signed.pdf')
    const signed = await api('POST', path('uploadSignedAgencyAgreementDocument'), {
      token,
      body: { file_path: signedKey, filename: 'signed.pdf' },
    })
    expect(signed.status).toBe(200)
    expect(signed.body.data.signedAgreementUrl).toMatch(/\/files\/download\//)
    expect(await status()).toBe('AGREEMENT_SIGNED')

    const activated = await api('POST', path('updateAdminAgencyStatus'), {
      token: staff,
      body: { status: 'PORTAL_ACTIVATED' },
    })
    expect(activated.status).toBe(200)
    expect(activated.body.data.status).toBe('PORTAL_ACTIVATED')
    const [active] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
    expect(active.status).toBe('PORTAL_ACTIVATED')
    expect(active.is_verfied).toBe(true)
    expect((await lastMail(agency.email)).subject).toBe('Your agency portal is active')

    const deactivated = await api('POST', path('updateAdminAgencyStatus'), {
      token: staff,
      body: { status: 'PORTAL_DEACTIVATED' },
    })
    expect(deactivated.status).toBe(200)
    expect(await status()).toBe('PORTAL_DEACTIVATED')
    const reactivated = await api('POST', path('updateAdminAgencyStatus'), {
      token: staff,
      body: { status: 'PORTAL_ACTIVATED' },
    })
    expect(reactivated.status).toBe(200)
    expect(await status()).toBe('PORTAL_ACTIVATED')

    const history = await api('GET', path('getAgencyHistories'), { token: staff })
    const steps = history.body.data.map(
      (h: { action: string; from_status: string | null; to_status: string | null }) => [
        h.action,
        h.from_status,
        h.to_status,
      ],
    )
    expect(steps).toEqual(
      expect.arrayContaining([
        ['UNSIGNED_AGREEMENT_UPLOADED', null, null],
        ['agreementSent', 'CONFIGURATION_DONE', 'AGREEMENT_SENT'],
        ['SIGNED_AGREEMENT_UPLOADED', 'AGREEMENT_SENT', 'AGREEMENT_SIGNED'],
        ['activatePortal', 'AGREEMENT_SIGNED', 'PORTAL_ACTIVATED'],
        ['PORTAL_DEACTIVATED', 'PORTAL_ACTIVATED', 'PORTAL_DEACTIVATED'],
        ['PORTAL_REACTIVATED', 'PORTAL_DEACTIVATED', 'PORTAL_ACTIVATED'],
      ]),
    )
    // The agency heard of the agreement, the activation, and its portal switched off and on; staff
    // of the signature.
    expect((await eventsFor([agency.identity_id!])).map((n) => n.event)).toEqual(
      expect.arrayContaining([
        'AGREEMENT_SENT',
        'PORTAL_ACTIVATED',
        'PORTAL_DEACTIVATED',
        'PORTAL_REACTIVATED',
      ]),
    )
    expect((await eventsFor([agency.identity_id!], ['PORTAL_DEACTIVATED'])).map((n) => n.link)).toEqual([
      '/onboarding/deactivated',
    ])
    const [admin] = await getDb()
      .select({ id: identities.id })
      .from(identities)
      .where(eq(identities.email, 'admin@oshc.local'))
    const signedNotice = await eventsFor([admin.id], ['AGREEMENT_SIGNED'])
    expect(signedNotice.map((n) => n.link)).toContain(`/staff/agencies/${agency.id}`)
  })
})

describe('staff screens (loaders and actions, as a browser without JavaScript posts them)', () => {
  const ORIGIN = 'http://test.local'
  const get = (path: string, token = staff) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (path: string, form: FormData | Record<string, string>, token = staff) => {
    const body = form instanceof FormData ? form : new URLSearchParams(form)
    return new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
      body,
    })
  }
  const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })
  /** An action's answer: a redirect Response, or Remix `data()` holding Conform's reply. */
  type Reply = {
    status: number
    location: string | null
    cookie: string | null
    error: Record<string, string[] | null>
  }
  function reply(result: unknown): Reply {
    if (result instanceof Response) {
      return {
        status: result.status,
        location: result.headers.get('location'),
        cookie: result.headers.get('set-cookie'),
        error: {},
      }
    }
    const r = result as {
      data: { error?: Record<string, string[] | null> }
      init: { status?: number } | null
    }
    return { status: r.init?.status ?? 200, location: null, cookie: null, error: r.data.error ?? {} }
  }
  async function thrown(p: Promise<unknown>) {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(Response)
    return err as Response
  }
  const agencyRow = async (id: number) =>
    (await getDb().select().from(agencies).where(eq(agencies.id, id)))[0]

  it('lists by status tab and filters; refuses agencies and bad sort keys', async () => {
    const a = await createAgency(getDb(), { status: 'COMPANY_DETAIL_STEP_ONE_DONE', name: 'Yx Screen One' })
    await createAgency(getDb(), { status: 'CONFIGURATION_DONE', name: 'Yx Screen Two' })
    const tab = 'COMPANY_DETAIL_STEP_ONE_DONE,COMPANY_DETAIL_STEP_TWO_DONE,COMPANY_DETAIL_DONE'
    const page = await listPage.loader(
      args(
        get(
          `/staff/agencies?status=${encodeURIComponent(tab)}&global_filter=yx+screen&country_filter=&start_date_filter=&creation_type_filter=`,
        ),
      ),
    )
    expect(page.rows.map((r) => r.id)).toEqual([a.id])
    expect(page.pageInfo.total).toBe(1)
    expect(page.tabs.filter((t) => t.active).map((t) => t.label)).toEqual(['Company details added'])
    expect(page.tabs.map((t) => t.label)).toEqual([
      'Pending',
      'Account created',
      'Company details added',
      'Agency configured',
      'Agreement sent',
      'Agreement signed',
      'Portal activated',
      'Portal deactivated',
      'All',
    ])
    const all = await listPage.loader(
      args(get('/staff/agencies?global_filter=yx+screen&sort_key=full_company_name&sort_direction=true')),
    )
    expect(all.rows.map((r) => r.full_company_name)).toEqual(['Yx Screen One', 'Yx Screen Two'])
    expect(all.tabs.find((t) => t.active)?.label).toBe('All')

    expect((await thrown(listPage.loader(args(get('/staff/agencies?sort_key=nope'))))).status).toBe(400)
    const { token } = await agencyWithToken('PORTAL_ACTIVATED')
    expect((await thrown(listPage.loader(args(get('/staff/agencies', token))))).status).toBe(403)
    expect(
      (await thrown(listPage.loader(args(new Request(`${ORIGIN}/staff/agencies`))))).headers.get('location'),
    ).toMatch(/^\/login/)

    const csv = await exportRoute.loader(
      args(
        get(
          '/staff/agencies/export?global_filter=yx+screen&sort_key=full_company_name&sort_direction=true&end_date_filter=',
        ),
      ),
    )
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = (await csv.text()).split('\r\n').filter(Boolean)
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Yx Screen One', 'Yx Screen Two'])
    const xlsx = await exportRoute.loader(
      args(get('/staff/agencies/export?global_filter=yx+screen&format=xlsx')),
    )
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]))
  })

  it('invites an agency, showing a duplicate as a form error', async () => {
    const email = `invited-${Date.now()}@example.test`
    const ok = reply(
      await invitePage.action(args(post('/staff/agencies/invite', { email, mainBranchEmail: '' }))),
    )
    expect(ok.status).toBe(302)
    expect(ok.location).toBe('/staff/agencies?status=PENDING')
    expect(ok.cookie).toContain('oshc_toast=')
    const [invited] = await getDb().select().from(agencies).where(eq(agencies.email, email))
    expect(invited).toMatchObject({ status: 'PENDING', creation_type: 'INVITATION', main_branch_email: null })
    expect((await lastMail(email)).subject).toBe('You are invited to sell OSHC with us')

    const duplicate = reply(await invitePage.action(args(post('/staff/agencies/invite', { email }))))
    expect(duplicate.status).toBe(409)
    expect(duplicate.error['']).toEqual(['An agency with this email already exists'])
    const invalid = reply(
      await invitePage.action(args(post('/staff/agencies/invite', { email: 'not-an-email' }))),
    )
    expect(invalid.status).toBe(400)
    expect(invalid.error.email).toEqual(['Invalid email'])
  })

  it('saves the configuration form with V2 errors under the inputs of the right insurer', async () => {
    const agency = await createAgency(getDb(), { status: 'CONFIGURATION_DONE', commission: { 1: '10.00' } })
    const path = `/staff/agencies/${agency.id}/configuration`
    const page = await configurationPage.loader(args(get(path), { agencyId: String(agency.id) }))
    const rows = page.defaultValue.paymentBasedConfigs
    expect(rows).toHaveLength(6)
    expect(rows.filter((r) => r.configured === 'on').map((r) => r.insurance_provider_id)).toEqual(['1'])
    const target = rows.findIndex((r) => r.insurance_provider_id === '6')
    expect(target).toBeGreaterThanOrEqual(0)

    /** The form as the browser posts it: every row, checkboxes only when ticked. */
    const form = (edit: (f: FormData) => void) => {
      const f = new FormData()
      f.set('intent', 'configure')
      rows.forEach((r, i) => {
        const at = `paymentBasedConfigs[${i}]`
        f.set(`${at}.insurance_provider_id`, r.insurance_provider_id)
        if (r.configured) f.set(`${at}.configured`, 'on')
        f.set(`${at}.commission_rate`, r.commission_rate)
        f.set(`${at}.credit_amount`, r.credit_amount)
        f.set(`${at}.credit_currency`, r.credit_currency)
        r.paymentMethods.forEach((m, k) => {
          f.set(`${at}.paymentMethods[${k}].payment_method`, m.payment_method)
          f.set(`${at}.paymentMethods[${k}].commission_rate`, m.commission_rate)
          if (m.is_payment_method_enabled) f.set(`${at}.paymentMethods[${k}].is_payment_method_enabled`, 'on')
        })
      })
      edit(f)
      return f
    }
    const params = { agencyId: String(agency.id) }
    const wrong = () =>
      form((f) => {
        f.set(`paymentBasedConfigs[${target}].configured`, 'on')
        f.set(`paymentBasedConfigs[${target}].commission_rate`, '0')
        f.set('buy_now_pay_later_amount', '')
      })
    const invalid = reply(await configurationPage.action(args(post(path, wrong()), params)))
    expect(invalid.status).toBe(400)
    expect(invalid.error).toEqual({
      [`paymentBasedConfigs[${target}].commission_rate`]: ['Commission rate must be more than 0%'],
      buy_now_pay_later_amount: ['Buy Now Pay Later amount is required'],
    })
    // The browser validates with the same schema, so it shows these errors before submitting.
    expect(parseWithZod(wrong(), { schema: configureSchema(agency.id) }).reply().error).toEqual(invalid.error)

    const saved = reply(
      await configurationPage.action(
        args(
          post(
            path,
            form((f) => {
              f.set(`paymentBasedConfigs[${target}].configured`, 'on')
              f.set(`paymentBasedConfigs[${target}].commission_rate`, '9.5')
              f.set(`paymentBasedConfigs[${target}].is_buy_now_pay_later_enabled`, 'on')
              // bnpl unticked; nexpay cannot be switched off even when its box is missing.
              f.delete(`paymentBasedConfigs[${target}].paymentMethods[4].is_payment_method_enabled`)
              f.delete(`paymentBasedConfigs[${target}].paymentMethods[0].is_payment_method_enabled`)
              f.set('buy_now_pay_later_amount', '250')
            }),
          ),
          params,
        ),
      ),
    )
    expect(saved.status).toBe(302)
    expect(saved.location).toBe(`/staff/agencies/${agency.id}/configuration`)
    const [config] = await getDb()
      .select()
      .from(agencyConfigurations)
      .where(
        and(eq(agencyConfigurations.agency_id, agency.id), eq(agencyConfigurations.insurance_provider_id, 6)),
      )
    expect(config).toMatchObject({ commission_rate: '9.50', is_buy_now_pay_later_enabled: true })
    const methods = await getDb()
      .select()
      .from(agencyPaymentMethodConfigs)
      .where(
        and(
          eq(agencyPaymentMethodConfigs.agency_id, agency.id),
          eq(agencyPaymentMethodConfigs.insurance_provider_id, 6),
        ),
      )
    expect(Object.fromEntries(methods.map((m) => [m.payment_method, m.is_payment_method_enabled]))).toEqual({
      nexpay: true,
      bank: true,
      card: true,
      agency_balance: true,
      bnpl: false,
    })
    const [balance] = await getDb()
      .select()
      .from(agencyBalances)
      .where(eq(agencyBalances.agency_id, agency.id))
    expect(balance.buy_now_pay_later_amount).toBe(25000)

    const rule = {
      intent: 'add-rule',
      should_buy_quantity: '2',
      should_buy_policy_type: 'SINGLE',
      should_buy_insurance_provider_id: '1',
      can_buy_policy_type: 'COUPLE',
      can_buy_insurance_provider_id: '6',
    }
    const badRule = reply(
      await configurationPage.action(args(post(path, { ...rule, should_buy_quantity: '0' }), params)),
    )
    expect(badRule.status).toBe(400)
    expect(badRule.error.should_buy_quantity).toEqual(['must be at least 1'])
    expect(reply(await configurationPage.action(args(post(path, rule), params))).status).toBe(302)
    const [added] = await getDb().select().from(purchaseRules).where(eq(purchaseRules.agency_id, agency.id))
    expect(added).toMatchObject({
      should_buy_quantity: 2,
      can_buy_policy_type: 'COUPLE',
      can_buy_insurance_provider_id: 6,
    })
    const [balanceAfterRule] = await getDb()
      .select()
      .from(agencyBalances)
      .where(eq(agencyBalances.agency_id, agency.id))
    expect(balanceAfterRule.buy_now_pay_later_amount).toBe(25000)
    const del = reply(
      await configurationPage.action(
        args(post(path, { intent: 'delete-rule', purchase_rule_id: String(added.id) }), params),
      ),
    )
    expect(del.status).toBe(302)
    expect(await getDb().select().from(purchaseRules).where(eq(purchaseRules.agency_id, agency.id))).toEqual(
      [],
    )
  })

  it('runs the overview and agreement actions and shows refusals as form errors', async () => {
    const agency = await createAgency(getDb(), { status: 'CONFIGURATION_DONE' })
    const params = { agencyId: String(agency.id) }
    const path = `/staff/agencies/${agency.id}`

    const early = reply(await overviewPage.action(args(post(path, { intent: 'activate' }), params)))
    expect(early.status).toBe(400)
    expect(early.error['']).toEqual([
      'Give a reason: moving the agency from CONFIGURATION_DONE to PORTAL_ACTIVATED overrides its onboarding steps',
    ])

    const admission = reply(
      await overviewPage.action(args(post(path, { intent: 'your-admission', active: 'true' }), params)),
    )
    expect(admission.location).toBe(path)
    expect((await agencyRow(agency.id)).is_yourAdmission_active).toBe(true)
    reply(await overviewPage.action(args(post(path, { intent: 'card-surcharge', enabled: 'true' }), params)))
    expect((await agencyRow(agency.id)).is_card_surcharge_enabled).toBe(true)

    const reset = reply(await overviewPage.action(args(post(path, { intent: 'password-reset' }), params)))
    expect(reset.status).toBe(302)
    expect((await lastMail(agency.email)).subject).toBe('Reset your password')

    const noFile = new FormData()
    noFile.set('intent', 'upload-unsigned')
    const missing = reply(await agreementPage.action(args(post(`${path}/agreement`, noFile), params)))
    expect(missing.status).toBe(400)
    expect(missing.error.unsigned_agreement).toEqual(['Choose a file to upload'])

    const upload = new FormData()
    upload.set('intent', 'upload-unsigned')
    upload.set('agreement_id', 'AGR-SCREEN-1')
    upload.set('unsigned_agreement', new File([PDF], 'screen-agreement.pdf', { type: 'application/pdf' }))
    const uploaded = reply(await agreementPage.action(args(post(`${path}/agreement`, upload), params)))
    expect(uploaded.status).toBe(302)
    expect(uploaded.location).toBe(`${path}/agreement`)
    const [doc] = await getDb().select().from(agencyDocuments).where(eq(agencyDocuments.agency_id, agency.id))
    expect(doc).toMatchObject({
      agreement_id: 'AGR-SCREEN-1',
      unsigned_agreement_filename: 'screen-agreement.pdf',
      is_unsigned_agreement_sent: false,
    })

    const view = await agreementPage.loader(args(get(`${path}/agreement`), params))
    expect(view.document?.unsignedAgreementUrl).toMatch(/\/files\/download\//)
    const history = await historyPage.loader(args(get(`${path}/history`), params))
    expect(history.history.map((h) => h.title)).toEqual(
      expect.arrayContaining([
        'Created by the demo data: Configured',
        'Unsigned agreement uploaded',
        'Your admission enabled',
      ]),
    )

    // The signed copy can only follow a sent agreement.
    const signed = new FormData()
    signed.set('intent', 'upload-signed')
    signed.set('signed_agreement', new File([PDF], 'signed.pdf', { type: 'application/pdf' }))
    const tooEarly = reply(await agreementPage.action(args(post(`${path}/agreement`, signed), params)))
    expect(tooEarly.status).toBe(409)
    expect(tooEarly.error['']?.[0]).toMatch(/after the agreement is sent/)

    expect(
      (await thrown(agencyLayout.loader(args(get('/staff/agencies/999999'), { agencyId: '999999' })))).status,
    ).toBe(404)
    expect((await thrown(overviewPage.action(args(post(path, { intent: 'nonsense' }), params)))).status).toBe(
      400,
    )
  })

  it('keeps the card surcharge to finance staff and the agency pages to agency management', async () => {
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
    const params = { agencyId: String(agency.id) }
    const path = `/staff/agencies/${agency.id}`
    const desk = await staffWith(['agency_management'])
    const view = await overviewPage.loader(args(get(path, desk), params))
    expect(view.canFinance).toBe(false)
    const refused = await thrown(
      overviewPage.action(args(post(path, { intent: 'card-surcharge', enabled: 'true' }, desk), params)),
    )
    expect(refused.status).toBe(403)
    expect((await agencyRow(agency.id)).is_card_surcharge_enabled).toBe(false)
    // The desk may still deactivate the portal.
    const off = reply(
      await agreementPage.action(args(post(`${path}/agreement`, { intent: 'deactivate' }, desk), params)),
    )
    expect(off.location).toBe(`${path}/agreement`)
    expect((await agencyRow(agency.id)).status).toBe('PORTAL_DEACTIVATED')

    const finance = await staffWith(['finance'])
    expect((await thrown(agencyLayout.loader(args(get(path, finance), params)))).status).toBe(403)
    expect((await thrown(listPage.loader(args(get('/staff/agencies', finance))))).status).toBe(403)
    expect(
      (
        await thrown(
          invitePage.action(args(post('/staff/agencies/invite', { email: 'x@example.test' }, finance))),
        )
      ).status,
    ).toBe(403)
    expect((await thrown(exportRoute.loader(args(get('/staff/agencies/export', finance))))).status).toBe(403)
    // Cookie-authenticated writes from another origin are refused before anything runs.
    const crossSite = new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: `oshc_session=${staff}`, origin: 'https://evil.example' },
      body: new URLSearchParams({ intent: 'deactivate' }),
    })
    expect((await thrown(overviewPage.action(args(crossSite, params)))).status).toBe(403)
  })

  it('sends the old ?tab= addresses to the nested tab routes', async () => {
    const agency = await createAgency(getDb(), { status: 'CONFIGURATION_DONE' })
    const params = { agencyId: String(agency.id) }
    const path = `/staff/agencies/${agency.id}`
    const moved = async (query: string) =>
      (await thrown(agencyLayout.loader(args(get(`${path}${query}`), params)))).headers.get('location')
    expect(await moved('?tab=configuration')).toBe(`${path}/configuration`)
    expect(await moved('?tab=agreement')).toBe(`${path}/agreement`)
    expect(await moved('?tab=overview')).toBe(path)
    expect(await moved('?tab=nonsense')).toBe(path)
    const frame = await agencyLayout.loader(args(get(path), params))
    expect(frame.agency).toMatchObject({ id: agency.id, status: 'CONFIGURATION_DONE' })
  })

  it('guards every tab loader and action itself, not only through the layout', async () => {
    const agency = await createAgency(getDb(), { status: 'CONFIGURATION_DONE' })
    const params = { agencyId: String(agency.id) }
    const path = `/staff/agencies/${agency.id}`
    const finance = await staffWith(['finance'])
    const loaders = [overviewPage, configurationPage, agreementPage, historyPage, usersPage]
    for (const page of loaders) {
      expect((await thrown(page.loader(args(get(path, finance), params)))).status).toBe(403)
      const anonymous = await thrown(page.loader(args(new Request(`${ORIGIN}${path}`), params)))
      expect(anonymous.headers.get('location')).toMatch(/^\/login/)
    }
    for (const page of [overviewPage, configurationPage, agreementPage]) {
      const refused = await thrown(page.action(args(post(path, { intent: 'deactivate' }, finance), params)))
      expect(refused.status).toBe(403)
    }
    expect((await agencyRow(agency.id)).status).toBe('CONFIGURATION_DONE')
  })

  it("lists the agency's users on the users tab for staff with user management", async () => {
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
    await agencyUserWith(agency.id, ['quote'])
    const params = { agencyId: String(agency.id) }
    const path = `/staff/agencies/${agency.id}/users`
    const page = await usersPage.loader(args(get(path), params))
    expect(page.users.map((u) => `${u.first_name} ${u.last_name}`)).toEqual(['Ada Agent'])
    expect((await agencyLayout.loader(args(get(path), params))).canSeeUsers).toBe(true)
    const desk = await staffWith(['agency_management'])
    expect((await thrown(usersPage.loader(args(get(path, desk), params)))).status).toBe(403)
    expect((await agencyLayout.loader(args(get(path, desk), params))).canSeeUsers).toBe(false)
  })
})
