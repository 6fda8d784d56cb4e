import { requestedBankTopup } from '../setup/topups'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { outboxMails, tasks } from '../../db/schema'
import { sendMail } from '../../domain/mail/mailer'
import { resetConfig } from '../../domain/shared/config'
import { createApp } from '../../server/app'
import { businessRegistry } from '../../server/observability/business-metrics'
import { startProcessMetrics, processRegistry } from '../../server/observability/metrics'
import { migrationProblem, migrationStatus } from '../../server/observability/migration-status'
import { WORKER_POLL_WINDOW_S } from '../../server/observability/readiness'
import { closeTemporalClient } from '../../temporal/client'
import { agencyWithToken, api, staffToken } from '../setup/api'
import { eventually } from '../setup/eventually'
import { family, parseMetrics, valueOf } from '../setup/prometheus-text'
import { smtpStandIn } from '../setup/smtp-stand-in'
import { startWorker } from '../setup/worker'

// /api/ready and the metrics against the real PostgreSQL and Temporal dev server, through the
// server's own request chain (createApp) on a real port.

let server: Server
let base: string
let stopWorker: () => Promise<void>

beforeAll(async () => {
  stopWorker = await startWorker()
  startProcessMetrics()
  // Pages are never asked for here: the Remix build is not loaded.
  const app = createApp({ build: () => Promise.reject(new Error('no pages in this test')) })
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((r) => server.close(r))
  await stopWorker()
})

const ready = async () => {
  const r = await fetch(`${base}/api/ready`)
  return { status: r.status, body: (await r.json()) as { status: string; failed: string[]; checks: any } }
}

/** Runs `fn` with some environment variables changed (the configuration read again), then restores them. */
async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]))
  Object.assign(process.env, vars)
  resetConfig()
  await closeTemporalClient()
  try {
    return await fn()
  } finally {
    for (const [k, v] of Object.entries(saved)) process.env[k] = v
    resetConfig()
    await closeTemporalClient()
  }
}

