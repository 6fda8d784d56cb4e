import { asc } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyPermissions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { agencyReadScope } from './users.rules'
import { defineUseCase } from '../shared/authorize'

/** getAgencyUserPemissions (agency side, any agency permission): every agency permission. */
export const findAgencyPermissions = defineUseCase(
  { agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function findAgencyPermissions(opts: { actor: Actor }) {
    agencyReadScope(opts.actor)
    return getDb()
      .select({
        id: agencyPermissions.id,
        name: agencyPermissions.name,
        display_name: agencyPermissions.display_name,
      })
      .from(agencyPermissions)
      .orderBy(asc(agencyPermissions.id))
  },
)
