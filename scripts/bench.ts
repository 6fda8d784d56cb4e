// `npm run bench`: the app measured from outside, as users run it — the production build
// (build/web.mjs on WEB_CONCURRENCY processes, build/worker.mjs) as separate processes — beside a
// bare node:http + pg server answering one small SELECT, alternated in the same run (baseline,
// app, baseline, app). Not a test: it prints a table. Its own database on the test server (100k
// policies over 500 agencies) and its own Temporal dev server from the local CLI.
// `npm run bench -- --only dashboard` runs only the scenarios whose name holds that text
// (case-insensitive; several texts separated by commas: `--only quote,money`); the database is
// seeded the same way. The database and the plans are in bench-seed.ts, the measuring and the
// table in bench-measure.ts, the decisions through Temporal Updates in bench-decisions.ts, the money
// scenarios (sale, balance, statement) in bench-money.ts and the bank statement in bench-statements.ts.
// BENCH_DB, BENCH_APP_PORT, BENCH_BASE_PORT and BENCH_TEMPORAL_PORT move the run off its defaults.
import { spawn, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { build } from './build.mjs'
// The module as a whole: an older checkout's lib.mjs (before its signing secrets) runs this too.
import * as lib from './lib.mjs'
import { createBenchDatabase, printPlans, seedBenchDatabase } from './bench-seed'
import { bearer, cookie, line, measuring, printTable, run } from './bench-measure'
import { cpuPerRequest } from './bench-cpu'
import { decisionScenarios } from './bench-decisions'
import { pageFloors } from './bench-floor'
import { moneyScenarios } from './bench-money'
import { statementScenario } from './bench-statements'

const { buildIsStale, waitForPort } = lib

const server =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DB = process.env.BENCH_DB ?? 'oshc_bench'
const AGENCIES = Number(process.env.BENCH_AGENCIES ?? 500)
const POLICIES = Number(process.env.BENCH_POLICIES ?? 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 120)
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3300)
const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 3301)
const TEMPORAL_PORT = Number(process.env.BENCH_TEMPORAL_PORT ?? 7500)
const onlyAt = process.argv.indexOf('--only')
const ONLY = (onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? '').toLowerCase() : '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
/** Whether a scenario runs (all without `--only`). */
const wanted = (name: string) => !ONLY.length || ONLY.some((o) => name.toLowerCase().includes(o))

const children: ChildProcess[] = []
function child(
  name: string,
  cmd: string,
  args: string[],
  env: Record<string, string | undefined> = process.env,
) {
  const c = spawn(cmd, args, { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'ignore', 'pipe'] })
  c.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d}`))
  children.push(c)
  return c
}
const stopAll = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('exit', stopAll)

// ── database ────────────────────────────────────────────────────────────────────────────────
const DATABASE_URL = await createBenchDatabase(server, DB, TEMPORAL_PORT)
const db = await seedBenchDatabase(DATABASE_URL, AGENCIES, POLICIES)
const { closeDb } = await import('../db/client')
await printPlans(db)

// ── processes: Temporal, the app (web + worker), the bare baseline ──────────────────────────
const temporalCli = process.env.TEMPORAL_CLI ?? path.resolve('.tools/bin/temporal')
child('temporal', temporalCli, [
  'server',
  'start-dev',
  '--headless',
  '--ip',
  '127.0.0.1',
  '--port',
  String(TEMPORAL_PORT),
  '--log-level',
  'error',
])
await waitForPort(TEMPORAL_PORT, 'Temporal dev server')
if (buildIsStale()) await build()
const WEB = Number(process.env.WEB_CONCURRENCY ?? availableParallelism())
const appEnv = {
  ...process.env,
  NODE_ENV: 'production',
  OSHC_DEMO: 'true',
  // As `npm start` runs the demo (scripts/start.mjs): without it the seeded admin, who approves
  // money, must enrol a second factor first, and every staff page answers that redirect.
  SECOND_FACTOR_RELAXED: 'true',
  DATABASE_URL,
  PORT: String(APP_PORT),
  WEB_CONCURRENCY: String(WEB),
  // The benchmark is one client from one IP: lift the public API's per-minute limits.
  PUBLIC_CLIENT_RATE_LIMIT: '100000000',
  PUBLIC_IP_RATE_LIMIT: '100000000',
  TEMPORAL_SCHEDULES: 'off',
  DATA_DIR: path.resolve('.data/bench'),
}
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2)
// BENCH_PROFILE=<dir>: each web process writes a V8 CPU profile there when it stops, each worker
// one in <dir>/workers (read them with `node scripts/bench-profile.mjs <dir>`); best with `--only`
// one scenario.
const PROFILE = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null
const profiling = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : []
const workerProfiling = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE, 'workers')}`] : []
const workers = Array.from({ length: WORKERS }, (_, i) =>
  child(`worker${i}`, 'node', [...workerProfiling, 'build/worker.mjs'], appEnv),
)
const web = child('web', 'node', [...profiling, 'build/web.mjs'], appEnv)
child('baseline', 'node', ['scripts/bench-baseline.mjs'], { ...appEnv, PORT: String(BASE_PORT) })
await waitForPort(APP_PORT, 'app')
await waitForPort(BASE_PORT, 'baseline')
const APP = `http://127.0.0.1:${APP_PORT}`
const BASELINE = `http://127.0.0.1:${BASE_PORT}/`

