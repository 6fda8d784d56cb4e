import { isStaff, type Actor } from '../shared/actor'
import { assertPolicyReader } from './policy-guards'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'
import { certificatesOf, present } from './certificate-rows'

/**
 * getPolicyCertificate (policy readers of its agency, or staff): the policy's certificates. The
 * agency side sees the current certificate once issued; staff see every one, old and new.
 */
export const getPolicyCertificate = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyCertificate(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    const rows = await certificatesOf(p.id)
    const visible = isStaff(opts.actor)
      ? rows
      : rows.filter((c) => c.certificate_type === 'new' && c.issued_at)
    return {
      policy_id: p.id,
      membership_number: p.membership_number,
      certificates: visible.map((c) => ({ ...present(c), is_issued: !!c.issued_at })),
    }
  },
)
