import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { identities, oshcRoles, oshcUsers } from '../../db/schema'
import { createLogin } from './logins'

/** A person as the company's identity provider names them, with the staff role their group maps to. */
export type GroupStaff = { email: string; roleName: string; firstName?: string; lastName?: string }

/**
 * The staff user a single sign-on through a mapped group stands for (OIDC_GROUP_ROLES, issue 24):
 * their role follows the group at each sign-in; a person of a mapped group without an account gets
 * one, without a password (they sign in through their company). `role_missing`: the map names a
 * role the back office does not have; `not_staff`: the e-mail is an agency's login.
 */
export async function staffFromGroup(
  tx: DbOrTx,
  person: GroupStaff,
): Promise<
  { identityId: number; created: boolean; roleChanged: boolean } | { refused: 'role_missing' | 'not_staff' }
> {
  const [role] = await tx
    .select({ id: oshcRoles.id })
    .from(oshcRoles)
    .where(eq(oshcRoles.name, person.roleName))
  if (!role) return { refused: 'role_missing' }
  const [identity] = await tx
    .select({ id: identities.id, kind: identities.kind })
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, person.email))
  if (identity && identity.kind !== 'Oshc') return { refused: 'not_staff' }
  if (identity) {
    const changed = await tx
      .update(oshcUsers)
      .set({ role_id: role.id })
      .where(
        and(eq(oshcUsers.identity_id, identity.id), sql`${oshcUsers.role_id} IS DISTINCT FROM ${role.id}`),
      )
      .returning({ id: oshcUsers.id })
    return { identityId: identity.id, created: false, roleChanged: changed.length > 0 }
  }
  const identityId = await createLogin(tx, person.email, 'Oshc', null)
  const local = person.email.slice(0, person.email.indexOf('@'))
  await tx.insert(oshcUsers).values({
    identity_id: identityId,
    first_name: person.firstName?.trim() || local,
    last_name: person.lastName?.trim() || '-',
    email: person.email,
    role_id: role.id,
  })
  return { identityId, created: true, roleChanged: false }
}
