import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyUsers } from '../../db/schema'
import { actorLabel, type AgencyActor } from '../shared/actor'
import { recordAgencyHistory } from '../agencies/agency-history'
import { loadAgencyUser } from './user-loading'
import { presentAgencyUser } from './user-presenters'
import { loadOwnAgencyRole, loadOwnAgencyUser } from './tenant-loaders'
import { defineUseCase } from '../shared/authorize'

/**
 * assignRoleToAgencyUser (the agency, or its user with user_management): gives one of the agency's
 * users one of the agency's roles; a user or role of another agency is "not found". Idempotent.
 */
export const assignRoleToAgencyUser = defineUseCase(
  { agency: ['user_management'] },
  async function assignRoleToAgencyUser(opts: {
    actor: AgencyActor
    agencyUserId: number
    agencyRoleId: number
  }) {
    const { actor, agencyUserId, agencyRoleId } = opts
    return getDb().transaction(async (tx) => {
      const user = await loadOwnAgencyUser(tx, actor.agencyId, agencyUserId)
      const role = await loadOwnAgencyRole(tx, actor.agencyId, agencyRoleId)
      if (user.agency_role_id !== role.id) {
        await tx.update(agencyUsers).set({ agency_role_id: role.id }).where(eq(agencyUsers.id, agencyUserId))
        await recordAgencyHistory(tx, {
          agencyId: actor.agencyId,
          action: 'AGENCY_USER_ROLE_CHANGED',
          actor: actorLabel(actor),
          note: user.email,
          meta: { agencyUserId, from: user.agency_role_id, to: role.id },
        })
      }
      return presentAgencyUser((await loadAgencyUser(tx, agencyUserId))!)
    })
  },
)
