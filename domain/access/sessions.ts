import { clock } from '../shared/clock'
import { and, eq, gt, inArray, ne, or, sql } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import {
  agencies,
  agencyPermissions,
  agencyRolePermissions,
  agencyUsers,
  identities,
  oshcPermissions,
  oshcRolePermissions,
  oshcUsers,
  sessions,
} from '../../db/schema'
import { AGENCY_PERMISSIONS, type Actor } from '../shared/actor'
import { randomToken, sha256 } from '../shared/crypto'

export const SESSION_TTL_MS = 1000 * 60 * 60 * 12

/** Opens a session and returns the opaque token (only its hash is stored). */
export async function createSession(identityId: number) {
  const token = randomToken()
  const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS)
  await getDb()
    .insert(sessions)
    .values({ token_hash: sha256(token), identity_id: identityId, expires_at: expiresAt })
  return { token, expiresAt }
}

export async function revokeSession(token: string) {
  await getDb()
    .delete(sessions)
    .where(eq(sessions.token_hash, sha256(token)))
}

/** Ends every session of the identity, but the one of `except` (the caller's own) when given. */
export async function revokeSessions(identityId: number, opts: { except?: string; tx?: DbOrTx } = {}) {
  const mine = eq(sessions.identity_id, identityId)
  await (opts.tx ?? getDb())
    .delete(sessions)
    .where(opts.except ? and(mine, ne(sessions.token_hash, sha256(opts.except))) : mine)
}

/** Ends the sessions of an agency and of all its users (the portal was deactivated). */
export async function revokeAgencySessions(agencyId: number, tx: DbOrTx = getDb()) {
  const people = or(
    inArray(
      sessions.identity_id,
      tx.select({ id: agencies.identity_id }).from(agencies).where(eq(agencies.id, agencyId)),
    ),
    inArray(
      sessions.identity_id,
      tx.select({ id: agencyUsers.identity_id }).from(agencyUsers).where(eq(agencyUsers.agency_id, agencyId)),
    ),
  )
  await tx.delete(sessions).where(people)
}

/** Resolves a session token to the acting person, or null when it is unknown, expired or disabled. */
export async function actorForToken(
  token: string,
): Promise<(Actor & { mustChangePassword: boolean }) | null> {
  const db = getDb()
  const [row] = await db
    .select({
      id: identities.id,
      email: identities.email,
      kind: identities.kind,
      must: identities.must_change_password,
    })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.identity_id))
    .where(and(eq(sessions.token_hash, sha256(token)), gt(sessions.expires_at, sql`now()`)))
  if (!row) return null
  return actorForIdentity(row.id, row.email, row.kind, row.must)
}

export async function actorForIdentity(
  identityId: number,
  email: string,
  kind: 'Agency' | 'agency_user' | 'Oshc',
  mustChangePassword: boolean,
): Promise<(Actor & { mustChangePassword: boolean }) | null> {
  const db = getDb()
  if (kind === 'Agency') {
    const [agency] = await db
      .select({ id: agencies.id })
      .from(agencies)
      .where(eq(agencies.identity_id, identityId))
    if (!agency) return null
    return {
      kind,
      identityId,
      agencyId: agency.id,
      email,
      permissions: new Set(AGENCY_PERMISSIONS),
      mustChangePassword,
    }
  }
  if (kind === 'agency_user') {
    const [user] = await db
      .select({
        id: agencyUsers.id,
        agencyId: agencyUsers.agency_id,
        status: agencyUsers.status,
        roleId: agencyUsers.agency_role_id,
      })
      .from(agencyUsers)
      .where(eq(agencyUsers.identity_id, identityId))
    if (!user || user.status !== 'ENABLED') return null
    const perms = user.roleId
      ? await db
          .select({ name: agencyPermissions.name })
          .from(agencyRolePermissions)
          .innerJoin(agencyPermissions, eq(agencyPermissions.id, agencyRolePermissions.permission_id))
          .where(eq(agencyRolePermissions.role_id, user.roleId))
      : []
    return {
      kind,
      identityId,
      agencyId: user.agencyId,
      userId: user.id,
      email,
      permissions: new Set(perms.map((p) => p.name)),
      mustChangePassword,
    }
  }
  const [user] = await db
    .select({ id: oshcUsers.id, status: oshcUsers.status, roleId: oshcUsers.role_id })
    .from(oshcUsers)
    .where(eq(oshcUsers.identity_id, identityId))
  if (!user || user.status !== 'ENABLED') return null
  const perms = user.roleId
    ? await db
        .select({ name: oshcPermissions.name })
        .from(oshcRolePermissions)
        .innerJoin(oshcPermissions, eq(oshcPermissions.id, oshcRolePermissions.permission_id))
        .where(eq(oshcRolePermissions.role_id, user.roleId))
    : []
  return {
    kind,
    identityId,
    userId: user.id,
    email,
    permissions: new Set(perms.map((p) => p.name)),
    mustChangePassword,
  }
}
