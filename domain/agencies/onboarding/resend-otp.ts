import { and, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { logError } from '../../shared/log'
import { assertUnderLimit, recordFailure } from '../../shared/rate-limit'
import { sendMail } from '../../mail/mailer'
import { mails } from '../../mail/templates'
import { issueOtp, verifyPagePath } from './one-time-codes'

/**
 * resendOtp (public): a fresh code, at most one a minute and five an hour per agency id. The
 * answer and its timing are the same for any id (unknown, verified or waiting), and the mail
 * goes out after it.
 */
export async function resendOtp(opts: { agencyId: number }) {
  const perMinute = `otp-send:minute:${opts.agencyId}`
  const perHour = `otp-send:hour:${opts.agencyId}`
  await assertUnderLimit(perMinute, 1, 60)
  await assertUnderLimit(perHour, 5, 60 * 60)
  await recordFailure(perMinute, 60)
  await recordFailure(perHour, 60 * 60)
  const db = getDb()
  const sent = await db.transaction(async (tx) => {
    const [agency] = await tx
      .select({ id: agencies.id, email: agencies.email })
      .from(agencies)
      .where(and(eq(agencies.id, opts.agencyId), eq(agencies.is_email_verified, false)))
      .for('update')
    return agency ? { email: agency.email, code: await issueOtp(tx, agency.id) } : null
  })
  if (sent) {
    void sendMail({ to: sent.email, ...mails.otp(sent.code, verifyPagePath(opts.agencyId)) }).catch((err) =>
      logError('onboarding', err, { agencyId: opts.agencyId, note: 'could not mail a new code' }),
    )
  }
  return { agencyId: opts.agencyId }
}
