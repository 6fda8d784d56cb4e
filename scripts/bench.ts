// `npm run bench`: the app measured from outside, as users run it — the production build
// (build/web.mjs on WEB_CONCURRENCY processes, build/worker.mjs) as separate processes — beside a
// bare node:http + pg server answering one small SELECT, alternated in the same run (baseline,
// app, baseline, app). Not a test: it prints a table. Its own database on the test server (100k
// policies over 500 agencies) and its own Temporal dev server from the local CLI.
// `npm run bench -- --only dashboard` runs only the scenarios whose name holds that text
// (case-insensitive; several texts separated by commas: `--only quote,money`); the database is
// seeded the same way. The money scenarios (sale, balance, statement) are in bench-money.ts.
// BENCH_DB, BENCH_APP_PORT, BENCH_BASE_PORT and BENCH_TEMPORAL_PORT move the run off its defaults.
import { spawn, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import autocannon from 'autocannon'
import { build } from './build.mjs'
// The module as a whole: an older checkout's lib.mjs (before its signing secrets) runs this too.
import * as lib from './lib.mjs'
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
const admin = new pg.Client({ connectionString: server })
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
await admin.query(`CREATE DATABASE ${DB}`)
await admin.end()
const url = new URL(server)
url.pathname = `/${DB}`
const DATABASE_URL = url.toString()
// Before any module reads the configuration: this process also starts workflows.
process.env.DATABASE_URL = DATABASE_URL
process.env.TEMPORAL_ADDRESS = `127.0.0.1:${TEMPORAL_PORT}`
process.env.TEMPORAL_TASK_QUEUE = 'bench'
// This run's signing secrets (none is in the source), shared by this process and the app's.
for (const key of (lib as { SECRET_KEYS?: readonly string[] }).SECRET_KEYS ?? [])
  process.env[key] ||= lib.randomSecret()

const { getDb, closeDb } = await import('../db/client')
const { policies } = await import('../db/schema')
const { sql } = await import('drizzle-orm')
const { runMigrations } = await import('../db/migrate')
const { seed } = await import('../db/seed')
await runMigrations()
await seed(getDb(), { adminPassword: 'Admin-Passw0rd!', demo: true, allCities: false })

const db = new pg.Client({ connectionString: DATABASE_URL })
await db.connect()
console.log(`Seeding ${AGENCIES} agencies and ${POLICIES.toLocaleString()} students and policies…`)
await db.query(
  `INSERT INTO agencies (full_company_name, full_company_address, contact_person, email, status, creation_type, country_id, created_at)
   SELECT 'Agency ' || g, g || ' George Street', 'Contact ' || g, 'bench' || g || '@example.test',
          'PORTAL_ACTIVATED', (enum_range(NULL::creation_type))[1 + g % 3],
          (SELECT id FROM countries WHERE iso2 = 'AU'), now() - (g || ' minutes')::interval
   FROM generate_series(1, $1) g`,
  [AGENCIES],
)
await db.query(`CREATE TEMP TABLE bench_agencies AS
  SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM agencies WHERE email LIKE 'bench%@example.test'`)
await db.query(
  `INSERT INTO agency_configurations (agency_id, insurance_provider_id, commission_rate)
   SELECT a.id, p.id, (8 + p.id % 5)::numeric(5,2) FROM bench_agencies a, insurance_providers p`,
)
await db.query(
  `INSERT INTO customers (agency_id, title, first_name, last_name, email, passport_number, education_institute, country, created_at)
   SELECT a.id, 'Mx', 'Student' || g, 'Family' || (g % 997), 'student' || g || '@example.test', 'PA' || (100000 + g),
          'University of Sydney', (SELECT id FROM countries WHERE iso2 = 'AU'), now() - (g || ' minutes')::interval
   FROM generate_series(1, $1) g JOIN bench_agencies a ON a.n = g % $2`,
  [POLICIES, AGENCIES],
)
await db.query(
  `INSERT INTO policies (ref, agency_id, customer_id, insurance_provider_id, policy_type, start_date, end_date,
                         premium, premium_before_discount, premium_without_gst, gst_rate, commission_rate, status, created_at,
                         purchased_at)
   SELECT 'POL-B' || c.id, c.agency_id, c.id, 1 + c.id % 6, (enum_range(NULL::policy_type))[1 + c.id % 4],
          date '2027-01-01' + (c.id % 365), date '2028-01-01' + (c.id % 365),
          60000 + c.id % 5000, 60000 + c.id % 5000, round((60000 + c.id % 5000) / 1.1), 10.00, 10.00,
          (enum_range(NULL::policy_status))[1 + c.id % 10], c.created_at,
          -- Bought (PURCHASED and later) over the last year, for the dashboard's ranges.
          CASE WHEN 1 + c.id % 10 >= 5 THEN now() - ((c.id % 365) || ' days')::interval END
   FROM customers c WHERE c.email LIKE 'student%@example.test'`,
)
await db.query('VACUUM ANALYZE')

// The plans of the list queries the scenarios below run, as PostgreSQL executes them.
const listing = await import('../domain/policies/policy-listing')
const { PolicyListQuerySchema } = await import('../domain/policies/policies.schemas')
const { countLimit } = await import('../domain/shared/pagination')
const staffActor = {
  kind: 'Oshc',
  identityId: 1,
  userId: 1,
  email: '',
  permissions: new Set<string>(),
} as const
async function explain(label: string, q: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = q.toSQL()
  const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params)
  const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN'])
  const scans = plan
    .filter((l) => /Scan|Execution Time/.test(l))
    .map((l) => l.trim().replace(/\(actual.*?\)/, ''))
  console.log(`  ${label}:\n    ${scans.join('\n    ')}`)
}
console.log('Plans:')
for (const [label, raw] of [
  [
    'policy list, 2 statuses, insurer, by start date, page 3',
    {
      status: ['PURCHASED', 'PAYMENT_APPROVED'],
      provider_filter: ['1'],
      sort_key: 'start_date',
      sort_direction: 'true',
      page: '3',
      perPage: '25',
    },
  ],
  ['policy text search', { global_filter: 'Student4242', perPage: '25' }],
] as const) {
  const query = PolicyListQuerySchema.parse(raw)
  const where = listing.filters(staffActor, { agencyId: null, archived: false }, query)
  await explain(
    `${label}, page`,
    listing
      .baseQuery()
      .where(where)
      .orderBy(...listing.orderBy(query))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
  )
  const limit = countLimit(query.page, query.perPage)
  await explain(
    `${label}, capped count`,
    getDb()
      .select({ one: sql`1` })
      .from(policies)
      .where(where)
      .limit(limit),
  )
}

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
for (let i = 0; i < WORKERS; i++) child(`worker${i}`, 'node', ['build/worker.mjs'], appEnv)
child('web', 'node', ['build/web.mjs'], appEnv)
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
const bearer = (t: string) => ({ authorization: `Bearer ${t}` })
const cookie = (t: string) => ({ cookie: `oshc_session=${t}` })

