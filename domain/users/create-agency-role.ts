import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyRoles } from '../../db/schema'
import { actorLabel, type AgencyActor } from '../shared/actor'
import { conflictOnDuplicate, DomainError } from '../shared/errors'
import { recordAgencyHistory } from '../agencies/agency-history'
import { RoleNameSchema } from './users.schemas'
import { DUPLICATE_ROLE, type PermissionView } from './roles'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/**
 * createAgencyUserRole (the agency, or its user with user_management): a role of the caller's agency,
 * without permissions. Names are unique within the agency (409).
 */
export const createAgencyRole = defineUseCase(
  { agency: ['user_management'] },
  async function createAgencyRole(opts: { actor: AgencyActor; name: string }) {
    const { actor } = opts
    const { name } = validate(RoleNameSchema, { name: opts.name })
    return getDb().transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: agencyRoles.id })
        .from(agencyRoles)
        .where(
          and(
            eq(agencyRoles.agency_id, actor.agencyId),
            eq(sql`lower(${agencyRoles.name})`, name.toLowerCase()),
          ),
        )
      if (taken) throw new DomainError('CONFLICT', DUPLICATE_ROLE, { name: [DUPLICATE_ROLE] })
      const [role] = await tx
        .insert(agencyRoles)
        .values({ agency_id: actor.agencyId, name })
        .returning({
          id: agencyRoles.id,
          name: agencyRoles.name,
          agency_id: agencyRoles.agency_id,
          created_at: agencyRoles.created_at,
        })
        .catch(conflictOnDuplicate(DUPLICATE_ROLE))
      await recordAgencyHistory(tx, {
        agencyId: actor.agencyId,
        action: 'AGENCY_ROLE_CREATED',
        actor: actorLabel(actor),
        note: name,
        meta: { agencyRoleId: role.id },
      })
      return { ...role, permissions: [] as PermissionView[] }
    })
  },
)
