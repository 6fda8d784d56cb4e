import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { customers, policies } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { invalidTransition } from '../shared/errors'
import { recordPolicyHistory } from './policy-history'
import { canTransition, STATUS_LABELS, UNPRICED_STATUSES } from './policies.rules'
import type { UpdateCustomerDetailsInput } from './policies.schemas'
import { assertPolicyWriter } from './policy-guards'
import { customerValues } from './customer-columns'
import { loadCustomer, policyOfCustomer } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

/**
 * updateCustomerDetails (agency 'quote' on its own students; staff 'policy_management'): corrects
 * the personal details while the student's policy is not bought yet (409 afterwards). A policy
 * type sent before the policy is priced replaces the wanted type.
 */
export const updateCustomerDetails = defineUseCase(
  { staff: ['policy_management'], agency: ['quote'] },
  async function updateCustomerDetails(opts: { actor: Actor; input: UpdateCustomerDetailsInput }) {
    const { actor, input } = opts
    assertPolicyWriter(actor)
    return getDb().transaction(async (tx) => {
      const customer = await loadCustomer(actor, input.customer_id, tx)
      const current = await policyOfCustomer(customer.id, undefined, tx)
      const [policy] = await tx.select().from(policies).where(eq(policies.id, current.id)).for('update')
      if (!canTransition('editBeforePurchase', policy.status)) {
        throw invalidTransition(
          `The student's details cannot be changed while the policy is "${STATUS_LABELS[policy.status]}" (${policy.status}); request an amendment instead`,
        )
      }
      const { customer_id: _c, policy_type, ...personal } = input
      await tx.update(customers).set(customerValues(personal)).where(eq(customers.id, customer.id))
      if (policy_type && UNPRICED_STATUSES.includes(policy.status))
        await tx.update(policies).set({ policy_type }).where(eq(policies.id, policy.id))
      await recordPolicyHistory(tx, {
        policyId: policy.id,
        action: 'updateCustomerDetails',
        actor,
        fromStatus: policy.status,
        status: policy.status,
        note: 'Personal details updated',
      })
      return { customerId: customer.id, policyId: policy.id }
    })
  },
)
