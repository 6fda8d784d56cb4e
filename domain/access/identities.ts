// The logins (identities) of the access area: other areas create one through here.
import type { DbOrTx } from '../../db/client'
import { identities } from '../../db/schema'

/** Inserts a login that must change its temporary password at first sign-in; its id. */
export async function insertTemporaryLogin(
  tx: DbOrTx,
  login: { email: string; kind: 'Agency' | 'agency_user' | 'Oshc'; passwordHash: string },
) {
  const [identity] = await tx
    .insert(identities)
    .values({
      email: login.email,
      kind: login.kind,
      password_hash: login.passwordHash,
      must_change_password: true,
    })
    .returning({ id: identities.id })
  return identity.id
}

/**
 * Inserts a login of a user or staff member; with a password it must change it at first sign-in,
 * without one (null: staff who sign in through their company) there is nothing to change. Its id.
 */
export async function insertLogin(
  tx: DbOrTx,
  login: { email: string; kind: 'Oshc' | 'agency_user'; passwordHash: string | null },
) {
  const [identity] = await tx
    .insert(identities)
    .values({
      email: login.email,
      kind: login.kind,
      password_hash: login.passwordHash,
      must_change_password: login.passwordHash !== null,
    })
    .returning({ id: identities.id })
  return identity.id
}
