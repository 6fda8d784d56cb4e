import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcPermissions, oshcRolePermissions, oshcRoles, oshcUsers } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { assertKeepsUserManagement } from './users.rules'
import { UpdateOshcUserSchema, type UpdateOshcUserInput } from './users.schemas'
import { loadOshcUser } from './user-loading'
import { presentOshcUser } from './user-presenters'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/**
 * updateOshcUser (staff with user_management): names, phone, profile image and role. Absent fields
 * keep their value; null clears an optional one. Nobody moves themselves to a role without
 * user_management.
 */
export const updateOshcUser = defineUseCase(
  { staff: ['user_management'] },
  async function updateOshcUser(opts: { actor: StaffActor; userId: number } & UpdateOshcUserInput) {
    const { actor, userId, ...raw } = opts
    const input = validate(UpdateOshcUserSchema, raw)
    return getDb().transaction(async (tx) => {
      const existing = await loadOshcUser(tx, userId)
      if (!existing) throw notFound('User')
      if (input.role_id) {
        const [role] = await tx
          .select({ id: oshcRoles.id })
          .from(oshcRoles)
          .where(eq(oshcRoles.id, input.role_id))
        if (!role) throw notFound('Role')
      }
      if (existing.id === actor.userId && input.role_id !== undefined && input.role_id !== existing.role_id) {
        const perms = input.role_id
          ? await tx
              .select({ name: oshcPermissions.name })
              .from(oshcRolePermissions)
              .innerJoin(oshcPermissions, eq(oshcPermissions.id, oshcRolePermissions.permission_id))
              .where(eq(oshcRolePermissions.role_id, input.role_id))
          : []
        assertKeepsUserManagement(
          perms.map((p) => p.name),
          'You cannot move yourself to a role without user management',
        )
      }
      const changes: Partial<typeof oshcUsers.$inferInsert> = {}
      if (input.first_name !== undefined) changes.first_name = input.first_name
      if (input.middle_name !== undefined) changes.middle_name = input.middle_name
      if (input.last_name !== undefined) changes.last_name = input.last_name
      if (input.phone_number !== undefined) changes.phone_number = input.phone_number
      if (input.profile_image !== undefined) changes.profile_image = input.profile_image
      if (input.role_id !== undefined) changes.role_id = input.role_id
      if (Object.keys(changes).length) await tx.update(oshcUsers).set(changes).where(eq(oshcUsers.id, userId))
      return presentOshcUser((await loadOshcUser(tx, userId))!)
    })
  },
)
