import { beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyUsers,
  cities,
  countries,
  customerDependants,
  customerPartners,
  customers,
  identities,
  invoiceLineItems,
  invoices,
  offers,
  oshcUsers,
  policies,
  policyHistories,
  purchaseRules,
  states,
} from '../../db/schema'
import ExcelJS from 'exceljs'
import { handleApiRequest } from '../../api/router.server'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { ADMIN, agencyWithToken, api, lastMail, login, staffToken, tempPasswordFrom } from '../setup/api'

const BASE = '/agencies/policy-management'
const STAFF = '/oshc/policy-management'
const USERS = '/agencies/user-management'

const DATE_MSG = 'must be in the format of YYYY-MM-DD'
const MIN2 = 'must be at least 2 characters'
const MAX256 = 'must be at most 256 characters'

let staff: string
let A: Awaited<ReturnType<typeof agencyWithToken>>
let B: Awaited<ReturnType<typeof agencyWithToken>>
let au: number
let nsw: number
let sydney: number
let seq = 0

beforeAll(async () => {
  staff = await staffToken()
  A = await agencyWithToken()
  B = await agencyWithToken()
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
  title: 'Ms',
  first_name: 'Mia',
  last_name: 'Nguyen',
  email: unique('mia'),
  dob: '2004-03-02',
  gender: 'FEMALE',
  mobile_number: '+61 400 000 000',
  country: au,
  has_accepted_terms: true,
  is_primary_visa_holder_and_eligible_to_apply: true,
  ...over,
})

const otherDetails = (over: Record<string, unknown> = {}) => ({
  passport_number: 'PA1234567',
  passport_country_id: au,
  visa_sub_class: '500',
  education_institute: 'University of Sydney',
  student_number: 'S123',
  has_australian_address: true,
  street_address_1: '1 George Street',
  state_id: nsw,
  city_id: sydney,
  post_code: '2000',
  ...over,
})

/** nib (1) SINGLE, 2027-02-01..2028-01-31 (365 days): round(5210 x 12 x 365 / 365) = 62520 cents. */
const quote = (over: Record<string, unknown> = {}) => ({
  insurance_provider_id: 1,
  policy_type: 'SINGLE',
  start_date: '2027-02-01',
  end_date: '2028-01-31',
  is_policy_number_available: false,
  ...over,
})

const student = (over: Record<string, unknown> = {}) => ({
  customer: { ...personal(), ...otherDetails() },
  partner: null,
  family_members: [],
  policy: quote(),
  ...over,
})

const partner = { title: 'Mr', first_name: 'Sam', last_name: 'Nguyen', dob: '2003-01-01' }
const child = { first_name: 'Kim', last_name: 'Nguyen', dob: '2022-01-01', relationship: 'CHILD' }

const policyRow = async (id: number) => (await getDb().select().from(policies).where(eq(policies.id, id)))[0]
const historyOf = (id: number) =>
  getDb()
    .select()
    .from(policyHistories)
    .where(eq(policyHistories.policy_id, id))
    .orderBy(asc(policyHistories.id))

async function premiumInvoices(policyId: number) {
  return getDb()
    .select({ invoice: invoices, item: invoiceLineItems })
    .from(invoiceLineItems)
    .innerJoin(invoices, eq(invoices.id, invoiceLineItems.invoice_id))
    .where(eq(invoiceLineItems.policy_id, policyId))
    .orderBy(asc(invoices.id))
}

