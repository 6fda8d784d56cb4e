import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cities, countries, files, gstRates, states } from '../../db/schema'
import { clock } from '../../domain/shared/clock'
import { agencyWithToken, api, staffToken } from '../setup/api'

/**
 * Business ranges on the inputs shared by forms and API (hardening item 8) and the spec's
 * "required" messages for blank text (item 14). "Today" is pinned through the clock seam, so the
 * dates below read against a known day.
 */

const TODAY = '2027-03-15'
const POLICIES = '/agencies/policy-management'
const AGENCIES = '/agencies/agency-management'
const AGENCY_FINANCE = '/agencies/finance-management'

let staff: string
let A: Awaited<ReturnType<typeof agencyWithToken>>
let au: number
let nsw: number
let sydney: number
let seq = 0

// Every test (tests/setup/console.ts restores mocks after each one).
const pinToday = () => vi.spyOn(clock, 'now').mockReturnValue(new Date(`${TODAY}T12:00:00Z`))
beforeEach(() => {
  pinToday()
})

beforeAll(async () => {
  staff = await staffToken()
  A = await agencyWithToken()
  const db = getDb()
  ;[{ id: au }] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'AU'))
  ;[{ id: nsw }] = await db
    .select({ id: states.id })
    .from(states)
    .where(and(eq(states.country_id, au), eq(states.name, 'New South Wales')))
  ;[{ id: sydney }] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.state_id, nsw), eq(cities.name, 'Sydney')))
})

