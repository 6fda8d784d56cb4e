// The remind step of every workflow that waits for a person (payout, amendment, full refund,
// clawback): a deadline passed, so record the reminder or escalation once per key and tell people.
import { and, sql, type SQL } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import type { financeRequestHistories, policyHistories } from '../../db/schema'
import { mails } from '../mail/templates'
import type { StepDeps } from '../shared/step-deps'
import { markTasksEscalated } from './workflow-tasks'

/** A history table whose rows carry the reminder's key in `meta.key`. */
type KeyedHistory = typeof financeRequestHistories | typeof policyHistories

export type Reminder = {
  /** `${workflowId}/${runId}/...`: names this reminder, however often its activity is retried. */
  key: string
  workflowId: string
  escalate: boolean
  /** Where the reminder is recorded: the history table and the rows of this record. */
  history: { table: KeyedHistory; of: SQL | undefined }
  /** Writes the history row (its `meta` holding `key`) and the notification, in `tx`. */
  record: (tx: Tx) => Promise<void>
  /** The mail: to whom, what waits, and the app path it links to. */
  mail: { to: string; what: string; path: string }
}

/**
 * Records a reminder (or, with `escalate`, an escalation) once per key: the history row and the
 * notification commit together unless a row with this key is already there. Then the mail, at
 * most once per key (the mailer's idempotency key, so a retry whose first attempt committed but
 * did not mail sends it now), and an escalation marks the workflow's open tasks escalated.
 * Answers whether this call recorded it.
 */
export async function remindOnce(r: Reminder, { db, mail }: Pick<StepDeps, 'db' | 'mail'>): Promise<boolean> {
  const { table, of } = r.history
  const fresh = await db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ id: table.id })
      .from(table as typeof policyHistories)
      .where(and(of, sql`${table.meta}->>'key' = ${r.key}`))
      .limit(1)
    if (seen) return false
    await r.record(tx)
    return true
  })
  const { to, what, path } = r.mail
  await mail(
    { to, ...(r.escalate ? mails.escalation(what, path) : mails.reminder(what, path)) },
    { idempotencyKey: r.key },
  )
  if (r.escalate) await markTasksEscalated(r.workflowId)
  return fresh
}
