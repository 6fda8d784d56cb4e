import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyUsers, policies } from '../../db/schema'
import { assertPermission, isAgencySide, type Actor } from '../shared/actor'
import { conflict, notFound } from '../shared/errors'
import { recordPolicyHistory } from './policy-history'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

/**
 * assignPolicyToAgencyUser (the agency admin: the agency account, or an agency user holding
 * user_management): assigns one of the agency's policies to one of its enabled users. A user or
 * policy of another agency is a 404; a disabled user a 409.
 */
export const assignPolicyToAgencyUser = defineUseCase(
  { agency: ['user_management'] },
  async function assignPolicyToAgencyUser(opts: { actor: Actor; policyId: number; agencyUserId: number }) {
    const { actor } = opts
    if (!isAgencySide(actor)) throw notFound('Policy')
    assertPermission(actor, 'user_management')
    return getDb().transaction(async (tx) => {
      await loadPolicy(actor, opts.policyId, tx)
      const [user] = await tx
        .select()
        .from(agencyUsers)
        .where(and(eq(agencyUsers.id, opts.agencyUserId), eq(agencyUsers.agency_id, actor.agencyId)))
      if (!user) throw notFound('Agency user')
      if (user.status !== 'ENABLED') throw conflict('This user is disabled and cannot be assigned policies')
      const [p] = await tx.select().from(policies).where(eq(policies.id, opts.policyId)).for('update')
      const by = actor.kind === 'agency_user' ? actor.userId : null
      await tx
        .update(policies)
        .set({ assigned_to_agency_user: user.id, assigned_by_agency_user: by, is_assigned_by_agency: true })
        .where(eq(policies.id, p.id))
      await recordPolicyHistory(tx, {
        policyId: p.id,
        action: 'assignPolicyToAgencyUser',
        actor,
        fromStatus: p.status,
        status: p.status,
        note: `Assigned to ${user.first_name} ${user.last_name} <${user.email}>`,
        meta: { from: p.assigned_to_agency_user, to: user.id },
      })
      return { id: p.id, assigned_to_agency_user: user.id, assigned_by_agency_user: by }
    })
  },
)
