import { asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyPermissions, agencyRolePermissions } from '../../db/schema'
import { actorLabel, type AgencyActor } from '../shared/actor'
import { DomainError } from '../shared/errors'
import { recordAgencyHistory } from '../agencies/agency-history'
import { AssignAgencyPermissionsSchema } from './users.schemas'
import { validate } from './input-validation'
import { loadOwnAgencyRole } from './tenant-loaders'
import { defineUseCase } from '../shared/authorize'

/**
 * AssignPermissionforAgencyRole (the agency, or its user with user_management): replaces the
 * permissions of one of the agency's roles with exactly `agency_permission_id`. Unknown permission ids
 * are a 400; another agency's role is "not found".
 */
export const assignAgencyRolePermissions = defineUseCase(
  { agency: ['user_management'] },
  async function assignAgencyRolePermissions(opts: {
    actor: AgencyActor
    roleId: number
    agency_permission_id: unknown
  }) {
    const { actor, roleId } = opts
    const { agency_permission_id: ids } = validate(AssignAgencyPermissionsSchema, {
      agency_permission_id: opts.agency_permission_id,
    })
    return getDb().transaction(async (tx) => {
      const role = await loadOwnAgencyRole(tx, actor.agencyId, roleId)
      const perms = ids.length
        ? await tx
            .select({
              id: agencyPermissions.id,
              name: agencyPermissions.name,
              display_name: agencyPermissions.display_name,
            })
            .from(agencyPermissions)
            .where(inArray(agencyPermissions.id, ids))
            .orderBy(asc(agencyPermissions.id))
        : []
      const unknown = ids.filter((id) => !perms.some((p) => p.id === id))
      if (unknown.length) {
        const message = `Unknown permission id: ${unknown.join(', ')}`
        throw new DomainError('VALIDATION', message, { agency_permission_id: [message] })
      }
      await tx.delete(agencyRolePermissions).where(eq(agencyRolePermissions.role_id, roleId))
      if (perms.length) {
        await tx
          .insert(agencyRolePermissions)
          .values(perms.map((p) => ({ role_id: roleId, permission_id: p.id })))
      }
      await recordAgencyHistory(tx, {
        agencyId: actor.agencyId,
        action: 'AGENCY_ROLE_PERMISSIONS_CHANGED',
        actor: actorLabel(actor),
        note: role.name,
        meta: { agencyRoleId: roleId, permissions: perms.map((p) => p.name) },
      })
      return { id: role.id, name: role.name, agency_id: role.agency_id, permissions: perms }
    })
  },
)
