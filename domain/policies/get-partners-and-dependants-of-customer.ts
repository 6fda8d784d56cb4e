import type { Actor } from '../shared/actor'
import { assertPolicyReader } from './policy-guards'
import { loadCustomer } from './policy-loading'
import { defineUseCase } from '../shared/authorize'
import { family } from './customer-details'

/** getPartnersAndDepandantsofCustomer (policy readers of the customer's agency, or staff). */
export const getPartnersAndDependantsOfCustomer = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPartnersAndDependantsOfCustomer(opts: { actor: Actor; customerId: number }) {
    assertPolicyReader(opts.actor)
    const c = await loadCustomer(opts.actor, opts.customerId)
    return { customer_id: c.id, ...(await family(c.id)) }
  },
)
