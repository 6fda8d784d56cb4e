import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcPermissions, oshcRolePermissions, oshcRoles } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { groupRoles } from './roles'
import { defineUseCase } from '../shared/authorize'

/** getOshcRoles (staff with user_management): every staff role with its permissions, by name. */
export const findOshcRoles = defineUseCase(
  { staff: ['user_management'] },
  async function findOshcRoles(_opts: { actor: StaffActor }) {
    const rows = await getDb()
      .select({
        id: oshcRoles.id,
        name: oshcRoles.name,
        created_at: oshcRoles.created_at,
        permission: {
          id: oshcPermissions.id,
          name: oshcPermissions.name,
          display_name: oshcPermissions.display_name,
        },
      })
      .from(oshcRoles)
      .leftJoin(oshcRolePermissions, eq(oshcRolePermissions.role_id, oshcRoles.id))
      .leftJoin(oshcPermissions, eq(oshcPermissions.id, oshcRolePermissions.permission_id))
      .orderBy(asc(oshcRoles.name), asc(oshcRoles.id), asc(oshcPermissions.id))
    return groupRoles(rows)
  },
)