// ── measuring ───────────────────────────────────────────────────────────────────────────────
type Row = { name: string; c: number; rps: number; p50: number; p95: number; p99: number; errors: number }
type Target = { rps?: number; p99?: number; p95?: number; p50?: number; ratio?: number }
const rows: { app: Row; base?: Row; target: Target }[] = []

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN

/** One autocannon run; latencies are taken per response so that p95 is a true p95. */
async function run(opts: autocannon.Options, name: string) {
  const times: number[] = []
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)))
    instance.on('response', (_c, _s, _b, ms) => times.push(ms))
  })
  times.sort((x, y) => x - y)
  return {
    name,
    c: opts.connections ?? 10,
    rps: r.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: r.errors + r.timeouts + r.non2xx,
  } satisfies Row
}

async function cannon(
  name: string,
  urlPath: string,
  c: number,
  headers: Record<string, string>,
  seconds = SECONDS,
) {
  await run({ url: urlPath, connections: c, duration: 1, headers }, name) // warm-up, not counted
  return run({ url: urlPath, connections: c, duration: seconds, headers }, name)
}

async function scenario(
  name: string,
  appPath: string,
  c: number,
  headers: Record<string, string>,
  target: Target,
) {
  if (!wanted(name)) return
  const sample = await fetch(`${APP}${appPath}`, { headers })
  const kib = (await sample.arrayBuffer()).byteLength / 1024
  if (sample.status !== 200) throw new Error(`${appPath}: ${sample.status}`)
  name = `${name} (${kib.toFixed(0)} KiB)`
  process.stdout.write(`  ${name}…\n`)
  const base = await cannon('baseline', BASELINE, c, {})
  const app = await cannon(name, `${APP}${appPath}`, c, headers)
  // The second alternation: the baseline again, then the app again; the better of each is kept.
  const base2 = await cannon('baseline', BASELINE, c, {})
  const app2 = await cannon(name, `${APP}${appPath}`, c, headers)
  const row = { app: app2.rps > app.rps ? app2 : app, base: base2.rps > base.rps ? base2 : base, target }
  rows.push(row)
  console.log(`    ${line(row)}`)
}

