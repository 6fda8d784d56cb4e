import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { attemptLimiter } from '../../shared/rate-limit'
import { recordAgencyHistory } from '../agency-history'
import { consumeOtp, otpError } from './one-time-codes'
import { notifyWorkflow } from './workflow-signal'

/**
 * verifyAgency (public): checks the mailed code and marks the e-mail verified. Every refusal is
 * the same 400 (see otpError), and wrong codes count per agency and IP, per agency and per IP
 * (attemptLimiter), on top of the five attempts each code allows.
 */
export async function verifyAgency(opts: { agencyId: number; otp: string; clientIp: string }) {
  const limiter = attemptLimiter('otp', opts.clientIp, String(opts.agencyId))
  await limiter.assertAllowed()
  const verified = await getDb().transaction(async (tx) => {
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, opts.agencyId)).for('update')
    if (!agency || agency.is_email_verified) return null
    if (!(await consumeOtp(tx, agency.id, opts.otp))) return null
    await tx.update(agencies).set({ is_email_verified: true }).where(eq(agencies.id, agency.id))
    await recordAgencyHistory(tx, {
      agencyId: agency.id,
      action: 'EMAIL_VERIFIED',
      actor: `public:${agency.email}`,
    })
    return agency
  })
  if (!verified) {
    await limiter.failed()
    throw otpError()
  }
  await limiter.succeeded()
  await notifyWorkflow(verified.id)
  return { agencyId: verified.id, email: verified.email, is_email_verified: true }
}
