import type { Actor } from '../shared/actor'
import { assertPolicyReader } from './policy-guards'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'
import { customerDetail } from './policy-views'

/** getCustomerDetailByPolicyId (staff; agency for its own): the student, partner and dependants. */
export const getCustomerDetailByPolicyId = defineUseCase(
  { staff: ['policy_management', 'finance'] },
  async function getCustomerDetailByPolicyId(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    return { policy_id: p.id, ref: p.ref, ...(await customerDetail(p)) }
  },
)
