// The step-by-step policy of the policy calls: personal details, partner and dependants, other
// details, then the quote that initiates it with its invoice.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customerDependants, customerPartners, customers } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { api } from '../setup/api'
import {
  A,
  au,
  BASE,
  child,
  historyOf,
  nsw,
  otherDetails,
  partner,
  personal,
  policyRow,
  premiumInvoices,
  quote,
  setUpPolicyFixtures,
  sydney,
} from '../setup/policies'

setUpPolicyFixtures()

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
