// `npm run bench`: p50/p95 latency and throughput of representative calls, each beside a baseline
// measured in the same run. Not a test: it prints numbers. Uses its own database on the test server
// and its own Temporal dev server from the local CLI.
import http from 'node:http'
import path from 'node:path'
import pg from 'pg'
import { TestWorkflowEnvironment } from '@temporalio/testing'

const server =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DB = 'oshc_bench'
const AGENCIES = Number(process.env.BENCH_AGENCIES ?? 100_000)
const POLICIES = Number(process.env.BENCH_POLICIES ?? 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)

const admin = new pg.Client({ connectionString: server })
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
await admin.query(`CREATE DATABASE ${DB}`)
const url = new URL(server)
url.pathname = `/${DB}`
process.env.DATABASE_URL = url.toString()
process.env.NODE_ENV = 'test'

const temporal = await TestWorkflowEnvironment.createLocal({
  server: {
    executable: {
      type: 'existing-path',
      path: process.env.TEMPORAL_CLI ?? path.resolve('.tools/bin/temporal'),
    },
    ip: '127.0.0.1',
    extraArgs: ['--log-level', 'error'],
  },
})
process.env.TEMPORAL_ADDRESS = temporal.connection.options.address
process.env.TEMPORAL_TASK_QUEUE = 'bench'

const { getDb, closeDb } = await import('../db/client')
const { runMigrations } = await import('../db/migrate')
const { seed } = await import('../db/seed')
await runMigrations()
await seed(getDb(), { adminPassword: 'Admin-Passw0rd!', demo: false, allCities: false })

console.log(`Seeding ${AGENCIES.toLocaleString()} agencies…`)
const db = new pg.Client({ connectionString: process.env.DATABASE_URL })
await db.connect()
await db.query(
  `INSERT INTO agencies (full_company_name, full_company_address, contact_person, email, status, creation_type, country_id, created_at)
   SELECT 'Agency ' || g, g || ' George Street', 'Contact ' || g, 'bench' || g || '@example.test',
          (enum_range(NULL::agency_status))[1 + g % 11], (enum_range(NULL::creation_type))[1 + g % 3],
          (SELECT id FROM countries WHERE iso2 = 'AU'), now() - (g || ' minutes')::interval
   FROM generate_series(1, $1) g`,
  [AGENCIES],
)
console.log(`Seeding ${POLICIES.toLocaleString()} students and policies over 500 agencies…`)
// Every sixth agency sells all six insurers; the quote call uses agency 6.
await db.query(
  `INSERT INTO agency_configurations (agency_id, insurance_provider_id, commission_rate)
   SELECT a, p, (8 + p)::numeric(5,2) FROM generate_series(1, 500) a, generate_series(1, 6) p`,
)
await db.query(
  `INSERT INTO customers (agency_id, title, first_name, last_name, email, passport_number, education_institute, country, created_at)
   SELECT 1 + g % 500, 'Mx', 'Student' || g, 'Family' || (g % 997), 'student' || g || '@example.test', 'PA' || (100000 + g),
          'University of Sydney', (SELECT id FROM countries WHERE iso2 = 'AU'), now() - (g || ' minutes')::interval
   FROM generate_series(1, $1) g`,
  [POLICIES],
)
await db.query(
  `INSERT INTO policies (ref, agency_id, customer_id, insurance_provider_id, policy_type, start_date, end_date,
                         premium, premium_before_discount, premium_without_gst, gst_rate, commission_rate, status, created_at)
   SELECT 'POL-B' || c.id, c.agency_id, c.id, 1 + c.id % 6, (enum_range(NULL::policy_type))[1 + c.id % 4],
          date '2027-01-01' + (c.id % 365), date '2028-01-01' + (c.id % 365),
          60000 + c.id % 5000, 60000 + c.id % 5000, round((60000 + c.id % 5000) / 1.1), 10.00, 10.00,
          (enum_range(NULL::policy_status))[1 + c.id % 10], c.created_at
   FROM customers c`,
)
await db.query('ANALYZE')

