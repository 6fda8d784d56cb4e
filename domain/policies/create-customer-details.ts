import { getDb } from '../../db/client'
import { customers, policies } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { isAgencySide } from '../shared/actor'
import { recordPolicyHistory } from './policy-history'
import type { CreateCustomerDetailsInput } from './policies.schemas'
import { actingAgencyId, assertPolicyWriter } from './policy-guards'
import { customerValues } from './customer-columns'
import { newPolicyRef } from './policy-ref'
import { defineUseCase } from '../shared/authorize'

/**
 * createCustomerDetails (agency 'quote' for its own agency; staff 'policy_management' for the
 * agency_id of the body): the student and a draft policy in PERSONAL_INFORMATION_ADDED.
 * Not idempotent: each call creates a new student. Answers { customerId, policyId }.
 */
export const createCustomerDetails = defineUseCase(
  { staff: ['policy_management'], agency: ['quote'] },
  async function createCustomerDetails(opts: { actor: Actor; input: CreateCustomerDetailsInput }) {
    const { actor, input } = opts
    assertPolicyWriter(actor)
    return getDb().transaction(async (tx) => {
      const agencyId = await actingAgencyId(actor, input.agency_id, tx)
      const identityId = 'identityId' in actor ? actor.identityId : null
      const [customer] = await tx
        .insert(customers)
        .values({
          ...customerValues(input),
          first_name: input.first_name,
          last_name: input.last_name,
          agency_id: agencyId,
          created_by: identityId,
        })
        .returning({ id: customers.id })
      const [policy] = await tx
        .insert(policies)
        .values({
          ref: newPolicyRef(),
          agency_id: agencyId,
          customer_id: customer.id,
          policy_type: input.policy_type ?? null,
          status: 'PERSONAL_INFORMATION_ADDED',
          is_created_by_agency: isAgencySide(actor),
          created_by: identityId,
        })
        .returning({ id: policies.id })
      await recordPolicyHistory(tx, {
        policyId: policy.id,
        action: 'createCustomerDetails',
        actor,
        status: 'PERSONAL_INFORMATION_ADDED',
        note: `Student ${input.first_name} ${input.last_name} added`,
      })
      return { customerId: customer.id, policyId: policy.id }
    })
  },
)
