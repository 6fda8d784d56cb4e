import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { identities } from '../../db/schema'
import { config } from '../shared/config'
import { DomainError } from '../shared/errors'
import { staffFromGroup } from '../users/sso-staff'
import { actorForIdentity } from './sessions'
import { recordSecurityEvent, type ClientInfo } from './security-log'
import { openSignedInSession } from './signed-in-session'

/** What the company's identity provider vouched for, read from an ID token the strategy validated. */
export type SsoClaims = {
  email?: string
  emailVerified: boolean
  /** The groups claim (OIDC_GROUPS_CLAIM), read only when OIDC_GROUP_ROLES maps groups to roles. */
  groups?: unknown
  givenName?: string
  familyName?: string
}

/** The refusals of single sign-on, each a page of its own (403). */
export const SSO_REFUSALS = {
  unverified: 'Your company account has no verified e-mail address, so it cannot sign you in here.',
  domain: 'Single sign-on is not open to e-mail addresses of this domain.',
  unknown: 'No staff account uses this e-mail address. Ask an administrator of the back office to add you.',
  disabled: 'Your staff account is disabled. Ask an administrator of the back office.',
  group: 'Your company account is in no group that opens the back office. Ask your administrator.',
  role_missing: 'The back office has no role for your group yet. Ask an administrator of the back office.',
} as const

type Refusal = keyof typeof SSO_REFUSALS

/** Writes the refusal to the security log, then answers it (403). */
async function refuse(reason: Refusal, who: { email?: string; identityId?: number }, client: ClientInfo) {
  await recordSecurityEvent(null, { kind: 'sso_refused', ...who, method: 'sso', client, detail: { reason } })
  return new DomainError('FORBIDDEN', SSO_REFUSALS[reason])
}

/**
 * Signs a staff member in from their company account: the verified e-mail of the ID token names an
 * existing, enabled staff user (never an account made by default), in an allowed domain. Opens a
 * session marked `sso`, answered like a password sign-in. Sign-ins and refusals go to the
 * security log.
 */
export async function loginWithSso(claims: SsoClaims, client: ClientInfo = {}) {
  const email = claims.email?.trim().toLowerCase()
  if (!email || !claims.emailVerified) throw await refuse('unverified', { email }, client)
  const allowed = config().OIDC_ALLOWED_DOMAINS
  if (allowed.length && !allowed.includes(email.slice(email.lastIndexOf('@') + 1)))
    throw await refuse('domain', { email }, client)
  const identityId = config().OIDC_GROUP_ROLES.length
    ? await staffOfGroup(claims, email, client)
    : await staffByEmail(email, client)
  const actor = await actorForIdentity(identityId, email, 'Oshc', false)
  if (!actor) throw await refuse('disabled', { email, identityId }, client)
  return openSignedInSession(identityId, 'sso', { ...actor, mustChangePassword: false }, client)
}

/** Without a group map: the existing staff user of the verified e-mail. */
async function staffByEmail(email: string, client: ClientInfo) {
  const [identity] = await getDb()
    .select()
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, email))
  if (!identity || identity.kind !== 'Oshc') throw await refuse('unknown', { email }, client)
  return identity.id
}

/** With OIDC_GROUP_ROLES: the first mapped group of the person decides their role (and account). */
async function staffOfGroup(claims: SsoClaims, email: string, client: ClientInfo) {
  const groups = Array.isArray(claims.groups) ? claims.groups.map(String) : []
  const roleName = config().OIDC_GROUP_ROLES.find((m) => groups.includes(m.group))?.role
  if (!roleName) throw await refuse('group', { email }, client)
  const staff = await getDb().transaction((tx) =>
    staffFromGroup(tx, { email, roleName, firstName: claims.givenName, lastName: claims.familyName }),
  )
  if ('refused' in staff)
    throw await refuse(staff.refused === 'not_staff' ? 'unknown' : 'role_missing', { email }, client)
  return staff.identityId
}
