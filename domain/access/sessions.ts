import { clock } from '../shared/clock'
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm'
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
import { cacheVersionsJson, observeCacheVersions } from '../shared/reference-cache'
import type { ClientInfo } from './security-log'
import { hasFactorSql } from './second-factors'

export const SESSION_TTL_MS = 1000 * 60 * 60 * 12

/** How a session was opened. */
export type SignInMethod = 'password' | 'sso'

/** Opens a session and returns the opaque token (only its hash is stored). */
export async function createSession(
  identityId: number,
  method: SignInMethod = 'password',
  secondFactorPending = false,
  client: ClientInfo = {},
) {
  const token = randomToken()
  const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS)
  await getDb()
    .insert(sessions)
    .values({
      token_hash: sha256(token),
      identity_id: identityId,
      expires_at: expiresAt,
      method,
      second_factor_pending: secondFactorPending,
      ip: client.ip?.slice(0, 64) ?? null,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
    })
  return { token, expiresAt }
}

/** Makes the next request of a session read it afresh (its second factor was just given). */
export function forgetCachedSession(token: string) {
  recentlySeen.delete(sha256(token))
}

/** Makes the next request of each session of a person read it afresh (a factor was set up or removed). */
export function forgetCachedSessionsOf(identityId: number) {
  for (const [hash, seen] of recentlySeen)
    if ('identityId' in seen.actor && seen.actor.identityId === identityId) recentlySeen.delete(hash)
}

export async function revokeSession(token: string) {
  recentlySeen.delete(sha256(token))
  await getDb()
    .delete(sessions)
    .where(eq(sessions.token_hash, sha256(token)))
}

/**
 * Ends the sessions of the identity with these ids (others' ids are ignored) and forgets them in
 * the one-second cache; answers the ids ended.
 */
export async function revokeSessionsById(identityId: number, ids: number[], tx: DbOrTx = getDb()) {
  if (!ids.length) return []
  const gone = await tx
    .delete(sessions)
    .where(and(eq(sessions.identity_id, identityId), inArray(sessions.id, ids)))
    .returning({ id: sessions.id, hash: sessions.token_hash })
  for (const g of gone) recentlySeen.delete(g.hash)
  return gone.map((g) => g.id)
}

