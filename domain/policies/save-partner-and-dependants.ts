import { getDb } from '../../db/client'
import type { Actor } from '../shared/actor'
import { validation } from '../shared/errors'
import { lockPolicyFor, transitionPolicy } from './policy-history'
import { coverCounts } from './policies.rules'
import type { PartnerAndDependantsInput } from './policies.schemas'
import { assertFamilyFits, writeFamily } from './customer-family'
import { assertPolicyWriter } from './policy-guards'
import { loadCustomer, policyOfCustomer } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

/**
 * createOrUpdatePartneAndDependentDetails (agency 'quote' on its own students; staff
 * 'policy_management'): replaces the partner and dependants of the student's draft policy, checked
 * against the family rule of the policy type -> PARTNER_DEPENDANTS_INFORMATION_ADDED (a policy
 * already past that step keeps its status). Idempotent: saving the same people again changes nothing.
 */
export const savePartnerAndDependants = defineUseCase(
  { staff: ['policy_management'], agency: ['quote'] },
  async function savePartnerAndDependants(opts: { actor: Actor; input: PartnerAndDependantsInput }) {
    const { actor, input } = opts
    assertPolicyWriter(actor)
    return getDb().transaction(async (tx) => {
      const customer = await loadCustomer(actor, input.customer_id, tx)
      const { id } = await policyOfCustomer(customer.id, undefined, tx)
      const policy = await lockPolicyFor(tx, id, 'savePartnerAndDependants')
      const policyType = input.policy_type ?? policy.policy_type
      if (!policyType) throw validation('policy_type', 'Choose the policy type first')
      const people = { hasPartner: !!input.partner, dependants: input.family_members.length }
      assertFamilyFits(policyType, people)
      await writeFamily(tx, customer.id, input.partner, input.family_members)
      const status = await transitionPolicy(tx, policy, 'savePartnerAndDependants', {
        actor,
        to: policy.status === 'OTHER_DETAILS_ADDED' ? 'OTHER_DETAILS_ADDED' : undefined,
        set: { policy_type: policyType, ...coverCounts(people) },
        note: `${people.hasPartner ? 'Partner and ' : ''}${people.dependants} dependant(s) saved`,
      })
      return { customerId: customer.id, policyId: policy.id, status }
    })
  },
)
