import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { identities } from '../../db/schema'
import { config } from '../shared/config'
import { DomainError } from '../shared/errors'
import { actorForIdentity } from './sessions'
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

const refuse = (message: string) => new DomainError('FORBIDDEN', message)

/**
 * Signs a staff member in from their company account: the verified e-mail of the ID token names an
 * existing, enabled staff user (never an account made by default), in an allowed domain. Opens a
 * session marked `sso`, answered like a password sign-in.
 */
export async function loginWithSso(claims: SsoClaims) {
  const email = claims.email?.trim().toLowerCase()
  if (!email || !claims.emailVerified) throw refuse(SSO_REFUSALS.unverified)
  const allowed = config().OIDC_ALLOWED_DOMAINS
  if (allowed.length && !allowed.includes(email.slice(email.lastIndexOf('@') + 1)))
    throw refuse(SSO_REFUSALS.domain)
  const [identity] = await getDb()
    .select()
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, email))
  if (!identity || identity.kind !== 'Oshc') throw refuse(SSO_REFUSALS.unknown)
  const actor = await actorForIdentity(identity.id, identity.email, identity.kind, false)
  if (!actor) throw refuse(SSO_REFUSALS.disabled)
  return openSignedInSession(identity.id, 'sso', { ...actor, mustChangePassword: false })
}
