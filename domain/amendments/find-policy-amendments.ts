import { desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { amendments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadPolicy } from '../policies/policy-loading'
import { presentAmendment } from './amendment-presenter'

/** getPolicyAmmendmentsHistory/{policyId}: every amendment of a policy, newest first. Another agency's policy: 404. */
export const findPolicyAmendments = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function findPolicyAmendments(opts: { actor: Actor; policyId: number }) {
    const policy = await loadPolicy(opts.actor, opts.policyId)
    const rows = await getDb()
      .select()
      .from(amendments)
      .where(eq(amendments.policy_id, policy.id))
      .orderBy(desc(amendments.id))
    return rows.map((a) => presentAmendment(a))
  },
)
