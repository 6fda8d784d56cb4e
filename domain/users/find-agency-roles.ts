import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyPermissions, agencyRolePermissions, agencyRoles } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { agencyReadScope } from './users.rules'
import { groupRoles } from './roles'
import { defineUseCase } from '../shared/authorize'

/** getAgencyUserRoles (agency side, any agency permission): the caller's agency's roles with permissions. */
export const findAgencyRoles = defineUseCase(
  { agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function findAgencyRoles(opts: { actor: Actor }) {
    const agencyId = agencyReadScope(opts.actor)
    const rows = await getDb()
      .select({
        id: agencyRoles.id,
        name: agencyRoles.name,
        agency_id: agencyRoles.agency_id,
        created_at: agencyRoles.created_at,
        permission: {
          id: agencyPermissions.id,
          name: agencyPermissions.name,
          display_name: agencyPermissions.display_name,
        },
      })
      .from(agencyRoles)
      .leftJoin(agencyRolePermissions, eq(agencyRolePermissions.role_id, agencyRoles.id))
      .leftJoin(agencyPermissions, eq(agencyPermissions.id, agencyRolePermissions.permission_id))
      .where(eq(agencyRoles.agency_id, agencyId))
      .orderBy(asc(agencyRoles.name), asc(agencyRoles.id), asc(agencyPermissions.id))
    return groupRoles(rows)
  },
)
