// The web node as production runs it (`node build/web.mjs`, a cluster of two processes,
// OSHC_DEMO=false), started here on databases of its own (issue 28): it refuses a database at other
// migrations than its code's, `npm run migrate` brings one to them, its /metrics on METRICS_PORT
// sums its processes and carries the business gauges, and SIGTERM lets a request in flight finish
// before the node exits 0. Needs the build (the e2e stage builds first), no browser and no Temporal.
import { test, expect } from '@playwright/test'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import { family, parseMetrics, valueOf } from '../setup/prometheus-text'

const root = path.resolve(import.meta.dirname, '../..')
const server =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const run = randomBytes(3).toString('hex')
const databases: string[] = []
const children: ChildProcess[] = []

function dbUrl(name: string) {
  const u = new URL(server)
  u.pathname = `/${name}`
  return u.toString()
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = server): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

async function emptyDatabase(label: string) {
  const name = `oshc_prod_${label}_${run}`
  await admin((c) => c.query(`CREATE DATABASE ${name}`))
  databases.push(name)
  return dbUrl(name)
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

/** A production node's environment: a real deployment's settings, secrets from this run. */
function productionEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const k of Object.keys(env)) if (k.startsWith('OIDC_') || k === 'SECOND_FACTOR_RELAXED') delete env[k]
  return {
    ...env,
    NODE_ENV: 'production',
    OSHC_DEMO: 'false',
    SEED_ADMIN_PASSWORD: 'Production-Passw0rd!',
    RECAPTCHA_DISABLED: 'true',
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: '2',
    METRICS_PORT: '0',
    ...extra,
  }
}

/** `node build/web.mjs` with its output kept; `exit` resolves with its exit code. */
function startWeb(env: NodeJS.ProcessEnv) {
  const child = spawn('node', ['build/web.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exit, output: () => output }
}

async function waitForHealth(port: number, ms = 60_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the web node on ${port} did not come up`)
}

test.describe.configure({ mode: 'serial' })

test.afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  for (const name of databases) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
})

let migrated = ''

test('a web node refuses a database at other migrations; npm run migrate brings it to them', async () => {
  test.setTimeout(120_000)
  // Older: nothing applied.
  const fresh = await emptyDatabase('fresh')
  const older = startWeb(productionEnv(fresh, { PORT: String(await freePort()) }))
  expect(await older.exit).toBe(1)
  expect(older.output()).toMatch(
    /Refusing to start: The database lacks \d+ migration\(s\) of this code .*run `npm run migrate`/,
  )

  // Newer: a migration this code does not know.
  const newer = await emptyDatabase('newer')
  const m = spawnSync('npm', ['run', 'migrate', '--silent'], {
    cwd: root,
    env: productionEnv(newer),
    encoding: 'utf8',
  })
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
  const again = spawnSync('npm', ['run', 'migrate', '--silent'], {
    cwd: root,
    env: productionEnv(newer),
    encoding: 'utf8',
  })
  expect(again.status).toBe(1)
  expect(again.stderr).toMatch(/migrated by a newer release/)

  // The step itself: everything applied, then nothing new.
  const first = spawnSync('npm', ['run', 'migrate', '--silent'], {
    cwd: root,
    env: productionEnv(fresh),
    encoding: 'utf8',
  })
  expect(first.status, first.stderr).toBe(0)
  expect(first.stdout).toMatch(/Migrations current: \d+ applied, \d+ new/)
  const second = spawnSync('npm', ['run', 'migrate', '--silent'], {
    cwd: root,
    env: productionEnv(fresh),
    encoding: 'utf8',
  })
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
