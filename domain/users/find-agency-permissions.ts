import { asc } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyPermissions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { agencyReadScope } from './users.rules'

/** getAgencyUserPemissions (agency side, any agency permission): every agency permission. */
export async function findAgencyPermissions(opts: { actor: Actor }) {
  agencyReadScope(opts.actor)
  return getDb()
    .select({
      id: agencyPermissions.id,
      name: agencyPermissions.name,
      display_name: agencyPermissions.display_name,
    })
    .from(agencyPermissions)
    .orderBy(asc(agencyPermissions.id))
}
