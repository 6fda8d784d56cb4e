import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies } from '../../db/schema'
import { conflict, notFound } from '../shared/errors'
import { assertUnderLimit, recordFailure } from '../shared/rate-limit'
import { sendMail } from '../mail/mailer'
import { mails } from '../mail/templates'
import { recordAgencyHistory } from './agency-history'
import { consumeOtp, issueOtp, otpError } from './one-time-codes'
import { notifyWorkflow } from './register-agency'

async function pendingAgency(agencyId: number) {
  const [agency] = await getDb().select().from(agencies).where(eq(agencies.id, agencyId))
  if (!agency) throw notFound('Agency')
  if (agency.is_email_verified) throw conflict('This e-mail address is already verified')
  return agency
}

/** resendOtp (public): a fresh code, at most one a minute and five an hour. */
export async function resendOtp(opts: { agencyId: number }) {
  const agency = await pendingAgency(opts.agencyId)
  const code = await getDb().transaction((tx) => issueOtp(tx, agency.id, true))
  await sendMail({ to: agency.email, ...mails.otp(code) })
  return { agencyId: agency.id }
}

/** verifyAgency (public): checks the mailed code and marks the e-mail verified. */
export async function verifyAgency(opts: { agencyId: number; otp: string; clientIp: string }) {
  const ipKey = `otp:ip:${opts.clientIp}`
  await assertUnderLimit(ipKey, 30, 15 * 60)
  const agency = await pendingAgency(opts.agencyId)
  const db = getDb()
  const ok = await db.transaction(async (tx) => {
    const good = await consumeOtp(tx, agency.id, opts.otp)
    if (!good) return false
    await tx.update(agencies).set({ is_email_verified: true }).where(eq(agencies.id, agency.id))
    await recordAgencyHistory(tx, {
      agencyId: agency.id,
      action: 'EMAIL_VERIFIED',
      actor: `public:${agency.email}`,
    })
    return true
  })
  if (!ok) {
    await recordFailure(ipKey, 15 * 60)
    throw otpError('The code is not correct')
  }
  await notifyWorkflow(agency.id)
  return { agencyId: agency.id, email: agency.email, is_email_verified: true }
}
