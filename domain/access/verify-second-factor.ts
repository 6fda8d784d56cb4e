import { getDb } from '../../db/client'
import { DomainError, validation } from '../shared/errors'
import { attemptLimiter } from '../shared/rate-limit'
import { CODE_NOT_ACCEPTED } from './confirm-totp-enrolment'
import { acceptTotpCode, useRecoveryCode } from './second-factors'
import {
  markFactorGiven,
  NO_SESSION,
  recordFactorRefused,
  sessionOfToken,
  type FactorEvent,
} from './factor-given'
import { forgetCachedSession } from './sessions'

export const NO_PENDING_SIGN_IN = NO_SESSION

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
  const session = await sessionOfToken(input.token)
  if (!session) throw new DomainError('UNAUTHENTICATED', NO_PENDING_SIGN_IN)
  const limiter = attemptLimiter('second-factor', input.clientIp, String(session.identityId))
  await limiter.assertAllowed()
  const code = input.code.trim()
  const method: FactorEvent['method'] = /^\d{6}$/.test(code) ? 'totp' : 'recovery_code'
  const client = { ip: input.clientIp, userAgent: input.userAgent }
  const event: FactorEvent = { identityId: session.identityId, email: session.email, method, client }
  const ok = await getDb().transaction(async (tx) => {
    const accepted =
      method === 'totp'
        ? !!(await acceptTotpCode(tx, session.identityId, session.email, code))
        : await useRecoveryCode(tx, session.identityId, code)
    if (accepted) await markFactorGiven(tx, session, event)
    return accepted
  })
  if (!ok) {
    await recordFactorRefused(session, event)
    await limiter.failed()
    throw validation('code', CODE_NOT_ACCEPTED)
  }
  await limiter.succeeded()
  forgetCachedSession(input.token)
  return { expiresAt: session.expiresAt }
}
