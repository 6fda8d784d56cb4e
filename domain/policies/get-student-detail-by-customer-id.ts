import { getDb } from '../../db/client'
import type { Actor } from '../shared/actor'
import { assertPolicyReader } from './policy-guards'
import { loadCustomer, policyOfCustomer } from './policy-loading'
import { presentPolicy } from './policy-presenter'
import { defineUseCase } from '../shared/authorize'
import { personal, other, family, placeNames } from './customer-details'

/** getStudentDetailByCustomerId: the whole student with the newest policy (policy readers, or staff). */
export const getStudentDetailByCustomerId = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getStudentDetailByCustomerId(opts: { actor: Actor; customerId: number }) {
    assertPolicyReader(opts.actor)
    const c = await loadCustomer(opts.actor, opts.customerId)
    const [people, names, policy] = await Promise.all([
      family(c.id),
      placeNames(c),
      policyOfCustomer(c.id, undefined, getDb()),
    ])
    return {
      customer: { ...personal(c), ...other(c), ...names },
      ...people,
      policy: presentPolicy(policy),
    }
  },
)
