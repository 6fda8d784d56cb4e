import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { identities } from '../../db/schema'
import { config } from '../shared/config'
import { DomainError } from '../shared/errors'
import { attemptLimiter } from '../shared/rate-limit'
import { checkPassword } from './passwords'
import { actorForIdentity } from './sessions'
import { recordSecurityEvent } from './security-log'
import { openSignedInSession } from './signed-in-session'

export const STAFF_USE_SSO = 'Staff sign in with single sign-on: use the button below.'

/**
 * Checks e-mail and password and opens a session. An unknown e-mail costs the same work (a dummy
 * hash is verified) and gets the same answer as a wrong password. Failures count per e-mail and
 * IP, per e-mail (a short growing delay, never a lock) and per IP (see attemptLimiter). With
 * STAFF_SSO_ONLY a staff member's password sign-in is refused (after the password, so the refusal
 * tells nothing of who is staff to someone without it). Successes and refusals go to the security
 * log (a throttled attempt, refused before any check, does not).
 */
export async function login(input: {
  email: string
  password: string
  clientIp: string
  userAgent?: string | null
}) {
  const email = input.email.trim().toLowerCase()
  const limiter = attemptLimiter('login', input.clientIp, email)
  await limiter.assertAllowed()
  const [identity] = await getDb()
    .select()
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, email))
  const good = await checkPassword(identity?.password_hash, input.password)
  const actor =
    good && identity
      ? await actorForIdentity(identity.id, identity.email, identity.kind, identity.must_change_password)
      : null
  const client = { ip: input.clientIp, userAgent: input.userAgent }
  const failed = (reason: string) =>
    recordSecurityEvent(null, {
      kind: 'sign_in_failed',
      identityId: identity?.id,
      email,
      method: 'password',
      client,
      detail: { reason },
    })
  if (!identity || !actor) {
    await failed(!identity ? 'unknown_email' : good ? 'disabled' : 'wrong_password')
    await limiter.failed()
    throw new DomainError('UNAUTHENTICATED', 'Invalid email or password', {
      email: ['Invalid email or password'],
    })
  }
  await limiter.succeeded()
  // A staff member of a company that signs in through its identity provider has no password here.
  if (actor.kind === 'Oshc' && config().STAFF_SSO_ONLY) {
    await failed('sso_only')
    throw new DomainError('FORBIDDEN', STAFF_USE_SSO, { email: [STAFF_USE_SSO] })
  }
  return openSignedInSession(identity.id, 'password', actor, client)
}
