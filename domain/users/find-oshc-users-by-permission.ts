import { and, asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcPermissions, oshcRolePermissions, oshcUsers } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { PermissionListQuerySchema } from './users.schemas'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/**
 * getOshcUserByPermissionForOvhc (any staff): enabled staff users whose role holds any of the named
 * staff permissions, each listed once.
 */
export const findOshcUsersByPermission = defineUseCase(
  { staff: true },
  async function findOshcUsersByPermission(opts: { actor: StaffActor; permission: unknown }) {
    const { permission } = validate(PermissionListQuerySchema, { permission: opts.permission })
    return getDb()
      .selectDistinct({
        id: oshcUsers.id,
        first_name: oshcUsers.first_name,
        middle_name: oshcUsers.middle_name,
        last_name: oshcUsers.last_name,
        email: oshcUsers.email,
      })
      .from(oshcUsers)
      .innerJoin(oshcRolePermissions, eq(oshcRolePermissions.role_id, oshcUsers.role_id))
      .innerJoin(oshcPermissions, eq(oshcPermissions.id, oshcRolePermissions.permission_id))
      .where(and(eq(oshcUsers.status, 'ENABLED'), inArray(oshcPermissions.name, permission)))
      .orderBy(asc(oshcUsers.first_name), asc(oshcUsers.last_name), asc(oshcUsers.id))
  },
)
