import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policies } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { recordPolicyHistory } from './policy-history'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

/**
 * archivePolicy (agency 'quote' or 'purchase' on its own policies; staff 'policy_management'):
 * sets is_archived; archived policies leave getPoliciesByStatus for getArchivePolicies.
 * Idempotent: archiving an archived policy changes nothing and writes no history.
 */
export const archivePolicy = defineUseCase(
  { staff: ['policy_management'], agency: ['quote', 'purchase'] },
  async function archivePolicy(opts: { actor: Actor; policyId: number; isArchived: boolean }) {
    const { actor } = opts
    return getDb().transaction(async (tx) => {
      await loadPolicy(actor, opts.policyId, tx)
      const [p] = await tx.select().from(policies).where(eq(policies.id, opts.policyId)).for('update')
      if (p.is_archived !== opts.isArchived) {
        await tx.update(policies).set({ is_archived: opts.isArchived }).where(eq(policies.id, p.id))
        await recordPolicyHistory(tx, {
          policyId: p.id,
          action: opts.isArchived ? 'archivePolicy' : 'unarchivePolicy',
          actor,
          fromStatus: p.status,
          status: p.status,
          note: opts.isArchived ? 'Policy archived' : 'Policy restored from the archive',
        })
      }
      return { id: p.id, is_archived: opts.isArchived }
    })
  },
)
