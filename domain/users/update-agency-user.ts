import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyUsers } from '../../db/schema'
import { actorLabel, type AgencyActor } from '../shared/actor'
import { recordAgencyHistory } from '../agencies/agency-history'
import { UpdateAgencyUserSchema, type UpdateAgencyUserInput } from './users.schemas'
import { loadAgencyUser } from './user-loading'
import { presentAgencyUser } from './user-presenters'
import { validate } from './input-validation'
import { loadOwnAgencyRole, loadOwnAgencyUser } from './tenant-loaders'
import { defineUseCase } from '../shared/authorize'

/**
 * updateAgencyUser (the agency, or its user with user_management): names, phone, profile image and
 * role of one of the agency's users. Absent fields keep their value; null clears an optional one.
 */
export const updateAgencyUser = defineUseCase(
  { agency: ['user_management'] },
  async function updateAgencyUser(
    opts: { actor: AgencyActor; agencyUserId: number } & UpdateAgencyUserInput,
  ) {
    const { actor, agencyUserId, ...raw } = opts
    const input = validate(UpdateAgencyUserSchema, raw)
    return getDb().transaction(async (tx) => {
      const existing = await loadOwnAgencyUser(tx, actor.agencyId, agencyUserId)
      if (input.agency_role_id) await loadOwnAgencyRole(tx, actor.agencyId, input.agency_role_id)
      const changes: Partial<typeof agencyUsers.$inferInsert> = {}
      if (input.first_name !== undefined) changes.first_name = input.first_name
      if (input.middle_name !== undefined) changes.middle_name = input.middle_name
      if (input.last_name !== undefined) changes.last_name = input.last_name
      if (input.phone_number !== undefined) changes.phone_number = input.phone_number
      if (input.profile_image !== undefined) changes.profile_image = input.profile_image
      if (input.agency_role_id !== undefined) changes.agency_role_id = input.agency_role_id
      if (Object.keys(changes).length) {
        await tx.update(agencyUsers).set(changes).where(eq(agencyUsers.id, agencyUserId))
        if (changes.agency_role_id !== undefined && changes.agency_role_id !== existing.agency_role_id) {
          await recordAgencyHistory(tx, {
            agencyId: actor.agencyId,
            action: 'AGENCY_USER_ROLE_CHANGED',
            actor: actorLabel(actor),
            note: existing.email,
            meta: { agencyUserId, from: existing.agency_role_id, to: changes.agency_role_id },
          })
        }
      }
      return presentAgencyUser((await loadAgencyUser(tx, agencyUserId))!)
    })
  },
)
