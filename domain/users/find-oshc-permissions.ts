import { asc } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcPermissions } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'

/** getOshcPermission (staff with user_management): every staff permission (id, name, display_name). */
export const findOshcPermissions = defineUseCase(
  { staff: ['user_management'] },
  async function findOshcPermissions(_opts: { actor: StaffActor }) {
    return getDb()
      .select({
        id: oshcPermissions.id,
        name: oshcPermissions.name,
        display_name: oshcPermissions.display_name,
      })
      .from(oshcPermissions)
      .orderBy(asc(oshcPermissions.id))
  },
)
