import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyUsers } from '../../db/schema'
import { actorLabel, type AgencyActor } from '../shared/actor'
import { recordAgencyHistory } from '../agencies/agency-history'
import { assertNotSelfDisable } from './users.rules'
import { AgencyUserStatusSchema, type UserStatus } from './users.schemas'
import { loadAgencyUser } from './user-loading'
import { presentAgencyUser } from './user-presenters'
import { validate } from './input-validation'
import { loadOwnAgencyUser } from './tenant-loaders'
import { revokeSessions } from '../access/sessions'
import { defineUseCase } from '../shared/authorize'

/**
 * enableAgencyUser (the agency, or its user with user_management): sets one of the agency's users
 * ENABLED (the default) or DISABLED. Disabling deletes their sessions; nobody disables themselves.
 * A change of status writes an agency history row; repeating the current status changes nothing.
 */
export const enableAgencyUser = defineUseCase(
  { agency: ['user_management'] },
  async function enableAgencyUser(opts: { actor: AgencyActor; agencyUserId: number; status?: UserStatus }) {
    const { actor, agencyUserId } = opts
    const { status } = validate(AgencyUserStatusSchema, { status: opts.status })
    return getDb().transaction(async (tx) => {
      const existing = await loadOwnAgencyUser(tx, actor.agencyId, agencyUserId)
      assertNotSelfDisable(actor.kind === 'agency_user' ? actor.userId : undefined, agencyUserId, status)
      if (existing.status !== status) {
        await tx.update(agencyUsers).set({ status }).where(eq(agencyUsers.id, agencyUserId))
        await recordAgencyHistory(tx, {
          agencyId: actor.agencyId,
          action: status === 'ENABLED' ? 'AGENCY_USER_ENABLED' : 'AGENCY_USER_DISABLED',
          actor: actorLabel(actor),
          note: existing.email,
          meta: { agencyUserId, from: existing.status, to: status },
        })
      }
      if (status === 'DISABLED') await revokeSessions(existing.identity_id, { tx })
      return presentAgencyUser((await loadAgencyUser(tx, agencyUserId))!)
    })
  },
)
