// STUB owned by the BNPL helper: replaced with the real job. Signature is a contract with the
// bnpl-settlement schedule (workers/activities): keep it.
import type { Db } from '../../db/client'
import type { sendMail } from '../mail/mailer'

/**
 * The daily BNPL settlement job: mails the agencies whose oldest unsettled BNPL purchase reaches
 * its settlement deadline in 7 or in 1 day(s) (once per purchase and reminder, idempotent by key).
 * Answers how many reminders went out.
 */
export async function remindBnplSettlements(_deps: { db: Db; mail: typeof sendMail; now: Date }): Promise<{
  reminded: number
}> {
  return { reminded: 0 }
}
