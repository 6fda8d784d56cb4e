import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { agencyRoles } from '../../db/schema'
import { notFound } from '../shared/errors'
import { loadAgencyUser } from './user-loading'

/** An agency user of `agencyId`; another agency's user is "not found", never visible. */
export async function loadOwnAgencyUser(tx: DbOrTx, agencyId: number, userId: number) {
  const user = await loadAgencyUser(tx, userId)
  if (!user || user.agency_id !== agencyId) throw notFound('User')
  return user
}

/** A role of `agencyId`; another agency's role is "not found". */
export async function loadOwnAgencyRole(tx: DbOrTx, agencyId: number, roleId: number) {
  const [role] = await tx
    .select()
    .from(agencyRoles)
    .where(and(eq(agencyRoles.id, roleId), eq(agencyRoles.agency_id, agencyId)))
  if (!role) throw notFound('Role')
  return role
}
