import type { Request, Response } from 'express'
import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { config } from '../../domain/shared/config'
import { temporalClient } from '../../temporal/client'
import { migrationStatus } from './migration-status'
import { isDraining } from './draining'

/** Each check gives up after this long: a load balancer's probe must not hang. */
const CHECK_TIMEOUT_MS = 3_000
/**
 * A worker whose last poll of the task queue began longer ago than this is taken as gone. Temporal
 * records when a poll begins and holds an idle long poll open for up to a minute, so a healthy idle
 * worker's last poll can be 60 s old (measured on the dev server: 0 to 59 s, then again from 0);
 * the margin keeps readiness from flapping at the turn of each poll.
 */
export const WORKER_POLL_WINDOW_S = 70

// TaskQueueKind.NORMAL and TaskQueueType.WORKFLOW / ACTIVITY of Temporal's API (temporal.api.enums.v1).
const KIND_NORMAL = 1
const QUEUE_TYPES = [1, 2] as const

export type Check = { ok: boolean; error?: string } & Record<string, unknown>
export type Readiness = { ready: boolean; failed: string[]; checks: Record<string, Check> }

class Timeout extends Error {}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/**
 * What failed, without the failure's own words: a driver's message may hold a host, a user or a
 * connection string. A code (ECONNREFUSED, 28P01, gRPC's 14) or "timeout" says enough to act on.
 */
function failure(err: unknown): string {
  if (err instanceof Timeout) return `no answer within ${CHECK_TIMEOUT_MS} ms`
  const code = (err as { code?: unknown }).code
  return typeof code === 'string' || typeof code === 'number' ? `unreachable (${code})` : 'unreachable'
}

async function check(run: () => Promise<Check>): Promise<Check> {
  try {
    return await within(CHECK_TIMEOUT_MS, run())
  } catch (err) {
    return { ok: false, error: failure(err) }
  }
}

async function databaseCheck(): Promise<Check> {
  await getDb().execute(sql`select 1`)
  return { ok: true }
}

async function migrationsCheck(): Promise<Check> {
  const s = await migrationStatus()
  if (s.current) return { ok: true, applied: s.applied }
  return {
    ok: false,
    applied: s.applied,
    expected: s.expected,
    error: s.unknown
      ? `the database has ${s.unknown} migration(s) newer than this code`
      : `${s.pending.length} migration(s) of this code are not applied (npm run migrate)`,
  }
}

async function temporalCheck(): Promise<Check> {
  const client = await temporalClient()
  await client.connection.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () =>
    client.workflowService.getSystemInfo({}),
  )
  return { ok: true }
}

/** The most recent poll of the task queue by any worker (workflow or activity pollers). */
async function workerCheck(): Promise<Check> {
  const client = await temporalClient()
  const { TEMPORAL_NAMESPACE: namespace, TEMPORAL_TASK_QUEUE: queue } = config()
  let last = 0
  for (const taskQueueType of QUEUE_TYPES) {
    const { pollers } = await client.connection.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () =>
      client.workflowService.describeTaskQueue({
        namespace,
        taskQueue: { name: queue, kind: KIND_NORMAL },
        taskQueueType,
      }),
    )
    for (const p of pollers ?? []) {
      const t = p.lastAccessTime
      if (t?.seconds != null) last = Math.max(last, Number(t.seconds) * 1000 + (t.nanos ?? 0) / 1e6)
    }
  }
  const age = last ? Math.max(0, Math.round((Date.now() - last) / 1000)) : null
  if (age !== null && age <= WORKER_POLL_WINDOW_S) return { ok: true, last_poll_seconds_ago: age }
  return {
    ok: false,
    last_poll_seconds_ago: age,
    error: `no worker has polled task queue ${queue} in the last ${WORKER_POLL_WINDOW_S} s`,
  }
}

/**
 * Readiness (DESIGN.md section 17): the database answers, its migrations are this code's, Temporal
 * answers and a worker polled the task queue within the last minute. The checks run side by side,
 * each with its own deadline. A web process that is shutting down is not ready.
 */
export async function readiness(): Promise<Readiness> {
  const [database, migrations, temporal, worker] = await Promise.all([
    check(databaseCheck),
    check(migrationsCheck),
    check(temporalCheck),
    check(workerCheck),
  ])
  const checks: Record<string, Check> = { database, migrations, temporal, worker }
  if (isDraining()) checks.process = { ok: false, error: 'shutting down' }
  const failed = Object.entries(checks)
    .filter(([, c]) => !c.ok)
    .map(([name]) => name)
  return { ready: failed.length === 0, failed, checks }
}

/** GET /api/ready: 200 when ready, 503 naming what failed; never cached. */
export async function serveReadiness(_req: Request, res: Response) {
  const r = await readiness()
  res
    .status(r.ready ? 200 : 503)
    .set('Cache-Control', 'no-store')
    .json({ status: r.ready ? 'ready' : 'not ready', failed: r.failed, checks: r.checks })
}
