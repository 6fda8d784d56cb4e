import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { identities } from '../../db/schema'
import { insertLogin } from '../access/identities'
import { hashPassword, temporaryPassword } from '../access/passwords'
import { sendMail } from '../mail/mailer'
import { mails } from '../mail/templates'
import { conflictOnDuplicate, DomainError } from '../shared/errors'

export const DUPLICATE_EMAIL = 'A user with this email already exists'

/** The e-mail is unique across every kind of login (agencies, agency users, staff). */
export async function assertEmailFree(tx: DbOrTx, email: string) {
  const [taken] = await tx
    .select({ id: identities.id })
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, email.toLowerCase()))
  if (taken) throw new DomainError('CONFLICT', DUPLICATE_EMAIL, { email: [DUPLICATE_EMAIL] })
}

/** A fresh temporary password and its hash, made before the transaction (hashing is slow on purpose). */
export async function temporaryLogin() {
  const password = temporaryPassword()
  return { password, hash: await hashPassword(password) }
}

/**
 * Inserts the login; it must change its temporary password at first sign-in. Without a password
 * (null: a staff member who signs in through their company) there is nothing to change.
 */
export async function createLogin(
  tx: DbOrTx,
  email: string,
  kind: 'Oshc' | 'agency_user',
  passwordHash: string | null,
) {
  return insertLogin(tx, { email, kind, passwordHash }).catch(conflictOnDuplicate(DUPLICATE_EMAIL))
}

/** Mails the temporary password (after commit); the password is never returned to the caller. */
export async function mailTemporaryPassword(email: string, password: string, subject: string) {
  await sendMail({ to: email, ...mails.temporaryPassword(email, password), subject })
}
