// The policy calls' validation messages, and the student and policy made (or re-priced) at once by
// createStudentDetails and updateStudentDetails.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers, offers, purchaseRules } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { agencyWithToken, api } from '../setup/api'
import {
  A,
  BASE,
  child,
  DATE_MSG,
  historyOf,
  MAX256,
  MIN2,
  otherDetails,
  partner,
  personal,
  policyRow,
  premiumInvoices,
  quote,
  setUpPolicyFixtures,
  student,
} from '../setup/policies'

setUpPolicyFixtures()

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
