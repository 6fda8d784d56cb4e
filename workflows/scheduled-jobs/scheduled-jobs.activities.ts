import type { ScheduledJobsActivities } from './scheduled-jobs.contract'
import { markInvoicesOverdue } from '../../domain/finance/invoices/mark-invoices-overdue'
import { reconcileLedgers } from '../../domain/finance/reconciliation/reconcile-ledgers'
import { remindBnplSettlements } from '../../domain/finance/bnpl/remind-bnpl-settlements'
import { remindInboxDeadlines } from '../../domain/tasks/remind-inbox-deadlines'
import { mailNotifications } from '../../domain/notifications/mail-notifications'
import { config } from '../../domain/shared/config'
import type { ActivityDeps } from '../../workers/activities/deps'
import { nonRetryable } from '../../workers/activities/errors'

/**
 * The scheduled jobs' activities over the domain layer, on `deps` (database, mailer, clock). Each
 * job is idempotent: a retried activity completes what a crashed attempt left and repeats nothing
 * (a reconciliation retried after its run was written writes a second, equally true run).
 */
export function createScheduledJobsActivities(deps: ActivityDeps): ScheduledJobsActivities {
  return {
    markInvoicesOverdue: () =>
      nonRetryable(() =>
        markInvoicesOverdue({ db: deps.db, now: deps.clock.now(), timeZone: config().BUSINESS_TZ }),
      ),
    remindInboxDeadlines: () =>
      nonRetryable(() => remindInboxDeadlines({ db: deps.db, mail: deps.mail, now: deps.clock.now() })),
    remindBnplSettlements: () =>
      nonRetryable(() => remindBnplSettlements({ db: deps.db, mail: deps.mail, now: deps.clock.now() })),
    reconcileLedgers: () =>
      nonRetryable(async () => {
        const run = await reconcileLedgers({
          db: deps.db,
          mail: deps.mail,
          clock: deps.clock,
          trigger: 'schedule',
        })
        return { runId: run.id, mismatchCount: run.mismatch_count }
      }),
    mailNotifications: (mode) =>
      nonRetryable(() => mailNotifications({ db: deps.db, mail: deps.mail, now: deps.clock.now(), mode })),
  }
}
