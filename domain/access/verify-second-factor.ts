import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { identities, sessions } from '../../db/schema'
import { clock } from '../shared/clock'
import { sha256 } from '../shared/crypto'
import { DomainError, validation } from '../shared/errors'
import { attemptLimiter } from '../shared/rate-limit'
import { CODE_NOT_ACCEPTED } from './confirm-totp-enrolment'
import { acceptTotpCode, useRecoveryCode } from './second-factors'

export const NO_PENDING_SIGN_IN = 'Your sign-in has expired. Sign in again.'

/**
 * The second step of signing in, keyed by the session the first step opened: a code of the
 * person's authenticator app (each used once) or one of their recovery codes opens the session.
 * Wrong codes count like wrong passwords (per person and IP, `Retry-After`).
 */
export async function verifySecondFactor(input: { token: string; code: string; clientIp: string }) {
  const [session] = await getDb()
    .select({
      id: sessions.id,
      identityId: sessions.identity_id,
      email: identities.email,
      expiresAt: sessions.expires_at,
    })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.identity_id))
    .where(and(eq(sessions.token_hash, sha256(input.token)), eq(sessions.second_factor_pending, true)))
  if (!session || session.expiresAt <= clock.now())
    throw new DomainError('UNAUTHENTICATED', NO_PENDING_SIGN_IN)
  const limiter = attemptLimiter('second-factor', input.clientIp, String(session.identityId))
  await limiter.assertAllowed()
  const code = input.code.trim()
  const ok = await getDb().transaction(async (tx) => {
    const accepted = /^\d{6}$/.test(code)
      ? !!(await acceptTotpCode(tx, session.identityId, session.email, code))
      : await useRecoveryCode(tx, session.identityId, code)
    if (accepted)
      await tx
        .update(sessions)
        .set({ second_factor_pending: false, second_factor_at: clock.now() })
        .where(eq(sessions.id, session.id))
    return accepted
  })
  if (!ok) {
    await limiter.failed()
    throw validation('code', CODE_NOT_ACCEPTED)
  }
  await limiter.succeeded()
  return { expiresAt: session.expiresAt }
}
