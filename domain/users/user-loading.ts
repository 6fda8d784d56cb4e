import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { agencyRoles, agencyUsers, oshcRoles, oshcUsers } from '../../db/schema'

/** Staff user columns safe to return (no identity link, no password). */
export const oshcUserColumns = {
  id: oshcUsers.id,
  status: oshcUsers.status,
  first_name: oshcUsers.first_name,
  middle_name: oshcUsers.middle_name,
  last_name: oshcUsers.last_name,
  email: oshcUsers.email,
  phone_number: oshcUsers.phone_number,
  profile_image: oshcUsers.profile_image,
  role_id: oshcUsers.role_id,
  created_at: oshcUsers.created_at,
  updated_at: oshcUsers.updated_at,
}

export const agencyUserColumns = {
  id: agencyUsers.id,
  status: agencyUsers.status,
  first_name: agencyUsers.first_name,
  middle_name: agencyUsers.middle_name,
  last_name: agencyUsers.last_name,
  email: agencyUsers.email,
  phone_number: agencyUsers.phone_number,
  profile_image: agencyUsers.profile_image,
  agency_id: agencyUsers.agency_id,
  agency_role_id: agencyUsers.agency_role_id,
  created_at: agencyUsers.created_at,
  updated_at: agencyUsers.updated_at,
}

/** One staff user with its role name, or undefined. */
export async function loadOshcUser(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({ ...oshcUserColumns, role_name: oshcRoles.name, identity_id: oshcUsers.identity_id })
    .from(oshcUsers)
    .leftJoin(oshcRoles, eq(oshcRoles.id, oshcUsers.role_id))
    .where(eq(oshcUsers.id, userId))
  return row
}

/** One agency user with its role name, or undefined (no tenant check: callers scope). */
export async function loadAgencyUser(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({ ...agencyUserColumns, role_name: agencyRoles.name, identity_id: agencyUsers.identity_id })
    .from(agencyUsers)
    .leftJoin(agencyRoles, eq(agencyRoles.id, agencyUsers.agency_role_id))
    .where(eq(agencyUsers.id, userId))
  return row
}
