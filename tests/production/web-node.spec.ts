// The web node as production runs it (`node build/web.mjs`, a cluster of two processes,
// OSHC_DEMO=false), started on databases of its own (tests/setup/production-system.ts): it refuses
// a database at other migrations than its code's, `npm run migrate` brings one to them, its /metrics on METRICS_PORT
// sums its processes and carries the business gauges, and SIGTERM lets a request in flight finish
// before the node exits 0. Needs the build, no browser and no Temporal.
import { test, expect } from '@playwright/test'
import { request as httpRequest } from 'node:http'
import { family, parseMetrics, valueOf } from '../setup/prometheus-text'
import {
  admin,
  createDatabase,
  freePort,
  migrate,
  productionEnv,
  startProcess,
  stopProductionSystem,
  waitForHealth,
} from '../setup/production-system'

const startWeb = (env: NodeJS.ProcessEnv) => startProcess('web', env)

test.describe.configure({ mode: 'serial' })

test.afterAll(stopProductionSystem)

let migrated = ''

test('a web node refuses a database at other migrations; npm run migrate brings it to them', async () => {
  test.setTimeout(120_000)
  // Older: nothing applied.
  const fresh = await createDatabase('fresh')
  const older = startWeb(productionEnv(fresh, { PORT: String(await freePort()) }))
  expect(await older.exit).toBe(1)
  expect(older.output()).toMatch(
    /Refusing to start: The database lacks \d+ migration\(s\) of this code .*run `npm run migrate`/,
  )

  // Newer: a migration this code does not know.
  const newer = await createDatabase('newer')
  const m = migrate(productionEnv(newer))
  expect(m.status, m.stderr).toBe(0)
  await admin(
    (c) =>
      c.query(`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('later', 9999999999999)`),
    newer,
  )
  const ahead = startWeb(productionEnv(newer, { PORT: String(await freePort()) }))
  expect(await ahead.exit).toBe(1)
  expect(ahead.output()).toMatch(
    /Refusing to start: The database has 1 migration\(s\) this code does not know/,
  )
  // The migration step refuses it too, rather than run older code's migrations over it.
  const again = migrate(productionEnv(newer))
  expect(again.status).toBe(1)
  expect(again.stderr).toMatch(/migrated by a newer release/)

  // The step itself: everything applied, then nothing new.
  const first = migrate(productionEnv(fresh))
  expect(first.status, first.stderr).toBe(0)
  expect(first.stdout).toMatch(/Migrations current: \d+ applied, \d+ new/)
  const second = migrate(productionEnv(fresh))
  expect(second.stdout).toMatch(/Migrations current: \d+ applied, nothing new/)
  migrated = fresh
})

test('the node serves /metrics for its processes, and SIGTERM lets a request in flight finish', async () => {
  test.setTimeout(120_000)
  expect(migrated, 'the migration test ran first').not.toBe('')
  // An open inbox task for the business gauges.
  await admin(
    (c) =>
      c.query(
        `INSERT INTO tasks (kind, subject, link, workflow_id, opened_at) VALUES ('topup', 'Top-up to check', '/staff/inbox', 'metrics-probe', now() - interval '90 seconds')`,
      ),
    migrated,
  )
  const port = await freePort()
  const metricsPort = await freePort()
  const web = startWeb(
    productionEnv(migrated, {
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      SHUTDOWN_TIMEOUT: '15s',
    }),
  )
  await waitForHealth(port)
  for (let i = 0; i < 4; i++) expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200)

  // The primary sums both processes; the business gauges come once.
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
  const metrics = await parseMetrics(text)
  const health = family(metrics, 'http_request_duration_seconds').data.find(
    (s) => s.labels.route === '/api/health',
  )
  expect(health?.labels).toMatchObject({ method: 'GET', status: '200' })
  expect(health?.count).toBeGreaterThanOrEqual(4)
  expect(family(metrics, 'oshc_db_pool_connections').data.length).toBe(3)
  expect(typeof valueOf(metrics, 'nodejs_eventloop_lag_p99_seconds')).toBe('number')
  expect(valueOf(metrics, 'oshc_open_approvals', { kind: 'topup', audience: 'staff' })).toBe(1)
  expect(valueOf(metrics, 'oshc_open_approval_oldest_age_seconds', { kind: 'topup' })).toBeGreaterThanOrEqual(
    90,
  )
  expect(text.match(/^# TYPE oshc_open_approvals gauge$/gm)).toHaveLength(1)

  // A sign-in whose body is still arriving when SIGTERM comes.
  const body = JSON.stringify({ email: 'nobody@example.test', password: 'Not-the-Passw0rd' })
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/authentication/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.write(body.slice(0, 10))
    setTimeout(() => {
      web.child.kill('SIGTERM')
      setTimeout(() => req.end(body.slice(10)), 1_500)
    }, 500)
  })
  const r = await answer
  expect(r.status, r.body).toBe(401)
  expect(JSON.parse(r.body)).toMatchObject({ success: false })
  expect(await web.exit).toBe(0)
  // The process serving it began draining with the request in flight, and finished it.
  expect(web.output()).toMatch(/"message":"draining","signal":"SIGTERM","pid":\d+,"in_flight":1\b/)
  expect(web.output()).not.toMatch(/shutdown deadline passed/)
  // Nothing listens any more.
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow()
})
