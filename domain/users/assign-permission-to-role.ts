import { asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcPermissions, oshcRolePermissions, oshcRoles, oshcUsers } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { DomainError, notFound } from '../shared/errors'
import { assertKeepsUserManagement } from './users.rules'
import { AssignOshcPermissionsSchema } from './users.schemas'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/**
 * assignPermissionToRole (staff with user_management): replaces the role's permissions with exactly
 * `Permissions` (ids). Unknown ids are a 400; the caller's own role keeps user_management.
 */
export const assignPermissionToRole = defineUseCase(
  { staff: ['user_management'] },
  async function assignPermissionToRole(opts: { actor: StaffActor; roleId: number; Permissions: unknown }) {
    const { actor, roleId } = opts
    const { Permissions: ids } = validate(AssignOshcPermissionsSchema, { Permissions: opts.Permissions })
    return getDb().transaction(async (tx) => {
      const [role] = await tx.select().from(oshcRoles).where(eq(oshcRoles.id, roleId)).for('update')
      if (!role) throw notFound('Role')
      const perms = ids.length
        ? await tx
            .select({
              id: oshcPermissions.id,
              name: oshcPermissions.name,
              display_name: oshcPermissions.display_name,
            })
            .from(oshcPermissions)
            .where(inArray(oshcPermissions.id, ids))
            .orderBy(asc(oshcPermissions.id))
        : []
      const unknown = ids.filter((id) => !perms.some((p) => p.id === id))
      if (unknown.length) {
        const message = `Unknown permission id: ${unknown.join(', ')}`
        throw new DomainError('VALIDATION', message, { Permissions: [message] })
      }
      const [me] = await tx
        .select({ roleId: oshcUsers.role_id })
        .from(oshcUsers)
        .where(eq(oshcUsers.id, actor.userId))
      if (me?.roleId === roleId) {
        assertKeepsUserManagement(
          perms.map((p) => p.name),
          'You cannot remove user management from your own role',
        )
      }
      await tx.delete(oshcRolePermissions).where(eq(oshcRolePermissions.role_id, roleId))
      if (perms.length) {
        await tx
          .insert(oshcRolePermissions)
          .values(perms.map((p) => ({ role_id: roleId, permission_id: p.id })))
      }
      return { id: role.id, name: role.name, permissions: perms }
    })
  },
)
