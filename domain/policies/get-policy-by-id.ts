import type { Actor } from '../shared/actor'
import { assertPolicyReader } from './policy-guards'
import { loadPolicy } from './policy-loading'
import { presentPolicy } from './policy-presenter'
import { defineUseCase } from '../shared/authorize'

/** getPolicyById (policy readers of its agency, or staff): the policy row, amounts as decimals. */
export const getPolicyById = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyById(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    return presentPolicy(await loadPolicy(opts.actor, opts.policyId))
  },
)
