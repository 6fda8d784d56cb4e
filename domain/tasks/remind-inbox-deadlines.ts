import { and, eq, isNull, like, lte, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { notifications, tasks } from '../../db/schema'
import type { sendMail } from '../mail/mailer'
import { mails } from '../mail/templates'
import { notify } from '../notifications/notify'
import { config, financeTeamEmail } from '../shared/config'
import { durationMs } from '../shared/duration'
import { formatDateTime } from '../shared/format'

/**
 * Inbox tasks that no workflow waits on (a workflow reminds and escalates its own): bank payment
 * verifications, top-ups, BNPL payment requests, reconciliation mismatches, NexPay deliveries held
 * for staff and payout bank-detail changes, named by the prefix
 * of the id their opener gives syncWorkflowTasks. The workflow-owned ones (agency-onboarding-,
 * payment-link-, payout-, amendment-, full-refund-, clawback-) are never touched here.
 */
export const UNOWNED_TASK_PREFIXES = [
  'topup-',
  'policy-payment-',
  'bnpl-',
  'reconciliation-',
  'nexpay-',
  'bank-change-',
  'card-dispute-',
] as const

export const taskReminderKey = (taskId: number) => `task-${taskId}-reminder`
export const taskEscalationKey = (taskId: number) => `task-${taskId}-escalation`

/**
 * The hourly inbox job (schedule `inbox-deadlines`). Every open staff task of an unowned kind
 * whose due_at is INBOX_REMINDER_AFTER behind `now` gets a reminder (mail to the finance team and
 * a notification to staff holding finance); once it is INBOX_ESCALATION_AFTER behind, an
 * escalation (escalated_at set, mail, notification). Each step happens once per task: the mail is
 * keyed (`task-<id>-reminder`, `task-<id>-escalation`) and sent first, then the notification is
 * written under the task's row lock only if not written before (the reminder) or with the
 * escalated_at claim (the escalation), so a retry after a crash completes a step without
 * repeating it. An escalated task is not looked at again.
 */
export async function remindInboxDeadlines(deps: InboxDeps) {
  const remindAfter = deps.remindAfterMs ?? durationMs(config().INBOX_REMINDER_AFTER)
  const escalateAfter = deps.escalateAfterMs ?? durationMs(config().INBOX_ESCALATION_AFTER)
  const now = deps.now.getTime()
  const due = await unownedTasksDue(deps.db, new Date(now - remindAfter))
  let reminded = 0
  let escalated = 0
  for (const t of due) {
    if (await remindTask(deps, t)) reminded++
    if (!t.due_at || now < t.due_at.getTime() + escalateAfter) continue
    if (await escalateTask(deps, t)) escalated++
  }
  return { reminded, escalated }
}

type InboxDeps = {
  db: Db
  mail: typeof sendMail
  now: Date
  remindAfterMs?: number
  escalateAfterMs?: number
}

type DueTask = Awaited<ReturnType<typeof unownedTasksDue>>[number]

/** The open, not escalated staff tasks of an unowned kind due at or before `dueBy`, oldest first. */
function unownedTasksDue(db: Db, dueBy: Date) {
  return db
    .select({
      id: tasks.id,
      subject: tasks.subject,
      link: tasks.link,
      due_at: tasks.due_at,
      agency_id: tasks.agency_id,
    })
    .from(tasks)
    .where(
      and(
        isNull(tasks.closed_at),
        isNull(tasks.escalated_at),
        eq(tasks.audience, 'staff'),
        lte(tasks.due_at, dueBy),
        or(...UNOWNED_TASK_PREFIXES.map((p) => like(tasks.workflow_id, `${p}%`))),
      ),
    )
    .orderBy(tasks.due_at, tasks.id)
}

const whatOf = (t: DueTask) => `${t.subject} (due ${formatDateTime(t.due_at)})`

/** The staff notification of a task's reminder or escalation (staff holding finance). */
function noticeTask(tx: Tx, t: DueTask, eventType: 'TASK_REMINDER' | 'TASK_ESCALATED', title: string) {
  return notify(
    tx,
    { eventType, title, message: whatOf(t), link: t.link, meta: { task_id: t.id, agency_id: t.agency_id } },
    { staffPermission: 'finance' },
  )
}

/**
 * The reminder: the keyed mail first, then the notification under the task's row lock, unless the
 * task closed or one was written before. Answers whether this call mailed it.
 */
async function remindTask(deps: InboxDeps, t: DueTask) {
  const mailed = await deps.mail(
    { to: financeTeamEmail(), ...mails.reminder(whatOf(t), t.link) },
    { idempotencyKey: taskReminderKey(t.id) },
  )
  await deps.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, t.id), isNull(tasks.closed_at)))
      .for('update')
    if (!open) return
    const [already] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.event_type, 'TASK_REMINDER'),
          sql`${notifications.meta} @> ${JSON.stringify({ task_id: t.id })}::jsonb`,
        ),
      )
      .limit(1)
    if (already) return
    await noticeTask(tx, t, 'TASK_REMINDER', 'Reminder: a task is past due')
  })
  return mailed
}

/**
 * The escalation: the keyed mail first, then the escalated_at claim (still open, not escalated)
 * with its notification. Answers whether this call claimed it.
 */
async function escalateTask(deps: InboxDeps, t: DueTask) {
  await deps.mail(
    { to: financeTeamEmail(), ...mails.escalation(whatOf(t), t.link) },
    { idempotencyKey: taskEscalationKey(t.id) },
  )
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({ escalated_at: deps.now })
      .where(and(eq(tasks.id, t.id), isNull(tasks.closed_at), isNull(tasks.escalated_at)))
      .returning({ id: tasks.id })
    if (!row) return false
    await noticeTask(tx, t, 'TASK_ESCALATED', 'Escalation: a task is still waiting')
    return true
  })
}
