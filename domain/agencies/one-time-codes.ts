import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { agencyOtps } from '../../db/schema'
import { secretFor } from '../shared/config'
import { hmac, safeEqual, sixDigitCode } from '../shared/crypto'
import { DomainError } from '../shared/errors'

export const OTP_TTL_MS = 10 * 60 * 1000
export const OTP_MAX_ATTEMPTS = 5
const RESEND_GAP_SECONDS = 60
const MAX_PER_HOUR = 5

const codeHmac = (agencyId: number, code: string) => hmac(secretFor('otp'), `${agencyId}:${code}`)

/** Issues a new code (older ones stop counting) and returns it for mailing. */
export async function issueOtp(tx: DbOrTx, agencyId: number, throttle: boolean) {
  if (throttle) {
    const [recent] = await tx
      .select({
        last: sql<Date>`max(${agencyOtps.created_at})`,
        count: sql<number>`count(*)::int`,
      })
      .from(agencyOtps)
      .where(
        and(eq(agencyOtps.agency_id, agencyId), gt(agencyOtps.created_at, sql`now() - interval '1 hour'`)),
      )
    if (recent?.last && Date.now() - new Date(recent.last).getTime() < RESEND_GAP_SECONDS * 1000) {
      throw new DomainError('RATE_LIMITED', 'Please wait a minute before asking for a new code.')
    }
    if ((recent?.count ?? 0) >= MAX_PER_HOUR) {
      throw new DomainError('RATE_LIMITED', 'Too many codes were sent. Please try again in an hour.')
    }
  }
  const code = sixDigitCode()
  await tx
    .update(agencyOtps)
    .set({ used_at: new Date() })
    .where(and(eq(agencyOtps.agency_id, agencyId), isNull(agencyOtps.used_at)))
  await tx.insert(agencyOtps).values({
    agency_id: agencyId,
    code_hmac: codeHmac(agencyId, code),
    expires_at: new Date(Date.now() + OTP_TTL_MS),
  })
  return code
}

const otpError = (message: string) => new DomainError('VALIDATION', message, { otp: [message] })

/** Checks a code against the agency's live code: single use, 10 minutes, 5 attempts. */
export async function consumeOtp(tx: DbOrTx, agencyId: number, code: string) {
  const [otp] = await tx
    .select()
    .from(agencyOtps)
    .where(and(eq(agencyOtps.agency_id, agencyId), isNull(agencyOtps.used_at)))
    .orderBy(desc(agencyOtps.id))
    .limit(1)
    .for('update')
  if (!otp) throw otpError('There is no active code. Ask for a new code.')
  if (otp.attempts >= OTP_MAX_ATTEMPTS) throw otpError('Too many wrong attempts. Ask for a new code.')
  if (otp.expires_at.getTime() < Date.now()) throw otpError('This code has expired. Ask for a new code.')
  if (!safeEqual(otp.code_hmac, codeHmac(agencyId, code))) {
    await tx
      .update(agencyOtps)
      .set({ attempts: otp.attempts + 1 })
      .where(eq(agencyOtps.id, otp.id))
    return false
  }
  await tx.update(agencyOtps).set({ used_at: new Date() }).where(eq(agencyOtps.id, otp.id))
  return true
}

export { otpError }