/** An agency user of `token`'s agency whose role holds `permissions`, and their token. */
async function agencyUser(token: string, permissions: string[]) {
  const role = await api('POST', `${USERS}/createAgencyUserRole`, {
    token,
    body: { name: `Role ${++seq}` },
  })
  expect(role.status, JSON.stringify(role.body)).toBe(201)
  if (permissions.length) {
    const all = await api('GET', `${USERS}/getAgencyUserPemissions`, { token })
    const ids = all.body.data.filter((p: any) => permissions.includes(p.name)).map((p: any) => p.id)
    const assigned = await api('POST', `${USERS}/AssignPermissionforAgencyRole/${role.body.data.id}`, {
      token,
      body: { agency_permission_id: ids },
    })
    expect(assigned.status).toBe(200)
  }
  const email = unique('agent')
  const created = await api('POST', `${USERS}/createAgencyUser`, {
    token,
    body: { first_name: 'Ada', last_name: 'Agent', email, agency_role_id: role.body.data.id },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const userToken = await login(email, tempPasswordFrom((await lastMail(email)).text)!)
  return { id: created.body.data.id as number, token: userToken }
}

describe('the step-by-step policy', () => {
  it('goes personal -> partner and dependants -> other details -> initiated with its invoice', async () => {
    const created = await api('POST', `${BASE}/createCustomerDetails`, {
      token: A.token,
      body: personal({ policy_type: 'SINGLE' }),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { customerId, policyId } = created.body.data
    expect(customerId).toEqual(expect.any(Number))
    let policy = await policyRow(policyId)
    expect(policy).toMatchObject({
      agency_id: A.agency.id,
      customer_id: customerId,
      status: 'PERSONAL_INFORMATION_ADDED',
      policy_type: 'SINGLE',
      premium: null,
      is_created_by_agency: true,
    })
    expect(policy.ref).toMatch(/^POL-[0-9A-F]{10}$/)

    // Other details before the family step: the machine refuses it.
    const early = await api('POST', `${BASE}/createOrUpdateCustomerOtherDetails`, {
      token: A.token,
      body: { customer_id: customerId, ...otherDetails() },
    })
    expect(early.status).toBe(409)
    expect(early.body.message).toContain('PERSONAL_INFORMATION_ADDED')
    // Initiating before the details are complete is refused too.
    const tooSoon = await api('POST', `${BASE}/initiatePolicy`, {
      token: A.token,
      body: { customer_id: customerId, ...quote() },
    })
    expect(tooSoon.status).toBe(409)

    const family = await api('POST', `${BASE}/createOrUpdatePartneAndDependentDetails`, {
      token: A.token,
      body: { customer_id: customerId, partner: null, family_members: [] },
    })
    expect(family.status, JSON.stringify(family.body)).toBe(200)
    expect((await policyRow(policyId)).status).toBe('PARTNER_DEPENDANTS_INFORMATION_ADDED')

    const other = await api('POST', `${BASE}/createOrUpdateCustomerOtherDetails`, {
      token: A.token,
      body: { customer_id: customerId, ...otherDetails() },
    })
    expect(other.status, JSON.stringify(other.body)).toBe(200)
    expect((await policyRow(policyId)).status).toBe('OTHER_DETAILS_ADDED')
    const [c] = await getDb().select().from(customers).where(eq(customers.id, customerId))
    expect(c).toMatchObject({
      passport_number: 'PA1234567',
      education_institute: 'University of Sydney',
      street_address_1: '1 George Street',
      state_id: nsw,
      city_id: sydney,
      post_code: '2000',
      country: au,
    })

    const initiated = await api('POST', `${BASE}/initiatePolicy`, {
      token: A.token,
      body: {
        customer_id: customerId,
        ...quote({ is_policy_number_available: true, policy_number: 'NIB-77' }),
      },
    })
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(200)
    expect(initiated.body.data).toMatchObject({ policyId, premium: 625.2, premium_without_gst: 568.36 })
    policy = await policyRow(policyId)
    // GST 10%: round(62520 / 1.1) = round(56836.36) = 56836; tax 62520 - 56836 = 5684.
    expect(policy).toMatchObject({
      status: 'INITIATED',
      insurance_provider_id: 1,
      policy_type: 'SINGLE',
      start_date: '2027-02-01',
      end_date: '2028-01-31',
      premium: 62520,
      premium_before_discount: 62520,
      premium_without_gst: 56836,
      gst_rate: '10.00',
      commission_rate: '10.00',
      is_offer_applied: false,
      is_policy_number_available: true,
      policy_number: 'NIB-77',
      no_of_adults: 1,
      no_of_dependents: 0,
    })
    const [first] = await premiumInvoices(policyId)
    expect(first.invoice).toMatchObject({
      id: initiated.body.data.invoiceId,
      invoice_type: 'PREMIUM',
      status: 'PENDING',
      sub_total: 62520,
      tax_total: 5684,
      total_amount_due: 62520,
      total_outstanding_amount: 62520,
      agency_id: A.agency.id,
    })
    expect(first.item).toMatchObject({
      line_item_type: 'PREMIUM',
      total_amount: 62520,
      tax_amount: 5684,
      net_amount: 56836,
      tax_rate: '10.00',
      payer: 'AGENCY',
      receiver: 'OSHC',
    })

    // Choosing again re-prices: the unpaid invoice is cancelled and a new one opened.
    const again = await api('POST', `${BASE}/initiatePolicy`, {
      token: A.token,
      body: { customer_id: customerId, ...quote({ insurance_provider_id: 3 }) },
    })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    const both = await premiumInvoices(policyId)
    expect(both.map((r) => r.invoice.status)).toEqual(['CANCELLED', 'PENDING'])
    // Bupa (3) SINGLE 57.60: 5760 x 12 = 69120 cents for a full year; commission rate 12.50.
    expect(both[1].invoice.total_amount_due).toBe(69120)
    expect(await policyRow(policyId)).toMatchObject({ premium: 69120, commission_rate: '12.50' })

    const history = await historyOf(policyId)
    expect(history.map((h) => [h.action, h.status])).toEqual([
      ['createCustomerDetails', 'PERSONAL_INFORMATION_ADDED'],
      ['savePartnerAndDependants', 'PARTNER_DEPENDANTS_INFORMATION_ADDED'],
      ['saveOtherDetails', 'OTHER_DETAILS_ADDED'],
      ['initiate', 'INITIATED'],
      ['initiate', 'INITIATED'],
    ])
    expect(history[0].actor).toBe(`Agency:${A.agency.email}`)

    // Reads of the customer.
    const student = await api('GET', `${BASE}/getStudentDetailByCustomerId/${customerId}`, { token: A.token })
    expect(student.status).toBe(200)
    expect(student.body.data).toMatchObject({
      customer: {
        first_name: 'Mia',
        state_name: 'New South Wales',
        city_name: 'Sydney',
        country_name: 'Australia',
      },
      partner: null,
      family_members: [],
      policy: { id: policyId, status: 'INITIATED', premium: 691.2 },
    })
    const personalRead = await api('GET', `${BASE}/getPersonalInformationOfCustomer/${customerId}`, {
      token: A.token,
    })
    expect(personalRead.body.data).toMatchObject({ first_name: 'Mia', last_name: 'Nguyen', country: au })
    const otherRead = await api('GET', `${BASE}/GetOtherDetailsOfCustomers/${customerId}`, { token: A.token })
    expect(otherRead.body.data).toMatchObject({ passport_number: 'PA1234567', post_code: '2000' })
  })

  it('keeps a couple partner and family dependants, checked against the policy type', async () => {
    const { customerId, policyId } = (
      await api('POST', `${BASE}/createCustomerDetails`, {
        token: A.token,
        body: personal({ policy_type: 'FAMILY' }),
      })
    ).body.data
    const save = (body: Record<string, unknown>) =>
      api('POST', `${BASE}/createOrUpdatePartneAndDependentDetails`, {
        token: A.token,
        body: { customer_id: customerId, ...body },
      })
    // The stored type (FAMILY) needs both.
    const none = await save({ partner: null, family_members: [] })
    expect(none.status).toBe(400)
    expect(none.body.errors).toEqual({
      partner: ['Partner details are required for this policy type'],
      family_members: ['At least one dependant is required for this policy type'],
    })
    const ok = await save({ partner, family_members: [child, { ...child, first_name: 'Lee' }] })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(await policyRow(policyId)).toMatchObject({
      status: 'PARTNER_DEPENDANTS_INFORMATION_ADDED',
      no_of_adults: 2,
      no_of_dependents: 2,
    })
    // Saving again replaces (not appends).
    expect((await save({ partner, family_members: [child] })).status).toBe(200)
    const deps = await getDb()
      .select()
      .from(customerDependants)
      .where(eq(customerDependants.customer_id, customerId))
    expect(deps.map((d) => d.first_name)).toEqual(['Kim'])
    const read = await api('GET', `${BASE}/getPartnersAndDepandantsofCustomer/${customerId}`, {
      token: A.token,
    })
    expect(read.body.data).toMatchObject({
      partner: { first_name: 'Sam', last_name: 'Nguyen' },
      family_members: [{ first_name: 'Kim', relationship: 'CHILD' }],
    })
    // A type sent with the call wins and is stored.
    const single = await save({ policy_type: 'SINGLE', partner, family_members: [] })
    expect(single.status).toBe(400)
    expect(single.body.errors).toEqual({ partner: ['This policy type does not cover a partner'] })
    const couple = await save({ policy_type: 'COUPLE', partner, family_members: [] })
    expect(couple.status).toBe(200)
    expect((await policyRow(policyId)).policy_type).toBe('COUPLE')
    const [p] = await getDb()
      .select()
      .from(customerPartners)
      .where(eq(customerPartners.customer_id, customerId))
    expect(p.first_name).toBe('Sam')
  })

  it('updates personal details before the purchase and refuses them afterwards', async () => {
    const { customerId } = (
      await api('POST', `${BASE}/createCustomerDetails`, { token: A.token, body: personal() })
    ).body.data
    const r = await api('POST', `${BASE}/updateCustomerDetails`, {
      token: A.token,
      body: { customer_id: customerId, ...personal({ first_name: 'Maya' }) },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const [c] = await getDb().select().from(customers).where(eq(customers.id, customerId))
    expect(c.first_name).toBe('Maya')

    const paid = await createPolicy(getDb(), { agencyId: A.agency.id, status: 'PAYMENT_APPROVED' })
    const refused = await api('POST', `${BASE}/updateCustomerDetails`, {
      token: A.token,
      body: { customer_id: paid.customer.id, ...personal() },
    })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('amendment')
  })
})

describe('validation messages (spec/02 section 5)', () => {
  it('checks names, country and dates of the personal details on their fields', async () => {
    const r = await api('POST', `${BASE}/createCustomerDetails`, {
      token: A.token,
      body: personal({ first_name: 'M', last_name: 'x'.repeat(257), country: undefined, dob: '02/03/2004' }),
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toMatchObject({
      first_name: [MIN2],
      last_name: [MAX256],
      country: ['country is required'],
      dob: [DATE_MSG],
    })
  })

  it('needs the address when has_australian_address, and passport and institute of 2-256 characters', async () => {
    const { customerId } = (
      await api('POST', `${BASE}/createCustomerDetails`, {
        token: A.token,
        body: personal({ policy_type: 'SINGLE' }),
      })
    ).body.data
    await api('POST', `${BASE}/createOrUpdatePartneAndDependentDetails`, {
      token: A.token,
      body: { customer_id: customerId, family_members: [] },
    })
    const r = await api('POST', `${BASE}/createOrUpdateCustomerOtherDetails`, {
      token: A.token,
      body: {
        customer_id: customerId,
        ...otherDetails({
          street_address_1: '',
          state_id: null,
          city_id: undefined,
          post_code: '',
          passport_number: 'P',
          education_institute: 'U'.repeat(257),
        }),
      },
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({
      passport_number: [MIN2],
      education_institute: [MAX256],
      street_address_1: ['Street address is required'],
      state_id: ['State is required'],
      city_id: ['City is required'],
      post_code: ['Post code is required'],
    })
    // Without an Australian address, none of them is needed.
    const ok = await api('POST', `${BASE}/createOrUpdateCustomerOtherDetails`, {
      token: A.token,
      body: {
        customer_id: customerId,
        ...otherDetails({ has_australian_address: false, street_address_1: null, state_id: null }),
      },
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const [c] = await getDb().select().from(customers).where(eq(customers.id, customerId))
    expect(c).toMatchObject({ has_australian_address: false, street_address_1: null, post_code: null })
  })

  it('checks the quote choice: dates, their order and the policy number', async () => {
    const bad = await api('POST', `${BASE}/initiatePolicy`, {
      token: A.token,
      body: { customer_id: 1, ...quote({ start_date: '2027/02/01', is_policy_number_available: true }) },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toMatchObject({ start_date: [DATE_MSG] })
    const order = await api('POST', `${BASE}/initiatePolicy`, {
      token: A.token,
      body: { customer_id: 1, ...quote({ end_date: '2027-01-31', is_policy_number_available: true }) },
    })
    expect(order.status).toBe(400)
    expect(order.body.errors).toEqual({
      end_date: ['End date must be greater than start date'],
      policy_number: ['Policy number is required'],
    })
    const type = await api('POST', `${BASE}/initiatePolicy`, {
      token: A.token,
      body: { customer_id: 1, ...quote({ policy_type: 'TRIPLE' }) },
    })
    expect(type.body.errors.policy_type).toBeDefined()
  })

  it('reports createStudentDetails errors under customer., policy., partner and family_members', async () => {
    const r = await api('POST', `${BASE}/createStudentDetails`, {
      token: A.token,
      body: student({
        customer: {
          ...personal({ country: '' }),
          ...otherDetails({ street_address_1: '', post_code: null, passport_number: '' }),
        },
        policy: quote({ policy_type: 'COUPLE', end_date: '2026-01-01', is_policy_number_available: true }),
      }),
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({
      'customer.country': ['country is required'],
      'customer.passport_number': [MIN2],
      'customer.street_address_1': ['Street address is required'],
      'customer.post_code': ['Post code is required'],
      'policy.end_date': ['End date must be greater than start date'],
      'policy.policy_number': ['Policy number is required'],
      partner: ['Partner details are required for this policy type'],
    })
  })

  it.each([
    ['SINGLE', { partner, family_members: [] }, { partner: ['This policy type does not cover a partner'] }],
    [
      'SINGLE',
      { partner: null, family_members: [child] },
      { family_members: ['This policy type does not cover dependants'] },
    ],
    [
      'COUPLE',
      { partner: null, family_members: [] },
      { partner: ['Partner details are required for this policy type'] },
    ],
    [
      'COUPLE',
      { partner, family_members: [child] },
      { family_members: ['This policy type does not cover dependants'] },
    ],
    [
      'SINGLE_PARENT',
      { partner: null, family_members: [] },
      { family_members: ['At least one dependant is required for this policy type'] },
    ],
    [
      'SINGLE_PARENT',
      { partner, family_members: [child] },
      { partner: ['This policy type does not cover a partner'] },
    ],
    [
      'FAMILY',
      { partner, family_members: [] },
      { family_members: ['At least one dependant is required for this policy type'] },
    ],
    [
      'FAMILY',
      { partner: null, family_members: [child] },
      { partner: ['Partner details are required for this policy type'] },
    ],
  ])('family rule: %s with %j is refused', async (type, people, errors) => {
    const r = await api('POST', `${BASE}/createStudentDetails`, {
      token: A.token,
      body: student({ ...people, policy: quote({ policy_type: type }) }),
    })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual(errors)
  })

  it.each([
    ['SINGLE', {}, 1, 0],
    ['COUPLE', { partner }, 2, 0],
    ['SINGLE_PARENT', { family_members: [child] }, 1, 1],
    ['FAMILY', { partner, family_members: [child, child] }, 2, 2],
  ])('family rule: %s with the right people is accepted', async (type, people, adults, dependants) => {
    const r = await api('POST', `${BASE}/createStudentDetails`, {
      token: A.token,
      body: student({ ...people, policy: quote({ policy_type: type }) }),
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(await policyRow(r.body.data.policyId)).toMatchObject({
      policy_type: type,
      no_of_adults: adults,
      no_of_dependents: dependants,
    })
  })
})

describe('createStudentDetails and updateStudentDetails', () => {
  it('creates student and policy at once, INITIATED with a PREMIUM invoice of the right amounts', async () => {
    const r = await api('POST', `${BASE}/createStudentDetails`, {
      token: A.token,
      body: student({ partner, policy: quote({ policy_type: 'COUPLE' }) }),
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    const { customerId, policyId, invoiceId } = r.body.data
    // nib COUPLE 139.40: 13940 x 12 = 167280; without GST round(167280 / 1.1) = round(152072.7) = 152073.
    expect(await policyRow(policyId)).toMatchObject({
      customer_id: customerId,
      status: 'INITIATED',
      premium: 167280,
      premium_without_gst: 152073,
      premium_before_discount: 167280,
    })
    const [inv] = await premiumInvoices(policyId)
    expect(inv.invoice).toMatchObject({
      id: invoiceId,
      status: 'PENDING',
      total_amount_due: 167280,
      tax_total: 15207,
    })
    expect(inv.item).toMatchObject({
      line_item_type: 'PREMIUM',
      tax_amount: 15207,
      payer: 'AGENCY',
      receiver: 'OSHC',
    })
    const [h] = await historyOf(policyId)
    expect(h).toMatchObject({ action: 'createStudentDetails', status: 'INITIATED' })
  })

  it('applies an active offer: premium is what is paid, OFFER_PREMIUM line, offer fields stored', async () => {
    const agency = await agencyWithToken()
    const [offer] = await getDb()
      .insert(offers)
      .values({ insurance_provider_id: 3, start_date: '2020-01-01', end_date: '2099-12-31', rate: 10 })
      .returning()
    try {
      const r = await api('POST', `${BASE}/createStudentDetails`, {
        token: agency.token,
        body: student({ policy: quote({ insurance_provider_id: 3 }) }),
      })
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      // Bupa SINGLE 69120; offer 10%: 69120 x 0.9 = 62208; without GST round(62208 / 1.1) = round(56552.7) = 56553.
      expect(await policyRow(r.body.data.policyId)).toMatchObject({
        premium: 62208,
        premium_before_discount: 69120,
        premium_without_gst: 56553,
        is_offer_applied: true,
        original_amount_before_offer: 69120,
        offer_rate: 10,
        offer_id: offer.id,
        offer_end_date: '2099-12-31',
      })
      const [inv] = await premiumInvoices(r.body.data.policyId)
      expect(inv.item).toMatchObject({
        line_item_type: 'OFFER_PREMIUM',
        total_amount: 62208,
        tax_amount: 5655,
      })
    } finally {
      await getDb().delete(offers).where(eq(offers.id, offer.id))
    }
  })

  it('refuses a quote protected by a purchase rule (409) and an insurer the agency cannot sell (404)', async () => {
    const agency = await agencyWithToken()
    await getDb().insert(purchaseRules).values({
      agency_id: agency.agency.id,
      should_buy_insurance_provider_id: 1,
      should_buy_policy_type: 'SINGLE',
      should_buy_quantity: 3,
      can_buy_policy_type: 'SINGLE',
      can_buy_insurance_provider_id: 3,
    })
    const r = await api('POST', `${BASE}/createStudentDetails`, {
      token: agency.token,
      body: student({ policy: quote({ insurance_provider_id: 3 }) }),
    })
    expect(r.status).toBe(409)
    expect(r.body.message).toContain('Buy 3 more SINGLE policies from nib to unlock')
    const notConfigured = await api('POST', `${BASE}/createStudentDetails`, {
      token: agency.token,
      body: student({ policy: quote({ insurance_provider_id: 2 }) }),
    })
    expect(notConfigured.status).toBe(404)
    expect(
      await getDb().select().from(customers).where(eq(customers.agency_id, agency.agency.id)),
    ).toHaveLength(0)
  })

  it('re-prices before the purchase (old and new premium, new invoice) and refuses after it', async () => {
    const created = await api('POST', `${BASE}/createStudentDetails`, { token: A.token, body: student() })
    const { policyId, invoiceId } = created.body.data
    const r = await api('POST', `${BASE}/updateStudentDetails`, {
      token: A.token,
      body: {
        policy_id: policyId,
        ...student({ policy: quote({ end_date: '2027-07-31' }) }),
      },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    // 2027-02-01..2027-07-31 = 181 days: round(5210 x 12 x 181 / 365) = 31003 cents.
    expect(r.body.data).toMatchObject({ policyId, old_premium: 625.2, new_premium: 310.03 })
    expect(r.body.data.invoiceId).not.toBe(invoiceId)
    const rows = await premiumInvoices(policyId)
    expect(rows.map((x) => [x.invoice.id, x.invoice.status, x.invoice.total_amount_due])).toEqual([
      [invoiceId, 'CANCELLED', 62520],
      [r.body.data.invoiceId, 'PENDING', 31003],
    ])
    expect(await policyRow(policyId)).toMatchObject({
      status: 'INITIATED',
      end_date: '2027-07-31',
      premium: 31003,
    })

    for (const status of ['PURCHASED', 'PAYMENT_APPROVED', 'CERTIFICATE_ISSUED'] as const) {
      const paid = await createPolicy(getDb(), { agencyId: A.agency.id, status })
      const refused = await api('POST', `${BASE}/updateStudentDetails`, {
        token: A.token,
        body: { policy_id: paid.policy.id, ...student() },
      })
      expect(refused.status).toBe(409)
      expect(refused.body.message).toContain('amendment')
      expect((await policyRow(paid.policy.id)).premium).toBe(paid.policy.premium)
    }
    // A rejected payment may still be corrected and stays payable again.
    const rejected = await createPolicy(getDb(), { agencyId: A.agency.id, status: 'PAYMENT_REJECTED' })
    const fixed = await api('POST', `${BASE}/updateStudentDetails`, {
      token: A.token,
      body: { policy_id: rejected.policy.id, ...student() },
    })
    expect(fixed.status).toBe(200)
    expect((await policyRow(rejected.policy.id)).status).toBe('PAYMENT_REJECTED')
  })
})

describe('who may do what', () => {
  it('staff act for the agency named in the body; agencies only for their own', async () => {
    const missing = await api('POST', `${BASE}/createCustomerDetails`, { token: staff, body: personal() })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ agency_id: ['agency_id is required'] })
    const forA = await api('POST', `${BASE}/createCustomerDetails`, {
      token: staff,
      body: { ...personal(), agency_id: A.agency.id },
    })
    expect(forA.status).toBe(201)
    expect(await policyRow(forA.body.data.policyId)).toMatchObject({
      agency_id: A.agency.id,
      is_created_by_agency: false,
    })
    const foreign = await api('POST', `${BASE}/createCustomerDetails`, {
      token: B.token,
      body: { ...personal(), agency_id: A.agency.id },
    })
    expect(foreign.status).toBe(404)
    const viaStaff = await api('POST', `${BASE}/createStudentDetails`, {
      token: staff,
      body: { ...student(), agency_id: A.agency.id },
    })
    expect(viaStaff.status, JSON.stringify(viaStaff.body)).toBe(201)
  })

  it("hides another agency's customers and policies (404)", async () => {
    const { policy, customer } = await createPolicy(getDb(), { agencyId: A.agency.id, status: 'INITIATED' })
    for (const path of [
      `${BASE}/getPersonalInformationOfCustomer/${customer.id}`,
      `${BASE}/getPartnersAndDepandantsofCustomer/${customer.id}`,
      `${BASE}/GetOtherDetailsOfCustomers/${customer.id}`,
      `${BASE}/getStudentDetailByCustomerId/${customer.id}`,
      `${BASE}/getPoliciesDetailsById/${policy.id}`,
      `${BASE}/getPolicyById/${policy.id}`,
      `${BASE}/getPolicyHistory/${policy.id}`,
      `${BASE}/getPolicyMeta/${policy.id}`,
      `${BASE}/getPolicyCertificate/${policy.id}`,
      `${BASE}/getPoliciesByStatus/${A.agency.id}`,
      `${BASE}/getArchivePolicies/${A.agency.id}`,
    ]) {
      expect((await api('GET', path, { token: B.token })).status, path).toBe(404)
      expect((await api('GET', path, { token: A.token })).status, path).toBe(200)
    }
    for (const [path, body] of [
      ['updateCustomerDetails', { customer_id: customer.id, ...personal() }],
      ['createOrUpdatePartneAndDependentDetails', { customer_id: customer.id, family_members: [] }],
      ['createOrUpdateCustomerOtherDetails', { customer_id: customer.id, ...otherDetails() }],
      ['initiatePolicy', { customer_id: customer.id, ...quote() }],
      ['updateStudentDetails', { policy_id: policy.id, ...student() }],
      ['archivePolicy', { policy_id: policy.id, is_archived: true }],
    ] as const) {
      expect((await api('POST', `${BASE}/${path}`, { token: B.token, body })).status, path).toBe(404)
    }
    expect((await policyRow(policy.id)).is_archived).toBe(false)
  })

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await api('POST', `${BASE}/createCustomerDetails`, { body: personal() })).status).toBe(401)
    expect((await api('GET', `${STAFF}/getPoliciesByStatus`)).status).toBe(401)
    const financeOnly = await agencyUser(A.token, ['finance'])
    expect(
      (await api('POST', `${BASE}/createCustomerDetails`, { token: financeOnly.token, body: personal() }))
        .status,
    ).toBe(403)
    expect(
      (await api('POST', `${BASE}/createStudentDetails`, { token: financeOnly.token, body: student() }))
        .status,
    ).toBe(403)
    // ... but lists accept any agency permission.
    expect(
      (await api('GET', `${BASE}/getPoliciesByStatus/${A.agency.id}`, { token: financeOnly.token })).status,
    ).toBe(200)
    // Staff calls are not for agencies, agency admin calls not for staff.
    expect((await api('GET', `${STAFF}/getPoliciesByStatus`, { token: A.token })).status).toBe(403)
    expect(
      (
        await api('POST', `${BASE}/assignPolicyToAgencyUser`, {
          token: staff,
          body: { policy_id: 1, assign_to_agency_user: 1 },
        })
      ).status,
    ).toBe(403)
  })
})

describe('policy lists', () => {
  let agency: Awaited<ReturnType<typeof agencyWithToken>>
  const made: Record<string, { id: number; ref: string; premium: number | null }> = {}

  beforeAll(async () => {
    agency = await agencyWithToken()
    const db = getDb()
    const add = async (key: string, opts: Omit<Parameters<typeof createPolicy>[1], 'agencyId'>) => {
      const { policy } = await createPolicy(db, { ...opts, agencyId: agency.agency.id })
      made[key] = { id: policy.id, ref: policy.ref, premium: policy.premium }
    }
    await add('draft', { status: 'OTHER_DETAILS_ADDED', firstName: 'Dora', lastName: 'Draft' })
    await add('initiated', {
      status: 'INITIATED',
      firstName: 'Ivan',
      lastName: 'Init',
      email: unique('ivan.init'),
      startDate: '2027-03-01',
      endDate: '2027-08-31',
    })
    await add('purchased', { status: 'PURCHASED', firstName: 'Paula', lastName: 'Purchased', providerId: 3 })
    await add('approved', {
      status: 'PAYMENT_APPROVED',
      firstName: 'Abel',
      lastName: 'Approved',
      policyType: 'COUPLE',
      startDate: '2027-06-01',
      endDate: '2028-05-31',
    })
    await add('issued', {
      status: 'CERTIFICATE_ISSUED',
      firstName: 'Iris',
      lastName: 'Issued',
      providerId: 3,
    })
    // Another agency's policy never shows.
    await createPolicy(db, { agencyId: A.agency.id, status: 'INITIATED', firstName: 'Other' })
  })

  const list = (query: Record<string, string | string[]> = {}, token = agency.token) =>
    api('GET', `${BASE}/getPoliciesByStatus/${agency.agency.id}`, { token, query })
  const refs = (r: { body: any }) => r.body.data.map((p: any) => p.ref)

  it('lists the agency policies newest first with the rendered columns', async () => {
    const r = await list()
    expect(r.status).toBe(200)
    expect(refs(r)).toEqual(['issued', 'approved', 'purchased', 'initiated', 'draft'].map((k) => made[k].ref))
    expect(r.body.pageInfo).toEqual({ page: 1, perPage: 10, total: 5, totalPages: 1 })
    const row = r.body.data.find((p: any) => p.id === made.approved.id)
    expect(row).toMatchObject({
      ref: made.approved.ref,
      status: 'PAYMENT_APPROVED',
      status_label: 'Payment approved',
      policy_type: 'COUPLE',
      start_date: '2027-06-01',
      end_date: '2028-05-31',
      premium: made.approved.premium! / 100,
      customer: { name: 'Abel Approved' },
      provider: { id: 1, name: 'nib' },
      provider_payment_status: 'NOT_AVAILABLE',
      user_defined_status: null,
      assigned_to: null,
    })
    expect(row.purchased_at).toBeTruthy()
  })

  it('filters by status, table, provider, type, dates, e-mail and search', async () => {
    expect(refs(await list({ 'status[]': ['INITIATED', 'PURCHASED'] }))).toEqual([
      made.purchased.ref,
      made.initiated.ref,
    ])
    expect(refs(await list({ table: 'certificates' }))).toEqual([made.issued.ref, made.approved.ref])
    expect(refs(await list({ 'provider_filter[]': '3' }))).toEqual([made.issued.ref, made.purchased.ref])
    expect(refs(await list({ 'policy_type_filter[]': 'COUPLE' }))).toEqual([made.approved.ref])
    expect(refs(await list({ start_date_from: '2027-02-15', start_date_to: '2027-06-30' }))).toEqual([
      made.approved.ref,
      made.initiated.ref,
    ])
    expect(refs(await list({ end_date_to: '2027-12-31' }))).toEqual([made.initiated.ref])
    expect(refs(await list({ email: 'ivan.init' }))).toEqual([made.initiated.ref])
    expect(refs(await list({ global_filter: 'paula purch' }))).toEqual([made.purchased.ref])
    expect(refs(await list({ global_filter: 'nobody-like-this' }))).toEqual([])
    expect(refs(await list({ global_filter: 'Purchased' }))).toEqual([made.purchased.ref])
    expect(refs(await list({ global_filter: made.issued.ref.toLowerCase() }))).toEqual([made.issued.ref])
    expect(refs(await list({ table: 'cancellations' }))).toEqual([])
  })

  it('sorts by a whitelisted key and pages in SQL; an unknown key is a 400', async () => {
    const byName = await list({ sort_key: 'customer_name', sort_direction: 'true' })
    // lower(first || ' ' || last): abel, dora, iris, ivan, paula.
    expect(byName.body.data.map((p: any) => p.customer.last_name)).toEqual([
      'Approved',
      'Draft',
      'Issued',
      'Init',
      'Purchased',
    ])
    const byStart = await list({ sort_key: 'start_date', sort_direction: 'false', 'status[]': 'INITIATED' })
    expect(refs(byStart)).toEqual([made.initiated.ref])
    const page2 = await list({ sort_key: 'customer_name', sort_direction: 'true', perPage: '2', page: '2' })
    expect(page2.body.data.map((p: any) => p.customer.last_name)).toEqual(['Issued', 'Init'])
    expect(page2.body.pageInfo).toEqual({ page: 2, perPage: 2, total: 5, totalPages: 3 })
    const expiry = await list({ sortByExpiryDate: 'true', 'status[]': ['INITIATED', 'PAYMENT_APPROVED'] })
    expect(refs(expiry)).toEqual([made.initiated.ref, made.approved.ref])
    const bad = await list({ sort_key: 'password' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ sort_key: ['Unknown sort key'] })
  })

  it('exports the filtered list as CSV and XLSX', async () => {
    const csv = await api('POST', `${BASE}/exportPoliciesByStatus/${agency.agency.id}`, {
      token: agency.token,
      query: { table: 'certificates', sort_key: 'ref', sort_direction: 'true' },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (csv.body as string).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Ref,Status,Student,Email,Passport,Insurer,Policy type,Start date,End date,Premium (AUD),Payment method,Agency,User-defined status,Provider payment status,Created at,Purchased at',
    )
    expect(lines).toHaveLength(3)
    const sorted = [made.approved.ref, made.issued.ref].sort()
    expect(lines[1].startsWith(`${sorted[0]},`)).toBe(true)
    expect(lines[2].startsWith(`${sorted[1]},`)).toBe(true)
    expect(csv.body).toContain('Abel Approved')
    expect(csv.body).toContain((made.approved.premium! / 100).toFixed(2))
    expect(csv.body).not.toContain('Paula')
    // POST getPoliciesByStatus is the same export.
    const viaList = await api('POST', `${BASE}/getPoliciesByStatus/${agency.agency.id}`, {
      token: agency.token,
      query: { 'status[]': 'PURCHASED' },
    })
    expect((viaList.body as string).trim().split('\r\n')).toHaveLength(2)
    const xlsx = await api('POST', `${BASE}/exportPoliciesByStatus/${agency.agency.id}`, {
      token: agency.token,
      query: { format: 'xlsx' },
    })
    expect(xlsx.status).toBe(200)
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml')
    expect(
      (await api('POST', `${BASE}/exportPoliciesByStatus/${agency.agency.id}`, { token: B.token })).status,
    ).toBe(404)
  })

  it('lets staff list every agency, narrowed by agency_filter, and export', async () => {
    const r = await api('GET', `${STAFF}/getPoliciesByStatus`, {
      token: staff,
      query: { 'agency_filter[]': String(agency.agency.id), perPage: '100' },
    })
    expect(r.status).toBe(200)
    expect(r.body.pageInfo.total).toBe(5)
    expect(r.body.data[0].agency).toEqual({
      id: agency.agency.id,
      name: agency.agency.full_company_name,
      email: agency.agency.email,
    })
    const all = await api('GET', `${STAFF}/getPoliciesByStatus`, { token: staff, query: { perPage: '100' } })
    expect(all.body.pageInfo.total).toBeGreaterThan(5)
    const csv = await api('POST', `${STAFF}/exportPoliciesByStatus`, {
      token: staff,
      query: { 'agency_filter[]': String(agency.agency.id), 'status[]': 'PURCHASED' },
    })
    expect((csv.body as string).trim().split('\r\n')).toHaveLength(2)
  })

  // spec/02 section 7.3: the last call of the specification to be served (issue 23, item 6).
  it('exportPolicyReportForAdmin: the staff report of every policy, archived too, filtered, as CSV and XLSX', async () => {
    const REPORT = `${STAFF}/exportPolicyReportForAdmin`
    const filter = {
      'agency_filter[]': String(agency.agency.id),
      'provider_filter[]': '3',
      sort_key: 'ref',
      sort_direction: 'true',
    }
    await getDb().update(policies).set({ is_archived: true }).where(eq(policies.id, made.purchased.id))
    try {
      const csv = await api('POST', REPORT, { token: staff, query: filter })
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-type')).toContain('text/csv')
      expect(csv.headers.get('content-disposition')).toMatch(
        /^attachment; filename="policy-report-\d{4}-\d{2}-\d{2}\.csv"$/,
      )
      const lines = (csv.body as string).trim().split('\r\n')
      expect(lines[0]).toBe(
        'Ref,Status,Student,Email,Passport,Insurer,Policy type,Start date,End date,Premium (AUD),Payment method,Agency,User-defined status,Provider payment status,Created at,Purchased at,Agency email,Cancellation request,Archived',
      )
      // Insurer 3 of this agency: the purchased policy (archived) and the issued one, by ref.
      const expected = [made.purchased, made.issued].sort((a, b) => a.ref.localeCompare(b.ref))
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(expected.map((p) => p.ref))
      const byRef = Object.fromEntries(lines.slice(1).map((l) => [l.split(',')[0], l.split(',')]))
      expect(byRef[made.purchased.ref].slice(-3)).toEqual([agency.agency.email, 'NO_CANCELLATION', 'yes'])
      expect(byRef[made.issued.ref].slice(-3)).toEqual([agency.agency.email, 'NO_CANCELLATION', 'no'])
      expect(byRef[made.purchased.ref][2]).toBe('Paula Purchased')
      expect(byRef[made.issued.ref][1]).toBe('Certificate issued')
      expect(csv.body).not.toContain('Abel Approved')
      // The list export leaves the archived policy out; the report is the whole book.
      const listExport = await api('POST', `${STAFF}/exportPoliciesByStatus`, { token: staff, query: filter })
      expect(
        (listExport.body as string)
          .trim()
          .split('\r\n')
          .slice(1)
          .map((l) => l.split(',')[0]),
      ).toEqual([made.issued.ref])
      const byStatus = await api('POST', REPORT, {
        token: staff,
        query: { ...filter, 'status[]': 'PURCHASED' },
      })
      expect((byStatus.body as string).trim().split('\r\n')).toHaveLength(2)

      // XLSX: the same rows in a workbook a spreadsheet opens.
      const url = new URL(`http://test.local/api${REPORT}`)
      for (const [k, v] of Object.entries({ ...filter, format: 'xlsx' })) url.searchParams.append(k, v)
      const res = await handleApiRequest(
        new Request(url, { method: 'POST', headers: { authorization: `Bearer ${staff}` } }),
        { clientIp: '127.0.0.1' },
      )
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('spreadsheetml')
      expect(res.headers.get('content-disposition')).toContain('.xlsx')
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(await res.arrayBuffer())
      const sheet = book.worksheets[0]
      const rows: unknown[][] = []
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
      expect(rows[0]).toEqual(lines[0].split(','))
      expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((p) => p.ref))
      expect(rows.slice(1).map((r) => r[r.length - 1])).toEqual(
        expected.map((p) => (p.id === made.purchased.id ? 'yes' : 'no')),
      )
      expect(rows.find((r) => r[0] === made.purchased.ref)![2]).toBe('Paula Purchased')

      // Staff only: an agency admin (this agency's or another's) is refused, and so is no login.
      for (const token of [agency.token, A.token]) {
        const refused = await api('POST', REPORT, { token, query: filter })
        expect(refused.status).toBe(403)
        expect(refused.headers.get('content-type')).toContain('json')
      }
      expect((await api('POST', REPORT, { query: filter })).status).toBe(401)

      // Listed in the OpenAPI document built from the endpoint table.
      const doc = (await api('GET', '/openapi.json')).body
      expect(doc.paths[`/api${REPORT}`]?.post?.summary).toContain('staff policy report')
    } finally {
      await getDb().update(policies).set({ is_archived: false }).where(eq(policies.id, made.purchased.id))
    }
  })

  it('archives: hidden from the list, shown in the archive, restored again', async () => {
    const archive = await api('POST', `${BASE}/archivePolicy`, {
      token: agency.token,
      body: { policy_id: made.draft.id, is_archived: true },
    })
    expect(archive.status).toBe(200)
    expect(refs(await list())).not.toContain(made.draft.ref)
    const archived = await api('GET', `${BASE}/getArchivePolicies/${agency.agency.id}`, {
      token: agency.token,
    })
    expect(refs(archived)).toEqual([made.draft.ref])
    const staffArchive = await api('GET', `${STAFF}/getArchivePolicies`, {
      token: staff,
      query: { 'agency_filter[]': String(agency.agency.id) },
    })
    expect(refs(staffArchive)).toEqual([made.draft.ref])
    expect(
      (
        await api('POST', `${BASE}/archivePolicy`, {
          token: agency.token,
          body: { policy_id: made.draft.id, is_archived: 'false' },
        })
      ).status,
    ).toBe(200)
    expect(refs(await list())).toContain(made.draft.ref)
    const history = await historyOf(made.draft.id)
    expect(history.map((h) => h.action).slice(-2)).toEqual(['archivePolicy', 'unarchivePolicy'])
  })
})

describe('searchPolicies (staff)', () => {
  it('pages 20 at a time by id with a cursor', async () => {
    const agency = await createAgency(getDb())
    const last = `Zed${Date.now().toString(36)}`
    const ids: number[] = []
    for (let i = 0; i < 25; i++) {
      ids.push((await createPolicy(getDb(), { agencyId: agency.id, lastName: last })).policy.id)
    }
    const first = await api('GET', `${STAFF}/searchPolicies`, { token: staff, query: { search: last } })
    expect(first.status).toBe(200)
    expect(first.body.data.total).toBe(25)
    expect(first.body.data.data).toHaveLength(20)
    const desc = [...ids].sort((a, b) => b - a)
    expect(first.body.data.data.map((p: any) => p.id)).toEqual(desc.slice(0, 20))
    expect(first.body.data.nextCursor).toBe(desc[19])
    const second = await api('GET', `${STAFF}/searchPolicies`, {
      token: staff,
      query: { search: last, cursor: String(first.body.data.nextCursor) },
    })
    expect(second.body.data.data.map((p: any) => p.id)).toEqual(desc.slice(20))
    expect(second.body.data.nextCursor).toBeNull()
    expect(second.body.data.total).toBe(25)
    expect((await api('GET', `${STAFF}/searchPolicies`, { token: A.token })).status).toBe(403)
  })
})

describe('assignment and staff statuses', () => {
  it('an agency admin assigns to its own enabled users only', async () => {
    const { policy } = await createPolicy(getDb(), { agencyId: A.agency.id })
    const worker = await agencyUser(A.token, ['quote'])
    const r = await api('POST', `${BASE}/assignPolicyToAgencyUser`, {
      token: A.token,
      body: { policy_id: policy.id, assign_to_agency_user: worker.id },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(await policyRow(policy.id)).toMatchObject({
      assigned_to_agency_user: worker.id,
      assigned_by_agency_user: null,
      is_assigned_by_agency: true,
    })
    // The assignee finds it under my_policies.
    const mine = await api('GET', `${BASE}/getPoliciesByStatus/${A.agency.id}`, {
      token: worker.token,
      query: { table: 'my_policies' },
    })
    expect(mine.body.data.map((p: any) => p.id)).toEqual([policy.id])

    // A user without user_management is no admin.
    expect(
      (
        await api('POST', `${BASE}/assignPolicyToAgencyUser`, {
          token: worker.token,
          body: { policy_id: policy.id, assign_to_agency_user: worker.id },
        })
      ).status,
    ).toBe(403)
    // A user holding user_management is; it records who assigned.
    const admin = await agencyUser(A.token, ['user_management'])
    const byAdmin = await api('POST', `${BASE}/assignPolicyToAgencyUser`, {
      token: admin.token,
      body: { policy_id: policy.id, assign_to_agency_user: admin.id },
    })
    expect(byAdmin.status).toBe(200)
    expect((await policyRow(policy.id)).assigned_by_agency_user).toBe(admin.id)

    const foreignUser = await agencyUser(B.token, ['quote'])
    expect(
      (
        await api('POST', `${BASE}/assignPolicyToAgencyUser`, {
          token: A.token,
          body: { policy_id: policy.id, assign_to_agency_user: foreignUser.id },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await api('POST', `${BASE}/assignPolicyToAgencyUser`, {
          token: B.token,
          body: { policy_id: policy.id, assign_to_agency_user: foreignUser.id },
        })
      ).status,
    ).toBe(404)
    await getDb().update(agencyUsers).set({ status: 'DISABLED' }).where(eq(agencyUsers.id, worker.id))
    expect(
      (
        await api('POST', `${BASE}/assignPolicyToAgencyUser`, {
          token: A.token,
          body: { policy_id: policy.id, assign_to_agency_user: worker.id },
        })
      ).status,
    ).toBe(409)
    const actions = (await historyOf(policy.id)).map((h) => h.action)
    expect(actions.filter((a) => a === 'assignPolicyToAgencyUser')).toHaveLength(2)
  })

  it('staff assign to an enabled staff user and set the user-defined and provider payment statuses', async () => {
    const { policy } = await createPolicy(getDb(), { agencyId: A.agency.id, status: 'PAYMENT_APPROVED' })
    const [me] = await getDb()
      .select({ id: oshcUsers.id })
      .from(oshcUsers)
      .innerJoin(identities, eq(identities.id, oshcUsers.identity_id))
      .where(eq(identities.email, ADMIN.email))
    const assign = await api('POST', `${STAFF}/assignPolicyToOshcUser`, {
      token: staff,
      body: { policy_id: policy.id, assign_to: me.id },
    })
    expect(assign.status, JSON.stringify(assign.body)).toBe(200)
    expect(await policyRow(policy.id)).toMatchObject({ assigned_to: me.id, assigned_by: me.id })
    expect(
      (
        await api('POST', `${STAFF}/assignPolicyToOshcUser`, {
          token: staff,
          body: { policy_id: policy.id, assign_to: 999999999 },
        })
      ).status,
    ).toBe(404)

    const uds = await api('POST', `${STAFF}/updateUserDefinedPolicyStatus`, {
      token: staff,
      body: { policy_id: policy.id, status: 'AWAITING_RESPONSE_FROM_PROVIDER' },
    })
    expect(uds.status).toBe(200)
    const badUds = await api('POST', `${STAFF}/updateUserDefinedPolicyStatus`, {
      token: staff,
      body: { policy_id: policy.id, status: 'DONE' },
    })
    expect(badUds.status).toBe(400)
    expect(badUds.body.errors.status).toEqual(['Invalid user-defined status'])

    const pps = await api('POST', `${STAFF}/${policy.id}/provider-payment-status`, {
      token: staff,
      query: { status: 'BOTH' },
    })
    expect(pps.status).toBe(200)
    expect(
      (
        await api('POST', `${STAFF}/${policy.id}/provider-payment-status`, {
          token: staff,
          query: { status: 'X' },
        })
      ).status,
    ).toBe(400)
    expect(await policyRow(policy.id)).toMatchObject({
      user_defined_status: 'AWAITING_RESPONSE_FROM_PROVIDER',
      provider_payment_status: 'BOTH',
      status: 'PAYMENT_APPROVED',
    })
    const history = await historyOf(policy.id)
    expect(history.map((h) => h.action)).toEqual([
      'SEEDED',
      'assignPolicyToOshcUser',
      'updateUserDefinedPolicyStatus',
      'updateProviderPaymentStatus',
    ])
    // Agencies may not use these calls.
    expect(
      (
        await api('POST', `${STAFF}/updateUserDefinedPolicyStatus`, {
          token: A.token,
          body: { policy_id: policy.id, status: 'IN_PROGRESS' },
        })
      ).status,
    ).toBe(403)
  })
})

describe('policy reads', () => {
  it('answers the detail, meta, history, customer by ref and the status lists', async () => {
    const created = await api('POST', `${BASE}/createStudentDetails`, {
      token: A.token,
      body: student({ partner, family_members: [child], policy: quote({ policy_type: 'FAMILY' }) }),
    })
    const { policyId } = created.body.data
    const detail = await api('GET', `${BASE}/getPoliciesDetailsById/${policyId}`, { token: A.token })
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({
      policy: { id: policyId, status: 'INITIATED', status_label: 'Initiated', policy_type: 'FAMILY' },
      customer: { first_name: 'Mia', city_name: 'Sydney' },
      partner: { first_name: 'Sam' },
      family_members: [{ first_name: 'Kim' }],
      provider: { id: 1, display_name: 'nib OSHC' },
      agency: { id: A.agency.id },
      payments: [],
      invoices: [{ invoice_type: 'PREMIUM', status: 'PENDING' }],
      certificates: [],
      meta: { can_edit: true, can_pay: true, can_upload_certificate: false, resume_step: null },
    })
    const staffDetail = await api('GET', `${STAFF}/getPolicieById/${policyId}`, { token: staff })
    expect(staffDetail.body.data.policy.id).toBe(policyId)
    const meta = await api('GET', `${BASE}/getPolicyMeta/${policyId}`, { token: A.token })
    expect(meta.body.data).toMatchObject({ status: 'INITIATED', can_pay: true, certificate_issued: false })
    const byId = await api('GET', `${BASE}/getPolicyById/${policyId}`, { token: A.token })
    expect(byId.body.data.premium).toBeGreaterThan(0)
    const history = await api('GET', `${BASE}/getPolicyHistory/${policyId}`, { token: A.token })
    expect(history.body.data).toEqual([
      expect.objectContaining({ policyId, action: 'createStudentDetails', status: 'INITIATED' }),
    ])
    const ref = byId.body.data.ref
    const byRef = await api('GET', `${STAFF}/getCustomerDetailByPolicyRef/${ref}`, { token: staff })
    expect(byRef.body.data).toMatchObject({ policy_id: policyId, customer: { first_name: 'Mia' } })
    expect(
      (await api('GET', `${STAFF}/getCustomerDetailByPolicyRef/POL-NOPE`, { token: staff })).status,
    ).toBe(404)
    const byPolicy = await api('GET', `${STAFF}/getCustomerDetailByPolicyId/${policyId}`, { token: staff })
    expect(byPolicy.body.data.family_members).toHaveLength(1)
    const statuses = await api('GET', `${STAFF}/getPolicyStatuses`, { token: staff })
    expect(statuses.body.data.statuses).toContainEqual({
      value: 'PURCHASED',
      label: 'Payment verification pending',
    })
    expect(statuses.body.data.user_defined_statuses).toHaveLength(8)
  })
})

describe('screens (route modules, as Remix calls them)', () => {
  const req = (
    path: string,
    token: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ) => {
    const body = init.form ? new URLSearchParams(init.form) : undefined
    return new Request(`http://test.local${path}`, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    })
  }
  /** Loaders and actions answer plain data, `data()` wrappers or (redirect) responses, thrown or returned. */
  async function call<T>(fn: () => Promise<T>) {
    try {
      return await fn()
    } catch (thrown) {
      if (thrown instanceof Response) return thrown as unknown as T
      throw thrown
    }
  }
  const location = (r: unknown) => (r instanceof Response ? r.headers.get('location') : null)
  const payload = (r: unknown) =>
    (r && typeof r === 'object' && 'data' in r && 'init' in r ? (r as { data: any }).data : r) as any

  it('walks the new-policy wizard to the payment screen', async () => {
    const newRoute = await import('../../app/routes/agency+/policies.new')
    const edit = await import('../../app/routes/agency+/policies.$policyId.edit/route')
    const form = {
      policy_type: 'COUPLE',
      title: 'Ms',
      first_name: 'Wendy',
      last_name: 'Wizard',
      email: unique('wendy'),
      dob: '2003-04-05',
      country: String(au),
      is_primary_visa_holder_and_eligible_to_apply: 'on',
      has_accepted_terms: 'on',
      provider_id: '3',
      start_date: '2027-02-01',
      end_date: '2027-07-31',
    }
    // A refused step comes back with the messages under the fields.
    const refused = payload(
      await call(() =>
        newRoute.action({
          request: req('/agency/policies/new', A.token, { form: { ...form, first_name: 'W', country: '' } }),
          params: {},
          context: {},
        }),
      ),
    )
    expect(refused.error.first_name).toEqual([MIN2])
    expect(refused.error.country).toEqual(['country is required'])
    // Both declarations are required in step one (issue 29): an unticked box is refused on its field.
    const { has_accepted_terms: _t, is_primary_visa_holder_and_eligible_to_apply: _e, ...unticked } = form
    const undeclared = payload(
      await call(() =>
        newRoute.action({
          request: req('/agency/policies/new', A.token, { form: unticked }),
          params: {},
          context: {},
        }),
      ),
    )
    expect(undeclared.error).toEqual({
      is_primary_visa_holder_and_eligible_to_apply: [
        'The student must be the primary visa holder and eligible to apply',
      ],
      has_accepted_terms: ['The student must accept the terms and conditions'],
    })

    const created = await call(() =>
      newRoute.action({ request: req('/agency/policies/new', A.token, { form }), params: {}, context: {} }),
    )
    const next = location(created)!
    expect(next).toMatch(/^\/agency\/policies\/\d+\/edit\?step=family&provider_id=3&start_date=2027-02-01/)
    const policyId = Number(/policies\/(\d+)/.exec(next)![1])
    const params = { policyId: String(policyId) }
    const editPath = (q: string) => `/agency/policies/${policyId}/edit?${q}`

    const family = payload(
      await call(() => edit.loader({ request: req(editPath('step=family'), A.token), params, context: {} })),
    )
    expect(family).toMatchObject({ step: 'family', rule: { partner: true, dependants: false } })
    // Steps not reached yet send the user back to where the policy resumes.
    const jump = await call(() =>
      edit.loader({ request: req(editPath('step=quote'), A.token), params, context: {} }),
    )
    expect(location(jump)).toContain('step=family')

    const carry = { carry_provider_id: '3', carry_start_date: '2027-02-01', carry_end_date: '2027-07-31' }
    const noPartner = payload(
      await call(() =>
        edit.action({
          request: req(editPath('step=family'), A.token, { form: { intent: 'family' } }),
          params,
          context: {},
        }),
      ),
    )
    // Conform's reply, as the house form takes it: the posted step (its intent) and the messages.
    expect(noPartner.initialValue.intent).toBe('family')
    expect(noPartner.error.partner).toEqual(['Partner details are required for this policy type'])
    // "Update the number" answers the posted form unchecked; the page draws that many rows.
    const counted = payload(
      await call(() =>
        edit.action({
          request: req(editPath('step=family'), A.token, { form: { intent: 'count', dependant_count: '3' } }),
          params,
          context: {},
        }),
      ),
    )
    expect(counted).toMatchObject({ initialValue: { intent: 'count', dependant_count: '3' } })
    expect(counted.error).toBeFalsy()
    const savedFamily = await call(() =>
      edit.action({
        request: req(editPath('step=family'), A.token, {
          form: { intent: 'family', 'partner.first_name': 'Pat', 'partner.last_name': 'Wizard', ...carry },
        }),
        params,
        context: {},
      }),
    )
    expect(location(savedFamily)).toBe(
      editPath('step=other&provider_id=3&start_date=2027-02-01&end_date=2027-07-31'),
    )

    const other = {
      intent: 'other',
      passport_number: 'PX998877',
      education_institute: 'UTS',
      has_australian_address: 'on',
      street_address_1: '15 Broadway',
      state_id: String(nsw),
      // The city box posts the city's name; the action finds it in the state.
      city_name: 'Sydney',
      post_code: '2007',
      ...carry,
    }
    const noAddress = payload(
      await call(() =>
        edit.action({
          request: req(editPath('step=other'), A.token, { form: { ...other, post_code: '' } }),
          params,
          context: {},
        }),
      ),
    )
    expect(noAddress.error.post_code).toEqual(['Post code is required'])
    // The carried quote is bought as chosen once the student is complete: on to payment.
    const savedOther = await call(() =>
      edit.action({ request: req(editPath('step=other'), A.token, { form: other }), params, context: {} }),
    )
    expect(location(savedOther)).toBe(`/agency/policies/${policyId}/pay`)
    expect(await policyRow(policyId)).toMatchObject({ status: 'INITIATED', insurance_provider_id: 3 })

    const quote = payload(
      await call(() =>
        edit.loader({
          request: req(
            editPath('step=quote&provider_id=3&start_date=2027-02-01&end_date=2027-07-31'),
            A.token,
          ),
          params,
          context: {},
        }),
      ),
    )
    expect(quote.quote.chosen).toBe('3')
    expect(quote.quote.rows.map((r: any) => r.provider_id).sort()).toEqual([1, 3])
    const initiated = await call(() =>
      edit.action({
        request: req(editPath('step=quote'), A.token, {
          form: {
            intent: 'quote',
            policy_type: 'COUPLE',
            start_date: '2027-02-01',
            end_date: '2027-07-31',
            insurance_provider_id: '3',
          },
        }),
        params,
        context: {},
      }),
    )
    expect(location(initiated)).toBe(`/agency/policies/${policyId}/pay`)
    expect(await policyRow(policyId)).toMatchObject({
      status: 'INITIATED',
      insurance_provider_id: 3,
      policy_type: 'COUPLE',
    })

    // Still editable before payment: a priced policy's step re-prices it.
    const reprice = await call(() =>
      edit.action({
        request: req(editPath('step=other'), A.token, { form: { ...other, education_institute: 'UNSW' } }),
        params,
        context: {},
      }),
    )
    expect(location(reprice)).toContain('step=quote')
    const [c] = await getDb()
      .select()
      .from(customers)
      .where(eq(customers.id, (await policyRow(policyId)).customer_id))
    expect(c.education_institute).toBe('UNSW')

    // The detail page and the lists.
    const detailRoute = await import('../../app/routes/agency+/policies.$policyId._index/route')
    const detail = payload(
      await call(() =>
        detailRoute.loader({ request: req(`/agency/policies/${policyId}`, A.token), params, context: {} }),
      ),
    )
    expect(detail.policy).toMatchObject({ id: policyId, status: 'INITIATED', meta: { can_pay: true } })
    expect(detail.policy.partner).toContainEqual(['Name', 'Pat Wizard'])
    const foreign = await call(() =>
      detailRoute.loader({ request: req(`/agency/policies/${policyId}`, B.token), params, context: {} }),
    )
    expect((foreign as unknown as Response).status).toBe(404)
    const archived = await call(() =>
      detailRoute.action({
        request: req(`/agency/policies/${policyId}`, A.token, {
          form: { intent: 'archive', is_archived: 'true' },
        }),
        params,
        context: {},
      }),
    )
    expect(location(archived)).toBe(`/agency/policies/${policyId}`)
    expect((await policyRow(policyId)).is_archived).toBe(true)

    const listRoute = await import('../../app/routes/agency+/policies._index')
    const archivedList = payload(
      await call(() =>
        listRoute.loader({ request: req('/agency/policies?archived=1', A.token), params: {}, context: {} }),
      ),
    )
    expect(archivedList.rows.map((r: any) => r.id)).toContain(policyId)
    const exportRoute = await import('../../app/routes/agency+/policies.export')
    const csv = (await call(() =>
      exportRoute.loader({
        request: req('/agency/policies/export?archived=1&format=csv', A.token),
        params: {},
        context: {},
      }),
    )) as unknown as Response
    expect(await csv.text()).toContain('Wendy Wizard')
  })

  it('saves a single student on one page and buys the carried quote, or asks for a quote when it no longer stands', async () => {
    const newRoute = await import('../../app/routes/agency+/policies.new')
    const carried = 'provider_id=3&policy_type=SINGLE&start_date=2027-02-01&end_date=2027-07-31'
    const page = payload(
      await call(() =>
        newRoute.loader({
          request: req(`/agency/policies/new?${carried}`, A.token),
          params: {},
          context: {},
        }),
      ),
    )
    expect(page).toMatchObject({ whole: true, chosen: { policy_type: 'SINGLE', start_date: '2027-02-01' } })
    expect(page.chosen.payable).toBeGreaterThan(0)
    expect(page.states.length).toBeGreaterThan(0)
    // A family cover keeps its steps (partner and dependants first).
    const family = payload(
      await call(() =>
        newRoute.loader({
          request: req(`/agency/policies/new?${carried.replace('SINGLE', 'COUPLE')}`, A.token),
          params: {},
          context: {},
        }),
      ),
    )
    expect(family).toMatchObject({ whole: false, states: [] })

    const form = (email: string, provider: string) => ({
      intent: 'student',
      policy_type: 'SINGLE',
      first_name: 'Ola',
      last_name: 'Onepage',
      email: unique(email),
      dob: '2004-02-03',
      country: String(au),
      is_primary_visa_holder_and_eligible_to_apply: 'on',
      has_accepted_terms: 'on',
      passport_number: 'PA123456',
      education_institute: 'RMIT',
      provider_id: provider,
      start_date: '2027-02-01',
      end_date: '2027-07-31',
    })
    const send = (f: Record<string, string>) =>
      call(() =>
        newRoute.action({
          request: req('/agency/policies/new', A.token, { form: f }),
          params: {},
          context: {},
        }),
      )
    const refused = payload(await send({ ...form('ola0', '3'), passport_number: '' }))
    expect(refused.error.passport_number).toBeTruthy()
    const bought = location(await send(form('ola1', '3')))!
    expect(bought).toMatch(/^\/agency\/policies\/\d+\/pay$/)
    const policyId = Number(/policies\/(\d+)/.exec(bought)![1])
    expect(await policyRow(policyId)).toMatchObject({
      status: 'INITIATED',
      insurance_provider_id: 3,
      policy_type: 'SINGLE',
      start_date: '2027-02-01',
    })
    // An insurer not set up for the agency: the student is kept and the quote step asks again.
    const asked = location(await send(form('ola2', '2')))!
    expect(asked).toMatch(/^\/agency\/policies\/\d+\/edit\?step=quote&provider_id=2&/)
    const kept = Number(/policies\/(\d+)/.exec(asked)![1])
    expect(await policyRow(kept)).toMatchObject({
      status: 'OTHER_DETAILS_ADDED',
      insurance_provider_id: null,
    })
  })

  it('lets staff upload and issue a certificate from the staff detail page', async () => {
    const { policy } = await createPolicy(getDb(), { agencyId: A.agency.id, status: 'PAYMENT_APPROVED' })
    const route = await import('../../app/routes/staff+/policies.$policyId._index/route')
    const params = { policyId: String(policy.id) }
    const page = payload(
      await call(() =>
        route.loader({ request: req(`/staff/policies/${policy.id}`, staff), params, context: {} }),
      ),
    )
    expect(page).toMatchObject({ canManage: true, policy: { meta: { can_upload_certificate: true } } })
    const missingFile = payload(
      await call(() =>
        route.action({
          request: req(`/staff/policies/${policy.id}`, staff, {
            form: { intent: 'upload-certificate', membership_number: 'MM-1' },
          }),
          params,
          context: {},
        }),
      ),
    )
    expect(missingFile.error.certificate).toEqual(['Choose a file to upload'])
    // The reply names its form, so only the upload form shows the message.
    expect(missingFile.initialValue.intent).toBe('upload-certificate')
    const status = await call(() =>
      route.action({
        request: req(`/staff/policies/${policy.id}`, staff, {
          form: { intent: 'user-defined-status', status: 'IN_PROGRESS' },
        }),
        params,
        context: {},
      }),
    )
    expect(location(status)).toBe(`/staff/policies/${policy.id}`)
    expect((await policyRow(policy.id)).user_defined_status).toBe('IN_PROGRESS')
    // Agencies cannot open staff pages.
    const denied = await call(() =>
      route.loader({ request: req(`/staff/policies/${policy.id}`, A.token), params, context: {} }),
    )
    expect((denied as unknown as Response).status).toBe(403)
    const list = await import('../../app/routes/staff+/policies._index')
    const rows = payload(
      await call(() =>
        list.loader({
          request: req(`/staff/policies?agency_filter=${A.agency.id}&perPage=100`, staff),
          params: {},
          context: {},
        }),
      ),
    )
    expect(rows.rows.map((r: any) => r.id)).toContain(policy.id)
    // Archiving asks in the browser first; the form still posts the same fields.
    const archived = await call(() =>
      route.action({
        request: req(`/staff/policies/${policy.id}`, staff, {
          form: { intent: 'archive', is_archived: 'true' },
        }),
        params,
        context: {},
      }),
    )
    expect(location(archived)).toBe(`/staff/policies/${policy.id}`)
    expect((await policyRow(policy.id)).is_archived).toBe(true)
  })

  it('seeds the demo agency policies once', async () => {
    const { seedDemo, DEMO_AGENCY_EMAIL } = await import('../../db/seed/demo')
    await seedDemo(getDb())
    await seedDemo(getDb())
    const [demo] = await getDb()
      .select({ id: policies.agency_id })
      .from(policies)
      .innerJoin(customers, eq(customers.id, policies.customer_id))
      .where(eq(customers.email, 'olivia.chen@student.demo.local'))
    const statuses = (await getDb().select().from(policies).where(eq(policies.agency_id, demo.id))).map(
      (p) => p.status,
    )
    expect(statuses).toHaveLength(8)
    expect(new Set(statuses)).toEqual(
      new Set([
        'PERSONAL_INFORMATION_ADDED',
        'OTHER_DETAILS_ADDED',
        'INITIATED',
        'PURCHASED',
        'PAYMENT_REJECTED',
        'PAYMENT_APPROVED',
        'CERTIFICATE_ISSUED',
      ]),
    )
    expect(DEMO_AGENCY_EMAIL).toBe('agency@demo.local')
  })
})

it('documents the policy calls in the OpenAPI document', async () => {
  const r = await api('GET', '/openapi.json')
  expect(Object.keys(r.body.paths)).toEqual(
    expect.arrayContaining([
      `/api${BASE}/createStudentDetails`,
      `/api${BASE}/getPoliciesByStatus/{agency_id}`,
      `/api${BASE}/{policyId}/certificate`,
      `/api${STAFF}/searchPolicies`,
      `/api${STAFF}/uploadPolicyCertificate/{policyId}`,
    ]),
  )
  expect(
    r.body.paths[`/api${BASE}/getPoliciesByStatus/{agency_id}`].get.parameters.map((p: any) => p.name),
  ).toContain('sort_key')
})
