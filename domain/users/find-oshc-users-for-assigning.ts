import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcUsers } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'

/** getOshcUsersForAssigning (any staff): enabled staff users (id, names, e-mail) for assignment pickers. */
export const findOshcUsersForAssigning = defineUseCase(
  { staff: true },
  async function findOshcUsersForAssigning(_opts: { actor: StaffActor }) {
    return getDb()
      .select({
        id: oshcUsers.id,
        first_name: oshcUsers.first_name,
        middle_name: oshcUsers.middle_name,
        last_name: oshcUsers.last_name,
        email: oshcUsers.email,
      })
      .from(oshcUsers)
      .where(eq(oshcUsers.status, 'ENABLED'))
      .orderBy(asc(oshcUsers.first_name), asc(oshcUsers.last_name), asc(oshcUsers.id))
  },
)
