import type { Actor } from '../shared/actor'
import { assertPolicyReader } from './policy-guards'
import { loadCustomer } from './policy-loading'
import { defineUseCase } from '../shared/authorize'
import { personal, placeNames } from './customer-details'

/** getPersonalInformationOfCustomer (policy readers of the customer's agency, or staff). */
export const getPersonalInformationOfCustomer = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPersonalInformationOfCustomer(opts: { actor: Actor; customerId: number }) {
    assertPolicyReader(opts.actor)
    const c = await loadCustomer(opts.actor, opts.customerId)
    return { ...personal(c), country_name: (await placeNames(c)).country_name }
  },
)
