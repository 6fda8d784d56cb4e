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