async function login(email: string, password: string) {
  const r = await fetch(`${APP}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!r.ok) throw new Error(`login ${email}: ${r.status}`)
  return (await r.json()).data.token as string
}
const staff = await login('admin@oshc.local', 'Admin-Passw0rd!')
const agency = await login('agency@demo.local', 'Agency-Passw0rd!')
// ── measuring ───────────────────────────────────────────────────────────────────────────────
const { rows, cannon, scenario } = measuring({ APP, BASELINE, SECONDS, wanted, webPid: web.pid })

console.log(`App: ${WEB} web processes, ${WORKERS} workers; baseline: node:http + pg, one SELECT`)
await scenario(
  'quote API (agency, 6 insurers)',
  '/api/insurances/quotes?policyType=SINGLE&startDate=2027-02-01&endDate=2028-01-31',
  32,
  bearer(agency),
  { rps: 1500, p99: 60, ratio: 0.2 },
)

// The public integration: a website client of the demo agency and its 15-minute token.
const profile = await fetch(`${APP}/api/authentication/getAgencyAgencyUserAndOshcUserData`, {
  headers: bearer(agency),
})
const agencyId = (await profile.json()).data.agencyId as number
const made = await fetch(`${APP}/api/wordpress/agencyAddPublicClient/${agencyId}`, {
  method: 'POST',
  headers: { ...bearer(agency), 'content-type': 'application/json' },
  body: JSON.stringify({
    name: `Bench ${Date.now()}`,
    type: 'IN_APP',
    whitelist_url: ['https://bench.example.com'],
  }),
})
if (made.status !== 201) throw new Error(`agencyAddPublicClient: ${made.status} ${await made.text()}`)
const client = (await made.json()).data as { client_id: string; client_secret: string }
const issued = await fetch(`${APP}/api/wordpress/validateClientOAuth`, {
  method: 'POST',
  headers: { 'x-client-id': client.client_id, 'x-client-secret': client.client_secret },
})
const widget = {
  'x-client-id': client.client_id,
  'x-access-token': (await issued.json()).data.token as string,
}
await scenario(
  'public quote API (widget token, 6 insurers)',
  '/api/wordpress/quotes?policyType=SINGLE&startDate=2027-02-01&endDate=2028-01-31',
  32,
  widget,
  { rps: 1000, p99: 80, ratio: 0.2 },
)
await scenario(
  `policy list API over ${POLICIES / 1000}k (2 statuses, insurer, sort, page 3)`,
  '/api/oshc/policy-management/getPoliciesByStatus?status=PURCHASED&status=PAYMENT_APPROVED&provider_filter=1&sort_key=start_date&sort_direction=true&page=3&perPage=25',
  8,
  bearer(staff),
  { ratio: 0.08, p99: 40 },
)
await scenario(
  `policy text search API over ${POLICIES / 1000}k`,
  '/api/oshc/policy-management/getPoliciesByStatus?global_filter=Student4242&perPage=25',
  8,
  bearer(staff),
  { ratio: 0.05, p99: 60 },
)
await scenario('staff policy list page, server-rendered', '/staff/policies', 16, cookie(staff), {
  ratio: 0.04,
  p99: 100,
})
await scenario('staff policy list, Remix data request', '/staff/policies.data', 16, cookie(staff), {})
await scenario('staff inbox page, server-rendered', '/staff/inbox', 16, cookie(staff), {
  ratio: 0.05,
  p99: 100,
})
await scenario('agency home page, server-rendered', '/agency', 16, cookie(agency), {})
await pageFloors({ APP, staff, processes: WEB, wanted, scenario, child })
// One request at a time: the latency of a page on its own.
const [{ id: policyId }] = (await db.query('SELECT id FROM policies ORDER BY id LIMIT 1')).rows
for (const [what, page] of [
  ['policy list page', '/staff/policies'],
  ['policy page', `/staff/policies/${policyId}`],
  ['inbox page', '/staff/inbox'],
])
  await scenario(`one at a time: ${what}`, page, 1, cookie(staff), { p50: 15 })
const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)
await scenario(
  `dashboard API, a year over ${POLICIES / 1000}k policies (all sections)`,
  `/api/dashboard/getOshcDashboard?start_date=${yearAgo}&end_date=${new Date().toISOString().slice(0, 10)}`,
  4,
  bearer(staff),
  { p95: 100 },
)

// ── decisions through Temporal Updates, over HTTP ───────────────────────────────────────────
await decisionScenarios({
  APP,
  staff,
  wanted,
  push: (row) => rows.push(row),
  cpu: { web: web.pid!, workers: workers.map((w) => w.pid!), temporal: 'temporal', db: 'postgres' },
})

// ── money: the sale paid from the balance, the balance and the statement ─────────────────────
await moneyScenarios({
  APP,
  BASELINE,
  SECONDS,
  db,
  staff,
  agency,
  wanted,
  push: (row) => rows.push(row),
  print: line,
  scenario,
  cannon,
})

// ── statements: a 10,000-line bank statement matched against 100,000 waiting top-ups ──────────
await statementScenario({ APP, db, staff, wanted, push: (row) => rows.push(row) })

// ── a mixed load at a fixed rate ─────────────────────────────────────────────────────────────
const MIXED = `mixed 250 req/s for ${MIXED_SECONDS}s (quote, lists, search, pages)`
if (wanted(MIXED)) {
  process.stdout.write(`  mixed 250 req/s for ${MIXED_SECONDS}s…\n`)
  const {
    result: mixed,
    webMs,
    dbMs,
  } = await cpuPerRequest(web.pid!, () =>
    run(
      {
        url: APP,
        connections: 32,
        overallRate: 250,
        duration: MIXED_SECONDS,
        requests: [
          {
            path: '/api/insurances/quotes?policyType=SINGLE&startDate=2027-02-01&endDate=2028-01-31',
            headers: bearer(agency),
          },
          {
            path: '/api/oshc/policy-management/getPoliciesByStatus?status=PURCHASED&page=2&perPage=25',
            headers: bearer(staff),
          },
          {
            path: '/api/oshc/policy-management/getPoliciesByStatus?global_filter=Student77&perPage=25',
            headers: bearer(staff),
          },
          { path: '/staff/policies', headers: cookie(staff) },
          { path: '/staff/inbox', headers: cookie(staff) },
          { path: '/agency', headers: cookie(agency) },
        ],
      },
      MIXED,
    ),
  )
  // All served: every request offered (250 a second) answered within the run, 1% for the last in flight.
  rows.push({
    app: { ...mixed, webMs, dbMs },
    target: { p99: 300, served: Math.floor(250 * MIXED_SECONDS * 0.99) },
  })
}

// ── the table ───────────────────────────────────────────────────────────────────────────────
printTable(rows)

await db.end()
await closeDb()
const { closeTemporalClient } = await import('../temporal/client')
await closeTemporalClient()
stopAll()
// The web processes write their profiles as they stop: wait for the primary to be gone.
if (PROFILE)
  await new Promise((resolve) => (web.exitCode === null ? web.once('exit', resolve) : resolve(null)))
process.exit(0)
