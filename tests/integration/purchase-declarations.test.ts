// Issue 29 item 1: a policy is not paid unless the student is an eligible primary visa holder and
// has accepted the terms. purchasePolicy (API and pay page alike) refuses with a 400 naming the
// missing declaration, before any money moves.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBalances, customers, policies, policyPremiumPayments } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { agencyWithToken, api } from '../setup/api'

const AFM = '/agencies/finance-management'
const MESSAGES = {
  is_primary_visa_holder_and_eligible_to_apply:
    'The student must be the primary visa holder and eligible to apply',
  has_accepted_terms: 'The student must accept the terms and conditions',
} as const

async function fundedPolicy(declarations: Partial<Record<keyof typeof MESSAGES, boolean>>) {
  const { agency, token } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
  await getDb().update(customers).set(declarations).where(eq(customers.id, policy.customer_id))
  await getDb().transaction((tx) =>
    postBalanceEntry(tx, {
      agencyId: agency.id,
      type: 'AGENCY_TOPUP',
      amount: policy.premium! * 2,
      actor: 'test',
    }),
  )
  return { agency, token, policy }
}

const buy = (token: string, policyId: number, paymentType = 'AGENCY_BALANCE') =>
  api('POST', `${AFM}/purchasePolicy`, { token, body: { policy_id: policyId, payment_type: paymentType } })

describe('purchase: the student declarations', () => {
  for (const field of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
    it(`refuses the purchase with a 400 naming ${field} when it is false, and moves no money`, async () => {
      const { agency, token, policy } = await fundedPolicy({ [field]: false })
      const [before] = await getDb()
        .select()
        .from(agencyBalances)
        .where(eq(agencyBalances.agency_id, agency.id))
      for (const method of ['AGENCY_BALANCE', 'BANK', 'CARD']) {
        const r = await buy(token, policy.id, method)
        expect(r.status, `${method}: ${JSON.stringify(r.body)}`).toBe(400)
        expect(r.body.errors).toEqual({ [field]: [MESSAGES[field]] })
        expect(r.body.message).toContain(field)
      }
      const [p] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
      expect(p.status).toBe('INITIATED')
      const payments = await getDb()
        .select()
        .from(policyPremiumPayments)
        .where(eq(policyPremiumPayments.policy_id, policy.id))
      expect(payments).toHaveLength(0)
      const [after] = await getDb()
        .select()
        .from(agencyBalances)
        .where(eq(agencyBalances.agency_id, agency.id))
      expect(after.balance).toBe(before.balance)
    })
  }

  it('names both declarations when neither is made; with both the same purchase goes through', async () => {
    const { token, policy } = await fundedPolicy({
      has_accepted_terms: false,
      is_primary_visa_holder_and_eligible_to_apply: false,
    })
    const refused = await buy(token, policy.id)
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.errors).sort()).toEqual(Object.keys(MESSAGES).sort())

    await getDb()
      .update(customers)
      .set({ has_accepted_terms: true, is_primary_visa_holder_and_eligible_to_apply: true })
      .where(eq(customers.id, policy.customer_id))
    const bought = await buy(token, policy.id)
    expect(bought.status, JSON.stringify(bought.body)).toBe(200)
    const [p] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(p.status).toBe('PAYMENT_APPROVED')
  })

  it('refuses the card checkouts (stripeCheckout, airwallexCheckout) without the declarations (400)', async () => {
    const { token, policy } = await fundedPolicy({ is_primary_visa_holder_and_eligible_to_apply: false })
    const errors = {
      is_primary_visa_holder_and_eligible_to_apply: [MESSAGES.is_primary_visa_holder_and_eligible_to_apply],
    }
    const stripe = await api('POST', '/payments/stripeCheckout', { token, body: { policy_id: policy.id } })
    expect(stripe.status, JSON.stringify(stripe.body)).toBe(400)
    expect(stripe.body.errors).toEqual(errors)
    const airwallex = await api('POST', '/payments/airwallexCheckout', {
      token,
      body: { currency: 'AUD', is_create_payment: false, policies: [policy.id], is_bnpl_payment: false },
    })
    expect(airwallex.status, JSON.stringify(airwallex.body)).toBe(400)
    expect(airwallex.body.errors).toEqual(errors)
  })

  it('refuses a payment link for a student without the declarations (400)', async () => {
    const { token, policy } = await fundedPolicy({ has_accepted_terms: false })
    const r = await api('POST', '/payment/createPaymentLink', {
      token,
      body: { policy_id: policy.id, currency: 'AUD' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(400)
    expect(r.body.errors).toEqual({ has_accepted_terms: [MESSAGES.has_accepted_terms] })
  })
})