function line({ app: r, base, target }: (typeof rows)[number]) {
  return `| ${r.name} | ${r.c} | ${f(r.rps)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${r.errors} | ${base ? f(base.rps) : ''} | ${base ? `${((100 * r.rps) / base.rps).toFixed(0)}%` : ''} | ${verdict(r, base, target)} |`
}

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
  { rps: 600, p99: 40 },
)
await scenario(
  `policy text search API over ${POLICIES / 1000}k`,
  '/api/oshc/policy-management/getPoliciesByStatus?global_filter=Student4242&perPage=25',
  8,
  bearer(staff),
  { rps: 400, p99: 60 },
)
await scenario('staff policy list page, server-rendered', '/staff/policies', 16, cookie(staff), {
  rps: 300,
  p95: 60,
})
await scenario('staff policy list, Remix data request', '/staff/policies.data', 16, cookie(staff), {})
await scenario('staff inbox page, server-rendered', '/staff/inbox', 16, cookie(staff), { rps: 400, p95: 50 })
const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)
await scenario(
  `dashboard API, a year over ${POLICIES / 1000}k policies (all sections)`,
  `/api/dashboard/getOshcDashboard?start_date=${yearAgo}&end_date=${new Date().toISOString().slice(0, 10)}`,
  4,
  bearer(staff),
  { p95: 100 },
)

// ── decisions through Temporal Updates, over HTTP ───────────────────────────────────────────
const { wireProcesses } = await import('../temporal/processes')
const processes = wireProcesses()
const { createAgency, createPolicy } = await import('../db/seed/factories')

