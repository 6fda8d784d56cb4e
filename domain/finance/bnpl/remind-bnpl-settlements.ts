// The daily `bnpl-settlement` job (DESIGN.md section 10). Its signature is the contract with the
// schedule's activity (workers/activities): keep it.
import { inArray } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { agencies } from '../../../db/schema'
import type { sendMail } from '../../mail/mailer'
import { bnplMails } from '../../mail/bnpl-mails'
import { financeRecipient } from '../../mail/finance-mails'
import { notify } from '../../notifications/notify'
import { formatCents, formatDate } from '../../shared/format'
import { BNPL_REMINDERS, reminderDue, REQUESTABLE_BNPL_STATUSES } from './bnpl.rules'
import { unsettledBnplPayments } from './bnpl-deadlines'
import { agencyLinks } from '../../shared/links'

/**
 * Mails each agency about its BNPL purchases whose settlement deadline is 7 days away, and again
 * when it is 1 day away (purchases already in an open request are not reminded), with a
 * notification. Once per purchase and reminder whatever the number of runs: the mail's
 * idempotency key is `bnpl-reminder-<policyId>-<7d|1d>`, and the notification goes with the mail
 * that claimed it. A run that missed the 7-day window sends only the 1-day reminder. Past the
 * deadline nothing is sent: purchases are blocked instead. Answers how many reminders went out.
 */
export async function remindBnplSettlements(deps: { db: Db; mail: typeof sendMail; now: Date }): Promise<{
  reminded: number
}> {
  const due = (await unsettledBnplPayments(deps.db, { statuses: REQUESTABLE_BNPL_STATUSES }))
    .map((p) => ({ p, reminder: reminderDue(p.deadline, deps.now) }))
    .filter(
      (d): d is { p: (typeof d)['p']; reminder: NonNullable<(typeof d)['reminder']> } => d.reminder !== null,
    )
  if (!due.length) return { reminded: 0 }
  const agencyIds = [...new Set(due.map((d) => d.p.agency_id))]
  const contacts = await deps.db
    .select({ id: agencies.id, email: agencies.email, finance_comms_email: agencies.finance_comms_email })
    .from(agencies)
    .where(inArray(agencies.id, agencyIds))
  let reminded = 0
  for (const { p, reminder } of due) {
    const agency = contacts.find((a) => a.id === p.agency_id)
    if (!agency) continue
    const days = BNPL_REMINDERS.find((r) => r.key === reminder)!.days
    const sent = await deps.mail(
      {
        to: financeRecipient(agency),
        ...bnplMails.settlementReminder({ ref: p.ref, amountCents: p.amount, deadline: p.deadline, days }),
      },
      { idempotencyKey: `bnpl-reminder-${p.policy_id}-${reminder}` },
    )
    if (!sent) continue
    reminded += 1
    await notify(
      deps.db,
      {
        eventType: 'BNPL_SETTLEMENT_REMINDER',
        title: `Buy now, pay later settlement due ${days === 1 ? 'tomorrow' : `in ${days} days`}`,
        message: `Policy ${p.ref} (${formatCents(p.amount)}) must be settled by ${formatDate(p.deadline)}`,
        link: agencyLinks.bnpl,
        meta: { policy_id: p.policy_id, reminder },
      },
      { agencyId: p.agency_id },
    )
  }
  return { reminded }
}
