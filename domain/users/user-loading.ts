import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/client'
import { agencyRoles, agencyUsers, identities, oshcRoles, oshcUsers } from '../../db/schema'
import { hashPassword, temporaryPassword } from '../access/passwords'
import { sendMail } from '../mail/mailer'
import { mails } from '../mail/templates'
import { conflictOnDuplicate, DomainError, fieldErrors } from '../shared/errors'

/** Validates a use case's input with its schema; failures carry the spec's message per field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  throw new DomainError(
    'VALIDATION',
    r.error.issues[0]?.message ?? 'Validation failed',
    fieldErrors(r.error.issues),
  )
}

export const DUPLICATE_EMAIL = 'A user with this email already exists'
export const DUPLICATE_ROLE = 'A role with this name already exists'

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

/** Inserts the login; it must change its temporary password at first sign-in. */
export async function createLogin(
  tx: DbOrTx,
  email: string,
  kind: 'Oshc' | 'agency_user',
  passwordHash: string,
) {
  const [identity] = await tx
    .insert(identities)
    .values({ email, kind, password_hash: passwordHash, must_change_password: true })
    .returning({ id: identities.id })
    .catch(conflictOnDuplicate(DUPLICATE_EMAIL))
  return identity.id
}

/** Mails the temporary password (after commit); the password is never returned to the caller. */
export async function mailTemporaryPassword(email: string, password: string, subject: string) {
  await sendMail({ to: email, ...mails.temporaryPassword(email, password), subject })
}

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

type WithRole = { role_name: string | null; identity_id?: number }

/** Public shape: the row with `role: { id, name }` instead of internal columns. */
export function presentOshcUser<T extends WithRole & { role_id: number | null }>(row: T) {
  const { role_name, identity_id: _identity, ...rest } = row
  return { ...rest, role: row.role_id ? { id: row.role_id, name: role_name } : null }
}

export function presentAgencyUser<T extends WithRole & { agency_role_id: number | null }>(row: T) {
  const { role_name, identity_id: _identity, ...rest } = row
  return { ...rest, role: row.agency_role_id ? { id: row.agency_role_id, name: role_name } : null }
}

export type PermissionView = { id: number; name: string; display_name: string }

/** Folds role x permission rows (left joined) into roles with a permissions list. */
export function groupRoles<R extends { id: number; name: string; permission: PermissionView | null }>(
  rows: R[],
) {
  const roles = new Map<number, Omit<R, 'permission'> & { permissions: PermissionView[] }>()
  for (const { permission, ...role } of rows) {
    const entry = roles.get(role.id) ?? { ...role, permissions: [] }
    if (permission?.id) entry.permissions.push(permission)
    roles.set(role.id, entry)
  }
  return [...roles.values()]
}