const unique = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}@example.test`

const personal = (over: Record<string, unknown> = {}) => ({
  first_name: 'Mia',
  last_name: 'Nguyen',
  email: unique('mia'),
  dob: '2004-03-02',
  country: au,
  has_accepted_terms: true,
  is_primary_visa_holder_and_eligible_to_apply: true,
  ...over,
})

const student = (policy: Record<string, unknown> = {}, customer: Record<string, unknown> = {}) => ({
  customer: {
    ...personal(customer),
    passport_number: 'PA1234567',
    education_institute: 'University of Sydney',
    has_australian_address: true,
    street_address_1: '1 George Street',
    state_id: nsw,
    city_id: sydney,
    post_code: '2000',
  },
  partner: null,
  family_members: [],
  policy: {
    insurance_provider_id: 1,
    policy_type: 'SINGLE',
    start_date: '2027-04-01',
    end_date: '2028-03-31',
    ...policy,
  },
})

const quotes = (query: Record<string, string>) =>
  api('GET', '/insurances/quotes', { token: A.token, query: { policyType: 'SINGLE', ...query } })

/** An uploaded receipt of agency A (as the presigned upload leaves it). */
async function receipt() {
  const key = `private/range-${Date.now().toString(36)}-${++seq}.pdf`
  await getDb().insert(files).values({
    key,
    folder: 'private',
    filename: 'receipt.pdf',
    content_type: 'application/pdf',
    size: 10,
    agency_id: A.agency.id,
    uploaded_at: new Date(),
  })
  return key
}

const topUp = async (over: Record<string, unknown>) =>
  api('POST', `${AGENCY_FINANCE}/doTopUpByAgency`, {
    token: A.token,
    body: {
      agency_id: A.agency.id,
      payment_method: 'BANK',
      receipt_url: await receipt(),
      amount: 10,
      ...over,
    },
  })

const LATEST_START = '2028-03-15' // TODAY + 12 months
const startTooFar = `Start date can be at most 12 months from today (${LATEST_START} at the latest)`
/** 2027-04-01 + 5 years 3 months, less a day. */
const tooLong = 'A policy can cover at most 5 years and 3 months (end date 2032-06-30 at the latest)'

describe('policy dates on quotes (GET /insurances/quotes)', () => {
  it.each([
    {
      name: 'an end in 3026',
      query: { startDate: '2027-04-01', endDate: '3026-03-31' },
      errors: { endDate: [tooLong] },
    },
    {
      name: 'six years of cover',
      query: { startDate: '2027-04-01', endDate: '2033-03-31' },
      errors: { endDate: [tooLong] },
    },
    {
      name: 'a start 13 months ahead',
      query: { startDate: '2028-04-15', endDate: '2029-04-14' },
      errors: { startDate: [startTooFar] },
    },
    {
      name: 'an end before the start',
      query: { startDate: '2027-04-01', endDate: '2027-03-31' },
      errors: { endDate: ['End date must be greater than start date'] },
    },
  ])('refuses $name with 400 on the field', async ({ query, errors }) => {
    for (const call of [
      '/insurances/quotes',
      '/insurances/getQuoteByProviderId/1',
      '/insurances/quotesServices',
    ]) {
      const r = await api('GET', call, { token: A.token, query: { policyType: 'SINGLE', ...query } })
      expect(r.status, call).toBe(400)
      expect(r.body.errors, call).toEqual(errors)
    }
  })

  it('accepts the longest cover and the furthest start', async () => {
    const longest = await quotes({ startDate: '2027-04-01', endDate: '2032-06-30' })
    expect(longest.status, JSON.stringify(longest.body)).toBe(200)
    expect(longest.body.data[0].days).toBe(1918)
    const furthest = await quotes({ startDate: LATEST_START, endDate: '2029-03-14' })
    expect(furthest.status, JSON.stringify(furthest.body)).toBe(200)
    // A start in the past stays possible (backdated cover).
    expect((await quotes({ startDate: '2026-12-01', endDate: '2027-11-30' })).status).toBe(200)
  })
})

describe('policy dates and dates of birth on the policy calls', () => {
  it.each([
    {
      name: 'six years of cover',
      policy: { end_date: '2033-03-31' },
      field: 'policy.end_date',
      message: tooLong,
    },
    {
      name: 'a start 13 months ahead',
      policy: { start_date: '2028-04-15', end_date: '2029-04-14' },
      field: 'policy.start_date',
      message: startTooFar,
    },
    {
      name: 'a student born in 2999',
      customer: { dob: '2999-01-01' },
      field: 'customer.dob',
      message: 'Date of birth cannot be in the future',
    },
    {
      name: 'a student born in 1899',
      customer: { dob: '1899-12-31' },
      field: 'customer.dob',
      message: 'Date of birth must be on or after 1900-01-01',
    },
  ])('createStudentDetails refuses $name', async ({ policy, customer, field, message }) => {
    const r = await api('POST', `${POLICIES}/createStudentDetails`, {
      token: A.token,
      body: student(policy, customer),
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({ [field]: [message] })
  })

  it('createStudentDetails accepts the edges: born 1900-01-01, the longest cover', async () => {
    const r = await api('POST', `${POLICIES}/createStudentDetails`, {
      token: A.token,
      body: student({ end_date: '2032-06-30' }, { dob: '1900-01-01' }),
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
  })

  it('checks the student, partner and dependant dates of birth on the step calls', async () => {
    for (const [dob, message] of [
      ['2999-01-01', 'Date of birth cannot be in the future'],
      ['2027-03-16', 'Date of birth cannot be in the future'],
      ['1899-12-31', 'Date of birth must be on or after 1900-01-01'],
    ]) {
      const r = await api('POST', `${POLICIES}/createCustomerDetails`, {
        token: A.token,
        body: personal({ dob }),
      })
      expect(r.status).toBe(400)
      expect(r.body.errors).toEqual({ dob: [message] })
    }
    // Born today is not in the future.
    const created = await api('POST', `${POLICIES}/createCustomerDetails`, {
      token: A.token,
      body: personal({ dob: TODAY, policy_type: 'FAMILY' }),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const family = await api('POST', `${POLICIES}/createOrUpdatePartneAndDependentDetails`, {
      token: A.token,
      body: {
        customer_id: created.body.data.customerId,
        policy_type: 'FAMILY',
        partner: { first_name: 'Sam', last_name: 'Nguyen', dob: '2999-01-01' },
        family_members: [{ first_name: 'Kim', last_name: 'Nguyen', dob: '1899-01-01' }],
      },
    })
    expect(family.status).toBe(400)
    expect(family.body.errors).toEqual({
      'partner.dob': ['Date of birth cannot be in the future'],
      'family_members.0.dob': ['Date of birth must be on or after 1900-01-01'],
    })
  })
})

describe('top-up dates and amounts', () => {
  it.each([
    {
      name: 'dated 1900',
      body: { topup_date: '1900-01-01' },
      field: 'topup_date',
      message: 'Top-up date cannot be more than 1 year ago',
    },
    {
      name: 'dated a year and a day ago',
      body: { topup_date: '2026-03-14' },
      field: 'topup_date',
      message: 'Top-up date cannot be more than 1 year ago',
    },
    {
      name: 'dated tomorrow',
      body: { topup_date: '2027-03-16' },
      field: 'topup_date',
      message: 'Top-up date cannot be in the future',
    },
    { name: 'of 0', body: { amount: 0 }, field: 'amount', message: 'Amount must be greater than 0' },
    {
      name: 'of 1,000,000.01',
      body: { amount: '1000000.01' },
      field: 'amount',
      message: 'Amount must be at most 1,000,000.00',
    },
  ])('refuses a top-up $name', async ({ body, field, message }) => {
    const r = await topUp(body)
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({ [field]: [message] })
  })

  it('accepts today, exactly a year ago and 1,000,000.00', async () => {
    for (const body of [
      { topup_date: TODAY, amount: 1_000_000 },
      { topup_date: '2026-03-15', amount: '0.01' },
    ]) {
      const r = await topUp(body)
      expect(r.status, JSON.stringify(r.body)).toBe(201)
    }
  })

  it('bounds the exchange-quote amount the same way', async () => {
    const post = (total_amount: unknown) =>
      api('POST', '/payment/quotesCreate', {
        token: A.token,
        body: { total_amount, payment_currency: 'USD' },
      })
    const high = await post(1_000_000.01)
    expect(high.status).toBe(400)
    expect(high.body.errors).toEqual({ total_amount: ['total_amount must be at most 1,000,000.00'] })
    const zero = await post(0)
    expect(zero.body.errors).toEqual({ total_amount: ['total_amount must be greater than 0'] })
  })
})

describe('percentages and the allowance within the spec ranges', () => {
  afterAll(() => getDb().update(gstRates).set({ gst_rate: '10.00', card_surcharge_rate: '1.50' }))

  it.each([
    {
      name: 'GST above 100 and a negative surcharge',
      call: ['PUT', '/oshc/pricing/updateGstRate'],
      body: { gst_rate: 100.01, card_surcharge_rate: -1 },
      errors: { gst_rate: ['must be at most 100'], card_surcharge_rate: ['must be at least 0'] },
    },
    {
      name: 'an offer rate of 0 and 51',
      call: ['POST', '/offer/createOffer'],
      body: { insurance_provider_id: 1, start_date: '2027-04-01', end_date: '2027-04-30', rate: 51 },
      errors: { rate: ['Rate must be below 50'] },
    },
    {
      name: 'agency commissions of 0 and 100.01, payment-method 100, an allowance above 1,000,000.00',
      call: ['POST', `${AGENCIES}/upsertAgencyConfigurationV2`],
      body: () => ({
        agency_Id: A.agency.id,
        buy_now_pay_later_amount: 1_000_000.01,
        paymentBasedConfigs: [
          { insurance_provider_id: 1, commission_rate: 0 },
          {
            insurance_provider_id: 3,
            commission_rate: 100.01,
            paymentMethods: [{ payment_method: 'card', commission_rate: 100 }],
          },
        ],
        ovhcData: [{ provider_id: 1, commission_rate: 100 }],
      }),
      errors: {
        buy_now_pay_later_amount: ['Buy Now Pay Later amount must be at most 1,000,000.00'],
        'paymentBasedConfigs.0.commission_rate': ['Commission rate must be more than 0%'],
        'paymentBasedConfigs.1.commission_rate': ['must be at most 100'],
        'paymentBasedConfigs.1.paymentMethods.0.commission_rate': ['Commission rate must be less than 100'],
        'ovhcData.0.commission_rate': ['Commission rate must be less than 100'],
      },
    },
  ])('refuses $name', async ({ call, body, errors }) => {
    const r = await api(call[0], call[1], { token: staff, body: typeof body === 'function' ? body() : body })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual(errors)
  })

  it('accepts the edges: GST 0 and 100, offer rate 50', async () => {
    const gst = await api('PUT', '/oshc/pricing/updateGstRate', {
      token: staff,
      body: { gst_rate: 100, card_surcharge_rate: 0 },
    })
    expect(gst.status, JSON.stringify(gst.body)).toBe(200)
    const offer = await api('POST', '/offer/createOffer', {
      token: staff,
      body: { insurance_provider_id: 6, start_date: '2027-04-01', end_date: '2027-04-30', rate: 50 },
    })
    expect(offer.status, JSON.stringify(offer.body)).toBe(201)
  })
})

describe('required fields answer the spec message for "" and spaces', () => {
  const registration = () => ({
    full_company_name: 'Koala Education',
    full_company_address: '10 Pitt Street, Sydney',
    contact_person: 'Kim Lee',
    email: unique('koala'),
    contact_number: '+61 400 000 000',
    country_id: au,
    has_accepted_terms_and_privacy_policy: true,
    recaptcha_token: 'test-token',
  })
  const companyDetails = () => ({
    full_company_name: 'Koala Education',
    full_company_address: '10 Pitt Street, Sydney',
    contact_person: 'Kim Lee',
    country_id: au,
    contact_number: '+61 400 000 000',
  })

  type Case = {
    call: string
    field: string
    message: string
    send: (blank: string) => Promise<Awaited<ReturnType<typeof api>>>
  }
  const cases: Case[] = [
    ...(['contact_number', 'recaptcha_token', 'country_id'] as const).map((field) => ({
      call: 'registerAgency',
      field,
      message: {
        contact_number: 'contact number is required.',
        recaptcha_token: 'recaptcha_token is required',
        country_id: 'country_id is required',
      }[field],
      send: (blank: string) =>
        api('POST', `${AGENCIES}/registerAgency`, { body: { ...registration(), [field]: blank } }),
    })),
    ...(['contact_number', 'country_id'] as const).map((field) => ({
      call: 'updateAgency',
      field,
      message: field === 'contact_number' ? 'contact number is required.' : 'country_id is required',
      send: (blank: string) =>
        api('POST', `${AGENCIES}/updateAgency/${A.agency.id}`, {
          token: A.token,
          body: { ...companyDetails(), [field]: blank },
        }),
    })),
    {
      call: 'updateAgencyDetails',
      field: 'contact_number',
      message: 'contact number is required.',
      send: (blank: string) =>
        api('POST', `/agencies/user-management/updateAgencyDetails/${A.agency.id}`, {
          token: A.token,
          body: { contact_number: blank },
        }),
    },
    {
      call: 'verifyAgency',
      field: 'otp',
      message: 'otp is required',
      send: (blank: string) =>
        api('POST', `${AGENCIES}/verifyAgency`, { body: { agencyId: A.agency.id, otp: blank } }),
    },
    {
      call: 'upsertAgencyConfigurationV2',
      field: 'buy_now_pay_later_amount',
      message: 'Buy Now Pay Later amount is required',
      send: (blank: string) =>
        api('POST', `${AGENCIES}/upsertAgencyConfigurationV2`, {
          token: staff,
          body: { agency_Id: A.agency.id, buy_now_pay_later_amount: blank },
        }),
    },
    {
      call: 'getAgency',
      field: 'email',
      message: 'Please provide either email or id',
      send: (blank: string) => api('GET', `${AGENCIES}/getAgency`, { token: staff, query: { email: blank } }),
    },
    {
      call: 'createCustomerDetails',
      field: 'country',
      message: 'country is required',
      send: (blank: string) =>
        api('POST', `${POLICIES}/createCustomerDetails`, {
          token: A.token,
          body: personal({ country: blank }),
        }),
    },
  ]

  it.each(cases.flatMap((c) => ['', '   '].map((blank) => ({ ...c, blank, shown: JSON.stringify(blank) }))))(
    '$call $field = $shown -> "$message"',
    async ({ send, blank, field, message }) => {
      const r = await send(blank)
      expect(r.status).toBe(400)
      expect(r.body.errors[field]).toEqual([message])
    },
  )
})
