import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policies } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { assertPolicyReader } from './policy-guards'
import { defineUseCase } from '../shared/authorize'
import { getCustomerDetailByPolicyId } from './get-customer-detail-by-policy-id'

/** getCustomerDetailByPolicyRef (staff; agency for its own): as above, by policy reference. */
export const getCustomerDetailByPolicyRef = defineUseCase(
  { staff: ['policy_management', 'finance'] },
  async function getCustomerDetailByPolicyRef(opts: { actor: Actor; ref: string }) {
    assertPolicyReader(opts.actor)
    const [row] = await getDb().select({ id: policies.id }).from(policies).where(eq(policies.ref, opts.ref))
    if (!row) throw notFound('Policy')
    return getCustomerDetailByPolicyId({ actor: opts.actor, policyId: row.id })
  },
)
