import { proxyActivities } from '@temporalio/workflow'
import type {
  BnplSettlementResult,
  InboxDeadlinesResult,
  InvoicesOverdueResult,
  LedgerReconciliationResult,
  NotificationMailsResult,
  ScheduledJobsActivities,
} from './scheduled-jobs.contract'

// Each job is one idempotent activity: a retry after a crash repeats nothing already done.
const acts = proxyActivities<ScheduledJobsActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 10 },
})

/** Schedule `invoices-overdue` (daily 00:15 business time). */
export async function invoicesOverdueJob(): Promise<InvoicesOverdueResult> {
  return acts.markInvoicesOverdue()
}

/** Schedule `inbox-deadlines` (hourly). */
export async function inboxDeadlinesJob(): Promise<InboxDeadlinesResult> {
  return acts.remindInboxDeadlines()
}

/** Schedule `bnpl-settlement` (daily 09:00 business time). */
export async function bnplSettlementJob(): Promise<BnplSettlementResult> {
  return acts.remindBnplSettlements()
}

/** Schedule `ledger-reconciliation` (nightly 02:00 business time). */
export async function ledgerReconciliationJob(): Promise<LedgerReconciliationResult> {
  return acts.reconcileLedgers()
}

/** Schedule `notification-mails` (every minute): notifications wanted at once. */
export async function notificationMailsJob(): Promise<NotificationMailsResult> {
  return acts.mailNotifications('immediate')
}

/** Schedule `notification-digests` (daily 07:00 business time): each person's daily digest. */
export async function notificationDigestsJob(): Promise<NotificationMailsResult> {
  return acts.mailNotifications('daily')
}