describe('/api/ready', () => {
  it('answers 200 when the database, its migrations, Temporal and a polling worker are there', async () => {
    const r = await eventually(async () => {
      const x = await ready()
      return x.status === 200 && x
    }, 'ready')
    expect(r.body).toMatchObject({
      status: 'ready',
      failed: [],
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        temporal: { ok: true },
        worker: { ok: true },
      },
    })
    expect(r.body.checks.worker.last_poll_seconds_ago).toBeLessThanOrEqual(WORKER_POLL_WINDOW_S)
  })

  it('answers 503 naming the migrations when the database is newer than the code', async () => {
    await getDb().execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', 9999999999999)`,
    )
    try {
      const r = await ready()
      expect(r.status).toBe(503)
      expect(r.body.failed).toEqual(['migrations'])
      expect(r.body.checks.migrations.error).toMatch(/1 migration\(s\) newer than this code/)
      const status = await migrationStatus()
      expect(status).toMatchObject({ current: false, unknown: 1 })
      expect(migrationProblem(status)).toMatch(/migrated by a newer release/)
    } finally {
      await getDb().execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-release'`)
    }
  })

  it('answers 503 naming the migrations when the database lacks one of the code', async () => {
    const [last] = (
      await getDb().execute<{ id: number; hash: string; created_at: string }>(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows
    await getDb().execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`)
    try {
      const r = await ready()
      expect(r.status).toBe(503)
      expect(r.body.checks.migrations.error).toBe(
        '1 migration(s) of this code are not applied (npm run migrate)',
      )
      expect(migrationProblem(await migrationStatus())).toMatch(/run `npm run migrate`/)
    } finally {
      await getDb().execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      )
    }
    expect((await migrationStatus()).current).toBe(true)
  })

  it('answers 503 naming the worker when nothing polls the task queue', async () => {
    const r = await withEnv({ TEMPORAL_TASK_QUEUE: `nobody-polls-${Date.now()}` }, ready)
    expect(r.status).toBe(503)
    expect(r.body.failed).toEqual(['worker'])
    expect(r.body.checks.worker).toMatchObject({ ok: false, last_poll_seconds_ago: null })
    expect(r.body.checks.worker.error).toMatch(
      /no worker has polled task queue nobody-polls-\d+ in the last 70 s/,
    )
  })

  it('answers 503 naming Temporal when it cannot be reached, and tells no secret', async () => {
    const r = await withEnv({ TEMPORAL_ADDRESS: '127.0.0.1:1' }, ready)
    expect(r.status).toBe(503)
    expect(r.body.failed).toEqual(['temporal', 'worker'])
    expect(r.body.checks.database.ok).toBe(true)
    const text = JSON.stringify(r.body)
    for (const secret of [process.env.DATABASE_URL!, process.env.APP_SECRET!, '127.0.0.1:1'])
      expect(text).not.toContain(secret)
    // Temporal back: ready again (the failed connection was not kept).
    expect((await ready()).status).toBe(200)
  })
})

describe('metrics', () => {
  it('time requests by endpoint row and status, and count the pool and the event loop', async () => {
    await (await fetch(`${base}/api/health`)).text()
    await (await fetch(`${base}/api/reference/no-such-thing/42`)).text()
    // A request is timed when its connection lets go of the response, just after the client has it.
    await new Promise((r) => setTimeout(r, 100))
    const families = await parseMetrics(await processRegistry.metrics())
    const durations = family(families, 'http_request_duration_seconds')
    expect(durations.type).toBe('histogram')
    const health = durations.data.find((m) => m.labels?.route === '/api/health')
    expect(health?.labels).toMatchObject({ method: 'GET', status: '200' })
    expect(Number(health?.count)).toBeGreaterThanOrEqual(1)
    expect(durations.data.some((m) => m.labels?.route === '/api (no such endpoint)')).toBe(true)
    // Readiness is answered beside the table, and labelled as itself.
    expect(durations.data.some((m) => m.labels?.route === '/api/ready')).toBe(true)
    expect(valueOf(families, 'oshc_db_pool_connections', { state: 'total' })).toBeGreaterThan(0)
    expect(family(families, 'nodejs_eventloop_lag_p99_seconds').type).toBe('gauge')
  })

  it('the business gauges: open approvals move when a task is opened and decided; the last reconciliation', async () => {
    const registry = businessRegistry()
    const read = async () => parseMetrics(await registry.metrics())
    const { agency, token } = await agencyWithToken()
    const before = await read()
    expect(valueOf(before, 'oshc_overdue_invoices')).toBeTypeOf('number')
    expect(valueOf(before, 'oshc_unmatched_statement_lines')).toBeTypeOf('number')
    expect(valueOf(before, 'oshc_reconciliation_last_finished_timestamp_seconds')).toBeTypeOf('number')
    // A finished reconciliation run that found two mismatches is what the gauges show.
    await getDb().execute(
      sql`insert into reconciliation_runs (started_at, finished_at, mismatch_count) values (now() - interval '1 minute', now(), 2)`,
    )
    await new Promise((r) => setTimeout(r, 250))
    const reconciled = await read()
    expect(valueOf(reconciled, 'oshc_reconciliation_last_mismatches')).toBe(2)
    expect(
      Math.abs(
        valueOf(reconciled, 'oshc_reconciliation_last_finished_timestamp_seconds')! - Date.now() / 1000,
      ),
    ).toBeLessThan(60)

    // A bank top-up opens an inbox task for staff.
    const paidOn = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const topupId = await requestedBankTopup({ agencyId: agency.id, token }, 120, paidOn)
    const [task] = await getDb()
      .select({ kind: tasks.kind, audience: tasks.audience })
      .from(tasks)
      .where(eq(tasks.workflow_id, `topup-${topupId}`))
    const labels = { kind: task.kind, audience: task.audience }
    const open = (families: Awaited<ReturnType<typeof parseMetrics>>) =>
      valueOf(families, 'oshc_open_approvals', labels) ?? 0
    await new Promise((r) => setTimeout(r, 250))
    const opened = await read()
    expect(open(opened)).toBe(open(before) + 1)
    expect(valueOf(opened, 'oshc_open_approval_oldest_age_seconds', labels)).toBeGreaterThanOrEqual(0)

    const rejected = await api('POST', '/oshc/finance-management/topUpReject', {
      token: await staffToken(),
      body: { agencyId: agency.id, reason: 'Not on the statement' },
    })
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
    await new Promise((r) => setTimeout(r, 250))
    expect(open(await read())).toBe(open(before))
  })

  it('failed mails in the outbox: a failed attempt is kept without secrets, counted, and taken over by its retry', async () => {
    const registry = businessRegistry()
    const read = async () => parseMetrics(await registry.metrics())
    const failedMails = async () => valueOf(await read(), 'oshc_outbox_failed_mails')!
    const before = await failedMails()
    const key = `metrics-test-${Date.now()}`
    const mail = { to: 'Failing@example.test', subject: 'A reminder', text: 'Please act.' }
    const rowOf = async () =>
      (await getDb().select().from(outboxMails).where(eq(outboxMails.idempotency_key, key)))[0]

    // Nothing listens on port 1: every attempt fails. The password is in the URL, never in the row.
    await withEnv({ SMTP_URL: 'smtp://mailer:Sup3r-secret@127.0.0.1:1' }, async () => {
      await expect(sendMail(mail, { idempotencyKey: key })).rejects.toThrow()
      await expect(sendMail(mail, { idempotencyKey: key })).rejects.toThrow()
      await expect(sendMail({ ...mail, subject: 'Your code', text: 'Code 123456' })).rejects.toThrow()
    })
    const failed = await rowOf()
    expect(failed).toMatchObject({ to: 'failing@example.test', attempts: 2, sent_at: null })
    expect(failed.failed_at).toBeInstanceOf(Date)
    expect(failed.last_error).toMatch(/ECONNREFUSED/)
    const [unkeyed] = await getDb()
      .select()
      .from(outboxMails)
      .where(sql`${outboxMails.to} = 'failing@example.test' and ${outboxMails.subject} = 'Your code'`)
    expect(unkeyed).toMatchObject({ attempts: 1, sent_at: null })
    expect(unkeyed.text).not.toContain('123456')
    for (const row of [failed, unkeyed]) expect(JSON.stringify(row)).not.toContain('Sup3r-secret')
    const failing = await read()
    expect(valueOf(failing, 'oshc_outbox_failed_mails')).toBe(before + 2)
    expect(valueOf(failing, 'oshc_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(0)

    // The workflow's retry, once the mail server answers, sends the failed mail once.
    const smtp = await smtpStandIn()
    try {
      await withEnv({ SMTP_URL: smtp.url }, async () => {
        expect(await sendMail(mail, { idempotencyKey: key })).toBe(true)
        expect(await sendMail(mail, { idempotencyKey: key })).toBe(false)
      })
    } finally {
      await smtp.close()
    }
    expect(smtp.received).toHaveLength(1)
    expect(await rowOf()).toMatchObject({ attempts: 3, failed_at: null })
    expect((await rowOf()).sent_at).toBeInstanceOf(Date)
    // The unkeyed mail stays failed: nothing retries it.
    expect(await failedMails()).toBe(before + 1)
  })
})
