import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { identities } from '../../db/schema'
import { config } from '../shared/config'
import { DomainError } from '../shared/errors'
import { actorForIdentity } from './sessions'
import { recordSecurityEvent, type ClientInfo } from './security-log'
import { openSignedInSession } from './signed-in-session'

/** What the company's identity provider vouched for, read from an ID token the strategy validated. */
export type SsoClaims = { email?: string; emailVerified: boolean }

/** The refusals of single sign-on, each a page of its own (403). */
export const SSO_REFUSALS = {
  unverified: 'Your company account has no verified e-mail address, so it cannot sign you in here.',
  domain: 'Single sign-on is not open to e-mail addresses of this domain.',
  unknown: 'No staff account uses this e-mail address. Ask an administrator of the back office to add you.',
  disabled: 'Your staff account is disabled. Ask an administrator of the back office.',
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
  const [identity] = await getDb()
    .select()
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, email))
  if (!identity || identity.kind !== 'Oshc') throw await refuse('unknown', { email }, client)
  const actor = await actorForIdentity(identity.id, identity.email, identity.kind, false)
  if (!actor) throw await refuse('disabled', { email, identityId: identity.id }, client)
  return openSignedInSession(identity.id, 'sso', { ...actor, mustChangePassword: false }, client)
}
