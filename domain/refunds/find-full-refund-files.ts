import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadPolicy } from '../policies/policy-loading'
import { refundFilesOf } from './refund-files'

/**
 * policies/getFullRequestRefundFiles/{policy_id} (the agency side for its own policies, staff with
 * finance): the documents sent with the policy's refund requests, newest first, each with a
 * 5-minute download URL. Another agency's policy: 404.
 */
export const findFullRefundFiles = defineUseCase(
  { staff: ['finance', 'policy_management'], agency: true },
  async function findFullRefundFiles(opts: { actor: Actor; policyId: number }) {
    const policy = await loadPolicy(opts.actor, opts.policyId)
    return refundFilesOf(policy.id)
  },
)
