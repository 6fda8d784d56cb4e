import { afterAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { eventually } from '../setup/eventually'
import { parseMetrics } from '../setup/prometheus-text'

// The worker process as `npm start` and production run it (`workers/main.ts`) on this file's task
// queue: the Temporal runtime's Prometheus metrics on WORKER_METRICS_PORT, SIGTERM through
// Temporal's worker.shutdown() to a clean exit, and no start on a database at other migrations.

const root = path.resolve(import.meta.dirname, '../..')
let child: ChildProcess | undefined

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
})

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

describe('the worker process', () => {
  it('serves the Temporal runtime metrics and stops cleanly on SIGTERM', async () => {
    const metricsPort = await freePort()
    child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['workers/main.ts'], {
      cwd: root,
      // Schedules off: the Temporal server is shared with the schedule tests of this run.
      env: { ...process.env, TEMPORAL_SCHEDULES: 'off', WORKER_METRICS_PORT: String(metricsPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (d) => (output += d))
    child.stderr!.on('data', (d) => (output += d))
    const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)))
    await eventually(async () => output.includes('polling task queue'), 'worker start', 90_000)

    const metrics = await eventually(async () => {
      const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
        (r) => r.text(),
        () => '',
      )
      const families = await parseMetrics(text)
      return Object.keys(families).some((n) => n.startsWith('temporal_')) && families
    }, 'the runtime metrics')
    expect(Object.keys(metrics).filter((n) => n.startsWith('temporal_')).length).toBeGreaterThan(3)

    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output).toMatch(/"message":"shutting down","signal":"SIGTERM"/)
    expect(output).toMatch(/"message":"stopped"/)
  }, 150_000)

  it('refuses to start on a database migrated by a newer release, as a web node does', async () => {
    await getDb().execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('worker-test-newer', 9999999999998)`,
    )
    try {
      const started = spawn(path.join(root, 'node_modules/.bin/tsx'), ['workers/main.ts'], {
        cwd: root,
        env: { ...process.env, TEMPORAL_SCHEDULES: 'off', WORKER_METRICS_PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child = started
      let output = ''
      started.stdout.on('data', (d) => (output += d))
      started.stderr.on('data', (d) => (output += d))
      const code = await new Promise<number | null>((r) => started.once('exit', (c) => r(c)))
      expect(code).toBe(1)
      expect(output).toMatch(/Refusing to start: The database has 1 migration\(s\) this code does not know/)
      expect(output).not.toMatch(/polling task queue/)
    } finally {
      await getDb().execute(sql`delete from drizzle.__drizzle_migrations where hash = 'worker-test-newer'`)
    }
  }, 60_000)
})
