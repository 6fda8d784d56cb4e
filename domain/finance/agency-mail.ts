import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies } from '../../db/schema'
import { sendMail } from '../mail/mailer'
import { financeRecipient } from '../mail/finance-mails'
import { logError } from '../shared/log'

/** Mails an agency's finance contact after commit; a failed mail is logged, never undoes the decision. */
export async function mailAgency(agencyId: number, mail: { subject: string; text: string }) {
  try {
    const [agency] = await getDb()
      .select({ email: agencies.email, finance_comms_email: agencies.finance_comms_email })
      .from(agencies)
      .where(eq(agencies.id, agencyId))
    if (!agency) return
    await sendMail({ to: financeRecipient(agency), ...mail })
  } catch (err) {
    logError('finance-mail', err, { agencyId })
  }
}
