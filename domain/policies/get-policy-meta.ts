import type { Actor } from '../shared/actor'
import { assertPolicyReader } from './policy-guards'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'
import { policyMeta, currentCertificateIssued } from './policy-views'

/** getPolicyMeta (policy readers of its agency, or staff): status and what may be done now. */
export const getPolicyMeta = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyMeta(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    return { id: p.id, ref: p.ref, ...policyMeta(p, await currentCertificateIssued(p.id)) }
  },
)
