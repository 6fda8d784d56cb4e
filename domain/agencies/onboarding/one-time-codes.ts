import { and, desc, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { agencyOtps } from '../../../db/schema'
import { secretFor } from '../../shared/config'
import { hmac, safeEqual, sixDigitCode } from '../../shared/crypto'
import { DomainError } from '../../shared/errors'
import { clock } from '../../shared/clock'
import { onboardingLinks } from '../../shared/links'

export const OTP_TTL_MS = 10 * 60 * 1000

export const OTP_MAX_ATTEMPTS = 5

const codeHmac = (agencyId: number, code: string) => hmac(secretFor('otp'), `${agencyId}:${code}`)

/** Issues a new code (older ones stop counting) and returns it for mailing. */
export async function issueOtp(tx: DbOrTx, agencyId: number) {
  const code = sixDigitCode()
  await tx
    .update(agencyOtps)
    .set({ used_at: clock.now() })
    .where(and(eq(agencyOtps.agency_id, agencyId), isNull(agencyOtps.used_at)))
  await tx.insert(agencyOtps).values({
    agency_id: agencyId,
    code_hmac: codeHmac(agencyId, code),
    expires_at: new Date(clock.now().getTime() + OTP_TTL_MS),
  })
  return code
}

/**
 * One answer for every code that does not verify (wrong, expired, used up, none issued, unknown
 * or already verified agency), so that guessing ids tells nothing about an agency.
 */
export const OTP_REFUSED = 'The code is not correct or has expired. Ask for a new code.'

export const otpError = () => new DomainError('VALIDATION', OTP_REFUSED, { otp: [OTP_REFUSED] })

/** Checks a code against the agency's live code: single use, 10 minutes, 5 attempts. */
export async function consumeOtp(tx: DbOrTx, agencyId: number, code: string) {
  const [otp] = await tx
    .select()
    .from(agencyOtps)
    .where(and(eq(agencyOtps.agency_id, agencyId), isNull(agencyOtps.used_at)))
    .orderBy(desc(agencyOtps.id))
    .limit(1)
    .for('update')
  if (!otp || otp.attempts >= OTP_MAX_ATTEMPTS || otp.expires_at.getTime() < clock.now().getTime())
    return false
  if (!safeEqual(otp.code_hmac, codeHmac(agencyId, code))) {
    await tx
      .update(agencyOtps)
      .set({ attempts: otp.attempts + 1 })
      .where(eq(agencyOtps.id, otp.id))
    return false
  }
  await tx.update(agencyOtps).set({ used_at: clock.now() }).where(eq(agencyOtps.id, otp.id))
  return true
}

/**
 * The verification page's key: the agency id signed with the app secret. Ids are sequential; the
 * signature makes the link unguessable, and it can be mailed again with every new code.
 */
const linkMac = (agencyId: number) => hmac(secretFor('agency-verify-link'), String(agencyId))

export const verifyLinkToken = (agencyId: number) => `${agencyId}.${linkMac(agencyId)}`

/** The agency a verification link names, or null for anything not signed by us. */
export function agencyIdFromVerifyToken(token: string | null | undefined) {
  const m = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token ?? '')
  if (!m) return null
  const agencyId = Number(m[1])
  return safeEqual(m[2], linkMac(agencyId)) ? agencyId : null
}

export const verifyPagePath = (agencyId: number) => onboardingLinks.verify(verifyLinkToken(agencyId))