const { handleApiRequest } = await import('../api/router.server')
await import('../temporal/ports')
const httpServer = http.createServer(async (req, res) => {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  const request = new Request(`http://127.0.0.1${req.url}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
  })
  const response = await handleApiRequest(request, { clientIp: '127.0.0.1' })
  res.writeHead(response.status, Object.fromEntries(response.headers))
  res.end(Buffer.from(await response.arrayBuffer()))
})
await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r))
const base = `http://127.0.0.1:${(httpServer.address() as { port: number }).port}/api`

const login = await fetch(`${base}/authentication/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@oshc.local', password: 'Admin-Passw0rd!' }),
})
const token = (await login.json()).data.token as string

type Result = { name: string; p50: number; p95: number; rps: number; n: number }
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/** Closed-loop load: CONCURRENCY callers for SECONDS each, bounded in count and time. */
async function load(
  name: string,
  call: () => Promise<unknown>,
  seconds = SECONDS,
  concurrency = CONCURRENCY,
  maxCalls = 200_000,
): Promise<Result> {
  const times: number[] = []
  let issued = 0
  const end = Date.now() + seconds * 1000
  const started = Date.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end && issued < maxCalls) {
        issued++
        const t = performance.now()
        await call()
        times.push(performance.now() - t)
      }
    }),
  )
  times.sort((a, b) => a - b)
  return {
    name,
    p50: pct(times, 50),
    p95: pct(times, 95),
    rps: times.length / ((Date.now() - started) / 1000),
    n: times.length,
  }
}

const get = (p: string) => async () => {
  const r = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token}` } })
  if (r.status !== 200) throw new Error(`${p}: ${r.status}`)
  await r.arrayBuffer()
}

const results: Result[] = []
results.push(await load('baseline GET /api/health', get('/health')))
results.push(
  await load(
    `agenciesByStatus over ${AGENCIES.toLocaleString()} (2 statuses, AU, sort by name, page 3)`,
    get(
      '/agencies/agency-management/agenciesByStatus?status=COMPANY_DETAIL_DONE&status=AGREEMENT_SENT&country_filter=14&sort_key=full_company_name&sort_direction=true&page=3&perPage=25',
    ),
  ),
)
results.push(
  await load(
    'agenciesByStatus, text search "4242" (name, e-mail, contact, phone) over all',
    get(`/agencies/agency-management/agenciesByStatus?global_filter=4242&perPage=25`),
  ),
)
results.push(
  await load(
    'quote: GET /insurances/quotes (6 insurers, agency view with commission, offers and rules)',
    get('/insurances/quotes?policyType=SINGLE&startDate=2027-02-01&endDate=2028-01-31&agency_id=6'),
  ),
)
results.push(
  await load(
    `getPoliciesByStatus over ${POLICIES.toLocaleString()} (2 statuses, insurer, sort by start date, page 3)`,
    get(
      '/oshc/policy-management/getPoliciesByStatus?status=PURCHASED&status=PAYMENT_APPROVED&provider_filter=1&sort_key=start_date&sort_direction=true&page=3&perPage=25',
    ),
  ),
)
results.push(
  await load(
    'getPoliciesByStatus, text search "Student4242" (name, e-mail, passport, ref) over all',
    get('/oshc/policy-management/getPoliciesByStatus?global_filter=Student4242&perPage=25'),
  ),
)
results.push(
  await load(
    'agency list: getPoliciesByStatus/{agency_id} (one agency, 200 policies, newest first)',
    get('/agencies/policy-management/getPoliciesByStatus/6?perPage=25'),
  ),
)

// An approval through a Temporal Update, beside a Temporal query on the same workflows.
const { createWorker } = await import('../workers/worker')
const { worker } = await createWorker()
const running = worker.run()
const { createAgency } = await import('../db/seed/factories')
const { workflows } = await import('../domain/shared/ports')
const { temporalClient } = await import('../temporal/client')
const { agencyOnboardingWorkflowId, onboardingStateQuery } =
  await import('../temporal/contracts/agency-onboarding.contract')
const signed: number[] = []
for (let i = 0; i < 60; i++) {
  const a = await createAgency(getDb(), { status: 'AGREEMENT_SIGNED' })
  await workflows().agencyChanged(a.id)
  signed.push(a.id)
}
const client = await temporalClient()
let q = 0
results.push(
  await load(
    'baseline Temporal query (onboarding state)',
    () =>
      client.workflow
        .getHandle(agencyOnboardingWorkflowId(signed[q++ % signed.length]))
        .query(onboardingStateQuery),
    4,
    4,
  ),
)
let u = 0
results.push(
  await load(
    'approval: activate portal through the decide Update',
    () => workflows().decideOnboarding(signed[u++], 'activatePortal', 'bench'),
    30,
    4,
    signed.length,
  ),
)

console.log('\n| call | p50 ms | p95 ms | req/s | requests |\n|---|---|---|---|---|')
for (const r of results)
  console.log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.n} |`)

worker.shutdown()
await running
httpServer.close()
await db.end()
await closeDb()
await temporal.teardown()
await admin.end()
process.exit(0)
