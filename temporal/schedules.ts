// The recurring jobs as Temporal Schedules (DESIGN.md section 10), created or updated by the
// worker at start. Ids are stable (they are how the Temporal UI and operators name them).
import { createHash } from 'node:crypto'
import {
  ScheduleAlreadyRunning,
  ScheduleNotFoundError,
  ServiceError,
  type CalendarSpec,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
  type Workflow,
} from '@temporalio/client'
import { config } from '../domain/shared/config'
import { temporalClient } from './client'
import {
  SCHEDULED_JOB_WORKFLOWS,
  SCHEDULE_IDS,
  type ScheduleId,
} from '../workflows/scheduled-jobs/scheduled-jobs.contract'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** `catchupWindow`: how late a missed run (server or worker down) may still start, in ms. */
type JobTiming = { calendar: CalendarSpec; catchupWindow: number }

/** When each job runs, in the business time zone. */
const TIMINGS: Record<ScheduleId, JobTiming> = {
  [SCHEDULE_IDS.invoicesOverdue]: {
    calendar: { hour: 0, minute: 15, comment: 'daily 00:15' },
    catchupWindow: DAY_MS,
  },
  [SCHEDULE_IDS.inboxDeadlines]: {
    calendar: { hour: '*', minute: 0, comment: 'hourly' },
    catchupWindow: HOUR_MS,
  },
  [SCHEDULE_IDS.bnplSettlement]: {
    calendar: { hour: 9, minute: 0, comment: 'daily 09:00' },
    catchupWindow: DAY_MS,
  },
  [SCHEDULE_IDS.ledgerReconciliation]: {
    calendar: { hour: 2, minute: 0, comment: 'nightly 02:00' },
    catchupWindow: DAY_MS,
  },
  [SCHEDULE_IDS.notificationMails]: {
    calendar: { hour: '*', minute: '*', comment: 'every minute' },
    catchupWindow: HOUR_MS,
  },
  [SCHEDULE_IDS.notificationDigests]: {
    calendar: { hour: 7, minute: 0, comment: 'daily 07:00' },
    catchupWindow: DAY_MS,
  },
}

/** The memo key holding a schedule definition's fingerprint (on its action, which can be updated). */
export const DEFINITION_MEMO_KEY = 'scheduleDefinition'

type Action = ScheduleOptionsStartWorkflowAction<Workflow>

/**
 * What every schedule should be: its spec (business time zone), its action (the job's workflow on
 * the worker's task queue) and its policies (never two runs of one job at once). The action's memo
 * carries a fingerprint of the rest, so a start can tell an unchanged schedule without comparing
 * the server's normalised form of the spec.
 */
export function scheduleDefinitions(
  opts: { taskQueue?: string; timezone?: string } = {},
): ScheduleOptions<Action>[] {
  const taskQueue = opts.taskQueue ?? config().TEMPORAL_TASK_QUEUE
  const timezone = opts.timezone ?? config().BUSINESS_TZ
  return (Object.entries(TIMINGS) as [ScheduleId, JobTiming][]).map(([scheduleId, timing]) => {
    const spec = { calendars: [timing.calendar], timezone }
    const action = {
      type: 'startWorkflow' as const,
      workflowType: SCHEDULED_JOB_WORKFLOWS[scheduleId],
      // The server appends the scheduled time: `invoices-overdue-2026-11-23T13:15:00Z`.
      workflowId: scheduleId,
      taskQueue,
      args: [],
      workflowExecutionTimeout: HOUR_MS,
    }
    const policies = { overlap: 'SKIP' as const, catchupWindow: timing.catchupWindow, pauseOnFailure: false }
    const fingerprint = createHash('sha256')
      .update(JSON.stringify({ spec, action, policies }))
      .digest('hex')
      .slice(0, 16)
    return {
      scheduleId,
      spec,
      action: { ...action, memo: { [DEFINITION_MEMO_KEY]: fingerprint } },
      policies,
    }
  })
}

/**
 * Runs a schedule call again when the server answered DEADLINE_EXCEEDED: a schedule's describe is
 * answered by its scheduler workflow, which a busy server can be slow to reach right after a change
 * (the Temporal TypeScript SDK's own schedule tests see the same, sdk-typescript#967). Every call
 * retried here is idempotent (a create that did land answers "already running" on its retry).
 */
export async function retryingDeadline<T>(call: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await call()
    } catch (err) {
      const deadline = err instanceof ServiceError && (err.cause as { code?: number } | undefined)?.code === 4
      if (!deadline || i >= attempts) throw err
      await new Promise((r) => setTimeout(r, 500 * i))
    }
  }
}

export type EnsuredSchedule = { scheduleId: string; outcome: 'created' | 'updated' | 'unchanged' }

/**
 * Creates the missing schedules and updates those whose definition changed; an unchanged one is
 * left alone (a second worker start changes nothing). A schedule paused in the Temporal UI stays
 * paused through an update. Safe to run from several workers at once.
 */
export async function ensureSchedules(
  opts: { client?: Client; taskQueue?: string; timezone?: string } = {},
): Promise<EnsuredSchedule[]> {
  const client = opts.client ?? (await temporalClient())
  const out: EnsuredSchedule[] = []
  for (const def of scheduleDefinitions(opts)) {
    const handle = client.schedule.getHandle(def.scheduleId)
    let current: Awaited<ReturnType<typeof handle.describe>> | undefined
    try {
      current = await retryingDeadline(() => handle.describe())
    } catch (err) {
      if (!(err instanceof ScheduleNotFoundError)) throw err
    }
    if (!current) {
      try {
        await retryingDeadline(() => client.schedule.create(def))
        out.push({ scheduleId: def.scheduleId, outcome: 'created' })
        continue
      } catch (err) {
        // Another worker created it between our describe and create: compare with theirs.
        if (!(err instanceof ScheduleAlreadyRunning)) throw err
        current = await retryingDeadline(() => handle.describe())
      }
    }
    const wanted = def.action.memo?.[DEFINITION_MEMO_KEY]
    const has =
      current.action.type === 'startWorkflow' ? current.action.memo?.[DEFINITION_MEMO_KEY] : undefined
    if (has === wanted) {
      out.push({ scheduleId: def.scheduleId, outcome: 'unchanged' })
      continue
    }
    await retryingDeadline(() =>
      handle.update((prev) => ({
        spec: def.spec,
        action: def.action,
        policies: def.policies,
        state: {
          paused: prev.state.paused,
          note: prev.state.note,
          remainingActions: prev.state.remainingActions,
        },
      })),
    )
    out.push({ scheduleId: def.scheduleId, outcome: 'updated' })
  }
  return out
}
