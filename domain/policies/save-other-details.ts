import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { lockPolicyFor, transitionPolicy } from './policy-history'
import type { OtherDetailsInput } from './policies.schemas'
import { assertPolicyWriter } from './policy-guards'
import { customerValues } from './customer-columns'
import { loadCustomer, policyOfCustomer } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

/**
 * createOrUpdateCustomerOtherDetails (agency 'quote' on its own students; staff
 * 'policy_management'): passport, visa, institute and address -> OTHER_DETAILS_ADDED. Allowed once
 * the partner and dependants step is saved (409 before). Idempotent.
 */
export const saveOtherDetails = defineUseCase(
  { staff: ['policy_management'], agency: ['quote'] },
  async function saveOtherDetails(opts: { actor: Actor; input: OtherDetailsInput }) {
    const { actor, input } = opts
    assertPolicyWriter(actor)
    return getDb().transaction(async (tx) => {
      const customer = await loadCustomer(actor, input.customer_id, tx)
      const { id } = await policyOfCustomer(customer.id, undefined, tx)
      const policy = await lockPolicyFor(tx, id, 'saveOtherDetails')
      const { customer_id: _c, ...details } = input
      await tx.update(customers).set(customerValues(details)).where(eq(customers.id, customer.id))
      const status = await transitionPolicy(tx, policy, 'saveOtherDetails', {
        actor,
        note: 'Passport, visa, institute and address saved',
      })
      return { customerId: customer.id, policyId: policy.id, status }
    })
  },
)
