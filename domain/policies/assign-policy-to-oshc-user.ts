import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcUsers, policies } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { conflict, notFound } from '../shared/errors'
import { recordPolicyHistory } from './policy-history'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

/**
 * assignPolicyToOshcUser (staff 'policy_management'): assigns a policy to an enabled staff user
 * (unknown user 404, disabled 409). Reassigning to the same user is a no-op with no history.
 */
export const assignPolicyToOshcUser = defineUseCase(
  { staff: ['policy_management'] },
  async function assignPolicyToOshcUser(opts: { actor: StaffActor; policyId: number; oshcUserId: number }) {
    const { actor } = opts
    return getDb().transaction(async (tx) => {
      await loadPolicy(actor, opts.policyId, tx)
      const [user] = await tx.select().from(oshcUsers).where(eq(oshcUsers.id, opts.oshcUserId))
      if (!user) throw notFound('Staff user')
      if (user.status !== 'ENABLED')
        throw conflict('This staff user is disabled and cannot be assigned policies')
      const [p] = await tx.select().from(policies).where(eq(policies.id, opts.policyId)).for('update')
      const by = actor.kind === 'Oshc' ? actor.userId : null
      if (p.assigned_to !== user.id) {
        await tx.update(policies).set({ assigned_to: user.id, assigned_by: by }).where(eq(policies.id, p.id))
        await recordPolicyHistory(tx, {
          policyId: p.id,
          action: 'assignPolicyToOshcUser',
          actor,
          fromStatus: p.status,
          status: p.status,
          note: `Assigned to ${user.first_name} ${user.last_name} <${user.email}>`,
          meta: { from: p.assigned_to, to: user.id },
        })
      }
      return { id: p.id, assigned_to: user.id, assigned_by: p.assigned_to === user.id ? p.assigned_by : by }
    })
  },
)