/** Ends every session of the identity, but the one of `except` (the caller's own) when given. */
export async function revokeSessions(identityId: number, opts: { except?: string; tx?: DbOrTx } = {}) {
  const mine = eq(sessions.identity_id, identityId)
  forgetCachedSessionsOf(identityId)
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

type SessionActor = Actor & { mustChangePassword: boolean }

/**
 * Sessions resolved in the last second, by token hash: a burst of reads of one person costs one
 * lookup a second. Whatever ends or narrows a session (sign-out, a disabled user, a changed role,
 * a deactivated agency) is honoured by every process within that second, and at once by the
 * process that made the change when it ends sessions itself. Writes never reuse (`reuse: false`):
 * a decision sent just after a step-up on another process must see the second factor just given.
 * Tests see every change at once.
 */
let SESSION_REUSE_MS = process.env.NODE_ENV === 'test' ? 0 : 1000

/** How long a resolved session is reused (tests of the production timing). */
export function setSessionReuse(ms: number) {
  SESSION_REUSE_MS = ms
}
const recentlySeen = new Map<string, { at: number; actor: SessionActor }>()
/** Lookups under way, by token hash: a page's loaders, running side by side, share one. */
const underWay = new Map<string, Promise<SessionActor | null>>()

/**
 * Resolves a session token to the acting person, or null when it is unknown, expired or disabled:
 * one round trip (session, identity, agency or user, role permissions, and the reference cache's
 * versions), reused for a second when `reuse` (reads), and shared by the reads that ask while it
 * runs.
 */
export async function actorForToken(token: string, { reuse = true } = {}): Promise<SessionActor | null> {
  const hash = sha256(token)
  const seen = reuse ? recentlySeen.get(hash) : undefined
  if (seen && performance.now() - seen.at < SESSION_REUSE_MS) return seen.actor
  const sharing = reuse && SESSION_REUSE_MS > 0
  const pending = sharing ? underWay.get(hash) : undefined
  if (pending) return pending
  const lookup = lookUpSession(hash)
  if (sharing) {
    underWay.set(hash, lookup)
    const done = () => underWay.delete(hash)
    lookup.then(done, done)
  }
  const actor = await lookup
  // A session that must change its password is about to change: it is never reused, so the
  // next request after the change sees it on every process.
  if (actor && !actor.mustChangePassword && SESSION_REUSE_MS > 0) {
    if (recentlySeen.size >= 10_000) recentlySeen.clear()
    recentlySeen.set(hash, { at: performance.now(), actor })
  } else recentlySeen.delete(hash)
  return actor
}

async function lookUpSession(hash: string): Promise<SessionActor | null> {
  const { rows } = await getDb().execute<{
    id: number
    email: string
    kind: 'Agency' | 'agency_user' | 'Oshc'
    must: boolean
    agency_id: number | null
    user_id: number | null
    user_agency_id: number | null
    user_status: string | null
    permissions: string[] | null
    cache_versions: Record<string, number> | null
    factor_at: Date | string | null
    enrolled: boolean
    display_name: string
    display_email: string
  }>(sql`
    SELECT i.id, i.email, i.kind, i.must_change_password AS must,
           a.id AS agency_id,
           coalesce(au.id, ou.id) AS user_id,
           au.agency_id AS user_agency_id,
           coalesce(au.status, ou.status)::text AS user_status,
           CASE i.kind
             WHEN 'agency_user' THEN (SELECT array_agg(p.name) FROM ${agencyRolePermissions} rp
                                      JOIN ${agencyPermissions} p ON p.id = rp.permission_id
                                      WHERE rp.role_id = au.agency_role_id)
             WHEN 'Oshc' THEN (SELECT array_agg(p.name) FROM ${oshcRolePermissions} rp
                               JOIN ${oshcPermissions} p ON p.id = rp.permission_id
                               WHERE rp.role_id = ou.role_id)
           END AS permissions,
           ${cacheVersionsJson} AS cache_versions,
           s.second_factor_at AS factor_at, ${hasFactorSql(sql`i.id`)} AS enrolled,
           CASE i.kind
             WHEN 'Agency' THEN coalesce(a.full_company_name, a.email)
             WHEN 'agency_user' THEN concat_ws(' ', nullif(au.first_name, ''), nullif(au.last_name, ''))
             ELSE concat_ws(' ', nullif(ou.first_name, ''), nullif(ou.last_name, ''))
           END AS display_name,
           coalesce(a.email, au.email, ou.email) AS display_email
    FROM ${sessions} s
    JOIN ${identities} i ON i.id = s.identity_id
    LEFT JOIN ${agencies} a ON i.kind = 'Agency' AND a.identity_id = i.id
    LEFT JOIN ${agencyUsers} au ON i.kind = 'agency_user' AND au.identity_id = i.id
    LEFT JOIN ${oshcUsers} ou ON i.kind = 'Oshc' AND ou.identity_id = i.id
    WHERE s.token_hash = ${hash} AND s.expires_at > now() AND NOT s.second_factor_pending`)
  const row = rows[0]
  if (!row) return null
  observeCacheVersions(row.cache_versions)
  const secondFactor = { enrolled: row.enrolled, at: row.factor_at === null ? null : new Date(row.factor_at) }
  const display = { name: row.display_name ?? '', email: row.display_email }
  const base = { identityId: row.id, email: row.email, mustChangePassword: row.must, secondFactor, display }
  if (row.kind === 'Agency')
    return row.agency_id === null
      ? null
      : { ...base, kind: row.kind, agencyId: row.agency_id, permissions: new Set(AGENCY_PERMISSIONS) }
  if (row.user_id === null || row.user_status !== 'ENABLED') return null
  const permissions = new Set(row.permissions ?? [])
  return row.kind === 'agency_user'
    ? { ...base, kind: row.kind, agencyId: row.user_agency_id!, userId: row.user_id, permissions }
    : { ...base, kind: row.kind, userId: row.user_id, permissions }
}

type IdentityKind = 'Agency' | 'agency_user' | 'Oshc'

/** Resolves a signed-in identity to its actor, or null when its record is missing or disabled. */
export async function actorForIdentity(
  identityId: number,
  email: string,
  kind: IdentityKind,
  mustChangePassword: boolean,
): Promise<SessionActor | null> {
  const base = { identityId, email, mustChangePassword }
  if (kind === 'Agency') return agencyActor(base)
  if (kind === 'agency_user') return agencyUserActor(base)
  return staffActor(base)
}

type ActorBase = { identityId: number; email: string; mustChangePassword: boolean }

/** An agency's own login holds every agency permission. */
async function agencyActor(base: ActorBase): Promise<SessionActor | null> {
  const [agency] = await getDb()
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.identity_id, base.identityId))
  if (!agency) return null
  return { ...base, kind: 'Agency', agencyId: agency.id, permissions: new Set(AGENCY_PERMISSIONS) }
}

/** An enabled agency user, with the permissions of its role. */
async function agencyUserActor(base: ActorBase): Promise<SessionActor | null> {
  const db = getDb()
  const [user] = await db
    .select({
      id: agencyUsers.id,
      agencyId: agencyUsers.agency_id,
      status: agencyUsers.status,
      roleId: agencyUsers.agency_role_id,
    })
    .from(agencyUsers)
    .where(eq(agencyUsers.identity_id, base.identityId))
  if (!user || user.status !== 'ENABLED') return null
  const perms = user.roleId
    ? await db
        .select({ name: agencyPermissions.name })
        .from(agencyRolePermissions)
        .innerJoin(agencyPermissions, eq(agencyPermissions.id, agencyRolePermissions.permission_id))
        .where(eq(agencyRolePermissions.role_id, user.roleId))
    : []
  const permissions = new Set(perms.map((p) => p.name))
  return { ...base, kind: 'agency_user', agencyId: user.agencyId, userId: user.id, permissions }
}

/** An enabled staff user, with the permissions of its role. */
async function staffActor(base: ActorBase): Promise<SessionActor | null> {
  const db = getDb()
  const [user] = await db
    .select({ id: oshcUsers.id, status: oshcUsers.status, roleId: oshcUsers.role_id })
    .from(oshcUsers)
    .where(eq(oshcUsers.identity_id, base.identityId))
  if (!user || user.status !== 'ENABLED') return null
  const perms = user.roleId
    ? await db
        .select({ name: oshcPermissions.name })
        .from(oshcRolePermissions)
        .innerJoin(oshcPermissions, eq(oshcPermissions.id, oshcRolePermissions.permission_id))
        .where(eq(oshcRolePermissions.role_id, user.roleId))
    : []
  return { ...base, kind: 'Oshc', userId: user.id, permissions: new Set(perms.map((p) => p.name)) }
}
