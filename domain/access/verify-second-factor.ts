import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { identities, sessions } from '../../db/schema'
import { clock } from '../shared/clock'
import { sha256 } from '../shared/crypto'
import { DomainError, validation } from '../shared/errors'
import { attemptLimiter } from '../shared/rate-limit'
import { CODE_NOT_ACCEPTED } from './confirm-totp-enrolment'
import { acceptTotpCode, useRecoveryCode } from './second-factors'
import { recordSecurityEvent, type ClientInfo } from './security-log'
import { forgetCachedSession } from './sessions'

export const NO_PENDING_SIGN_IN = 'Your sign-in has expired. Sign in again.'

/**
 * A second factor given in a session: the second step of signing in (a code of the person's
 * authenticator app, each used once, or one of their recovery codes opens the session the first
 * step opened), or a step-up in an open session before a money decision (it refreshes the time
 * the factor was last given). Wrong codes count like wrong passwords (per person and IP,
 * `Retry-After`).
 */
export async function verifySecondFactor(input: {
  token: string
  code: string
  clientIp: string
  userAgent?: string | null
}) {
  const [session] = await getDb()
    .select({
      id: sessions.id,
      identityId: sessions.identity_id,
      email: identities.email,
      expiresAt: sessions.expires_at,
      pending: sessions.second_factor_pending,
    })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.identity_id))
    .where(eq(sessions.token_hash, sha256(input.token)))
  if (!session || session.expiresAt <= clock.now())
    throw new DomainError('UNAUTHENTICATED', NO_PENDING_SIGN_IN)
  const limiter = attemptLimiter('second-factor', input.clientIp, String(session.identityId))
  await limiter.assertAllowed()
  const code = input.code.trim()
  const method: GivenEvent['method'] = /^\d{6}$/.test(code) ? 'totp' : 'recovery_code'
  const client = { ip: input.clientIp, userAgent: input.userAgent }
  const event = { identityId: session.identityId, email: session.email, method, client }
  const ok = await getDb().transaction(async (tx) => {
    const accepted =
      method === 'totp'
        ? !!(await acceptTotpCode(tx, session.identityId, session.email, code))
        : await useRecoveryCode(tx, session.identityId, code)
    if (accepted) await markGiven(tx, session, event)
    return accepted
  })
  if (!ok) {
    await recordSecurityEvent(null, {
      ...event,
      kind: 'second_factor_failed',
      detail: { step_up: !session.pending },
    })
    await limiter.failed()
    throw validation('code', CODE_NOT_ACCEPTED)
  }
  await limiter.succeeded()
  forgetCachedSession(input.token)
  return { expiresAt: session.expiresAt }
}

type GivenEvent = { identityId: number; email: string; method: 'totp' | 'recovery_code'; client: ClientInfo }

/**
 * The session has its factor: open it (the sign-in step, from the device that gave the code) or
 * refresh its time (a step-up), and write which it was to the security log.
 */
async function markGiven(tx: DbOrTx, session: { id: number; pending: boolean }, event: GivenEvent) {
  await tx
    .update(sessions)
    .set({
      second_factor_pending: false,
      second_factor_at: clock.now(),
      ...(session.pending ? { ip: event.client.ip, user_agent: event.client.userAgent ?? undefined } : {}),
    })
    .where(eq(sessions.id, session.id))
  const kind =
    event.method === 'recovery_code'
      ? 'recovery_code_used'
      : session.pending
        ? 'second_factor_verified'
        : 'step_up'
  await recordSecurityEvent(tx, {
    ...event,
    kind,
    detail: { session_id: session.id, step_up: !session.pending },
  })
}
