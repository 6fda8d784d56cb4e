import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadPolicy } from '../policies/policy-loading'
import { stepsOf } from './cancellation-loading'

/**
 * cancellation-steps/{policy_id} (staff with finance or policy_management): the cancellation steps
 * that apply to the policy's provider, in order, each with its done state (done_at, done_by).
 */
export const findCancellationSteps = defineUseCase(
  { staff: ['finance', 'policy_management'] },
  async function findCancellationSteps(opts: { actor: Actor; policyId: number }) {
    const policy = await loadPolicy(opts.actor, opts.policyId)
    return stepsOf(policy)
  },
)
