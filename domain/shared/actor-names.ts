import { inArray, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyUsers, identities, oshcUsers } from '../../db/schema'
import { actorDisplay, actorEmail } from './labels'

/**
 * Names of the people behind stored actor labels (`Oshc:<email>` and the like), e-mail (lower
 * case) -> "First Last" for staff and agency users, the company name for an agency login.
 * Not a use case: callers pass labels of rows they have already been allowed to read.
 */
export async function findActorNames(stored: readonly (string | null | undefined)[]) {
  const emails = [
    ...new Set(stored.flatMap((s) => (s ? actorEmail(s) : null) ?? []).map((e) => e.toLowerCase())),
  ]
  const names = new Map<string, string>()
  if (!emails.length) return names
  const rows = await getDb()
    .select({
      email: sql<string>`lower(${identities.email})`,
      staff: sql<
        string | null
      >`nullif(trim(concat_ws(' ', ${oshcUsers.first_name}, ${oshcUsers.last_name})), '')`,
      user: sql<
        string | null
      >`nullif(trim(concat_ws(' ', ${agencyUsers.first_name}, ${agencyUsers.last_name})), '')`,
      company: agencies.full_company_name,
    })
    .from(identities)
    .leftJoin(oshcUsers, sql`${oshcUsers.identity_id} = ${identities.id}`)
    .leftJoin(agencyUsers, sql`${agencyUsers.identity_id} = ${identities.id}`)
    .leftJoin(agencies, sql`${agencies.identity_id} = ${identities.id}`)
    .where(inArray(sql`lower(${identities.email})`, emails))
  for (const r of rows) {
    const name = r.staff ?? r.user ?? r.company
    if (name) names.set(r.email, name)
  }
  return names
}

/** `rows` with each `actor` label replaced by what people read (see actorDisplay). */
export async function withActorNames<T extends { actor: string | null }>(rows: T[]): Promise<T[]> {
  const names = await findActorNames(rows.map((r) => r.actor))
  return rows.map((r) => ({ ...r, actor: actorDisplay(r.actor, names) }))
}
