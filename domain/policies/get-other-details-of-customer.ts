import type { Actor } from '../shared/actor'
import { assertPolicyReader } from './policy-guards'
import { loadCustomer } from './policy-loading'
import { defineUseCase } from '../shared/authorize'
import { other, placeNames } from './customer-details'

/** GetOtherDetailsOfCustomers (policy readers of the customer's agency, or staff). */
export const getOtherDetailsOfCustomer = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getOtherDetailsOfCustomer(opts: { actor: Actor; customerId: number }) {
    assertPolicyReader(opts.actor)
    const c = await loadCustomer(opts.actor, opts.customerId)
    const names = await placeNames(c)
    return {
      ...other(c),
      passport_country_name: names.passport_country_name,
      state_name: names.state_name,
      city_name: names.city_name,
    }
  },
)
