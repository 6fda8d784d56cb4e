// Who may act on which policy: staff for an agency, agencies only for their own, the permissions;
// assignment to agency and staff users and the staff statuses.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyUsers, identities, oshcUsers } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { ADMIN, api } from '../setup/api'
import {
  A,
  agencyUser,
  B,
  BASE,
  historyOf,
  otherDetails,
  personal,
  policyRow,
  quote,
  setUpPolicyFixtures,
  STAFF,
  staff,
  student,
} from '../setup/policies'

setUpPolicyFixtures()

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