/** Times one POST per subject, `c` at a time, each answered once its workflow's Update is done. */
async function decisions(
  name: string,
  subjects: number[],
  request: (id: number) => [string, unknown],
  c = 4,
) {
  await new Promise((r) => setTimeout(r, 2000)) // the workflows reach their wait
  const times: number[] = []
  let errors = 0
  let next = 0
  const t0 = Date.now()
  await Promise.all(
    Array.from({ length: c }, async () => {
      while (next < subjects.length) {
        const [url, body] = request(subjects[next++])
        const t = performance.now()
        const r = await fetch(`${APP}/api${url}`, {
          method: 'POST',
          headers: { ...bearer(staff), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        await r.arrayBuffer()
        if (r.status !== 200) errors++
        times.push(performance.now() - t)
      }
    }),
  )
  times.sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]
  rows.push({
    app: {
      name,
      c,
      rps: times.length / ((Date.now() - t0) / 1000),
      p50: at(50),
      p95: at(95),
      p99: at(99),
      errors,
    },
    target: { p50: 100, p95: 250 },
  })
}

const ACTIVATE = 'approval through a Temporal Update (activate portal), c4'
const CONFIRM = 'amendment premium confirmed through a Temporal Update'
// Onboarding: staff activate agencies whose agreement is signed.
const signed: number[] = []
for (let i = 0; i < (wanted(ACTIVATE) ? 60 : 0); i++) {
  const a = await createAgency(getDb(), { status: 'AGREEMENT_SIGNED' })
  await processes.onboarding.changed(a.id)
  signed.push(a.id)
}
if (wanted(ACTIVATE))
  await decisions(ACTIVATE, signed, (id) => [
    `/agencies/agency-management/updateAdminAgencyStatus/${id}`,
    { status: 'PORTAL_ACTIVATED' },
  ])

// After the sale: staff confirm the premium of amendments the demo agency opened.
const { actorForIdentity } = await import('../domain/access/sessions')
const { initiateAmendment } = await import('../domain/amendments/initiate-amendment')
const { currentDetails } = await import('../domain/amendments/amendment-data')
const { UpdateStudentDetailsSchema } = await import('../domain/policies/policies.schemas')
const { agencies: agencyTable } = await import('../db/schema')
const { eq } = await import('drizzle-orm')
const [demo] = await getDb()
  .select({ id: agencyTable.id, identityId: agencyTable.identity_id })
  .from(agencyTable)
  .where(eq(agencyTable.email, 'agency@demo.local'))
const demoActor = (await actorForIdentity(demo.identityId!, 'agency@demo.local', 'Agency', false))!
const amendmentIds: number[] = []
for (let i = 0; i < (wanted(CONFIRM) ? 60 : 0); i++) {
  const { policy } = await createPolicy(getDb(), { agencyId: demo.id, status: 'PAYMENT_APPROVED' })
  const d = await currentDetails(getDb(), policy)
  const opened = await initiateAmendment({
    actor: demoActor,
    input: UpdateStudentDetailsSchema.parse({
      policy_id: policy.id,
      ...d,
      policy: { ...d.policy, end_date: '2028-07-31' },
    }),
  })
  amendmentIds.push(opened.amendment_id)
}
const confirm = (id: number): [string, unknown] => [
  '/oshc/policy-management/updateAmmendmentPolicyById',
  { id, is_premium_confirmed_by_admin: true },
]
// One at a time (the latency of a decision on its own), then 4 at a time.
if (wanted(CONFIRM)) {
  await decisions(`${CONFIRM}, c1`, amendmentIds.slice(0, 20), confirm, 1)
  await decisions(`${CONFIRM}, c4`, amendmentIds.slice(20), confirm)
}

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
  const mixed = await run(
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
  )
  rows.push({
    app: mixed,
    target: { p99: 200 },
  })
}

// ── the table ───────────────────────────────────────────────────────────────────────────────
function f(n: number) {
  return n >= 100 ? n.toFixed(0) : n.toFixed(1)
}
function verdict(r: Row, base: Row | undefined, t: Target) {
  const misses: string[] = []
  if (t.rps && r.rps < t.rps) misses.push(`req/s < ${t.rps}`)
  if (t.p50 && r.p50 > t.p50) misses.push(`p50 > ${t.p50}`)
  if (t.p95 && r.p95 > t.p95) misses.push(`p95 > ${t.p95}`)
  if (t.p99 && r.p99 > t.p99) misses.push(`p99 > ${t.p99}`)
  if (t.ratio && base && r.rps / base.rps < t.ratio) misses.push(`ratio < ${t.ratio * 100}%`)
  if (r.errors > 0) misses.push(`${r.errors} errors`)
  return Object.keys(t).length === 0 ? '(no target)' : misses.length ? `missed: ${misses.join(', ')}` : 'met'
}
console.log(
  '\n| scenario | conn | req/s | p50 ms | p95 ms | p99 ms | errors | bare req/s | ratio | target |\n|---|---|---|---|---|---|---|---|---|---|',
)
for (const row of rows) console.log(line(row))

await db.end()
await closeDb()
const { closeTemporalClient } = await import('../temporal/client')
await closeTemporalClient()
stopAll()
process.exit(0)
