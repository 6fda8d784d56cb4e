import { inArray, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyUsers, identities, oshcUsers } from '../../db/schema'

export type Person = {
  id: number
  first_name: string | null
  last_name: string | null
  email: string
  profile_image: string | null
}

/**
 * The people behind identity ids (a reporter, a commenter, a promotion's author): names, e-mail
 * and picture of the staff member or agency user, or the company name of an agency login.
 * Not a use case: callers pass ids of rows they were allowed to read.
 */
export async function peopleByIdentity(
  ids: readonly (number | null | undefined)[],
): Promise<Map<number, Person>> {
  const unique = [...new Set(ids.filter((i): i is number => typeof i === 'number'))]
  if (!unique.length) return new Map()
  const rows = await getDb()
    .select({
      id: identities.id,
      email: identities.email,
      first_name: sql<
        string | null
      >`coalesce(${oshcUsers.first_name}, ${agencyUsers.first_name}, ${agencies.full_company_name})`,
      last_name: sql<string | null>`coalesce(${oshcUsers.last_name}, ${agencyUsers.last_name})`,
      profile_image: sql<
        string | null
      >`coalesce(${oshcUsers.profile_image}, ${agencyUsers.profile_image}, ${agencies.profile_image})`,
    })
    .from(identities)
    .leftJoin(oshcUsers, sql`${oshcUsers.identity_id} = ${identities.id}`)
    .leftJoin(agencyUsers, sql`${agencyUsers.identity_id} = ${identities.id}`)
    .leftJoin(agencies, sql`${agencies.identity_id} = ${identities.id}`)
    .where(inArray(identities.id, unique))
  return new Map(rows.map((r) => [r.id, r]))
}
