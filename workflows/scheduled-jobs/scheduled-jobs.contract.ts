/**
 * Contract of the scheduled jobs (DESIGN.md section 10): one Temporal Schedule per job, with a
 * stable id, whose action starts a short workflow that calls one idempotent activity. Schedule ids,
 * workflow type names and activity results are persisted in schedules and workflow histories:
 * change them only in backward-compatible ways.
 */

export const SCHEDULE_IDS = {
  invoicesOverdue: 'invoices-overdue',
  inboxDeadlines: 'inbox-deadlines',
  bnplSettlement: 'bnpl-settlement',
  ledgerReconciliation: 'ledger-reconciliation',
  notificationMails: 'notification-mails',
  notificationDigests: 'notification-digests',
} as const
export type ScheduleId = (typeof SCHEDULE_IDS)[keyof typeof SCHEDULE_IDS]

/** The workflow type each schedule starts (exported under these names by workflows/index.ts). */
export const SCHEDULED_JOB_WORKFLOWS = {
  'invoices-overdue': 'invoicesOverdueJob',
  'inbox-deadlines': 'inboxDeadlinesJob',
  'bnpl-settlement': 'bnplSettlementJob',
  'ledger-reconciliation': 'ledgerReconciliationJob',
  'notification-mails': 'notificationMailsJob',
  'notification-digests': 'notificationDigestsJob',
} as const satisfies Record<ScheduleId, string>

export type InvoicesOverdueResult = { overdue: number }
export type InboxDeadlinesResult = { reminded: number; escalated: number }
export type BnplSettlementResult = { reminded: number }
export type LedgerReconciliationResult = { runId: number; mismatchCount: number }
export type NotificationMailsResult = { mailed: number; settled: number }

/** Activities the job workflows call; implemented in scheduled-jobs.activities.ts. */
export interface ScheduledJobsActivities {
  /** PENDING / PARTIALLY_PAID invoices past due_date (business date) -> OVERDUE, each once. */
  markInvoicesOverdue(): Promise<InvoicesOverdueResult>
  /** Unowned inbox tasks past due: reminder, then escalation, each once per task. */
  remindInboxDeadlines(): Promise<InboxDeadlinesResult>
  /** BNPL settlement reminders (domain/finance/bnpl/remind-bnpl-settlements.ts). */
  remindBnplSettlements(): Promise<BnplSettlementResult>
  /** One ledger reconciliation run; a mismatch opens a staff task and mails finance. */
  reconcileLedgers(): Promise<LedgerReconciliationResult>
  /** Notifications mailed at once (`immediate`) or as each person's daily digest (`daily`). */
  mailNotifications(mode: 'immediate' | 'daily'): Promise<NotificationMailsResult>
}
