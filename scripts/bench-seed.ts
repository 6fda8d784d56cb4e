// The database of `npm run bench` (scripts/bench.ts): made afresh on the test server, migrated and
// seeded as the demo, then the bench's agencies, students and policies in bulk; and the plans of the
// list queries the scenarios run, as PostgreSQL executes them.
import pg from 'pg'
// The module as a whole: an older checkout's lib.mjs (before its signing secrets) runs this too.
import * as lib from './lib.mjs'

/**
 * Makes the database `DB` afresh on `server` and points this process at it (and at the bench's
 * Temporal server and task queue); its URL.
 */
export async function createBenchDatabase(server: string, DB: string, TEMPORAL_PORT: number) {
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${DB}`)
  // As docs/production.md asks of a production server (SSD, the working set in memory).
  await admin.query(`ALTER DATABASE ${DB} SET random_page_cost = 1.1`)
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
  return DATABASE_URL
}

/** Migrates and seeds the database (the demo), then adds AGENCIES agencies and POLICIES students and policies; a client on it. */
export async function seedBenchDatabase(DATABASE_URL: string, AGENCIES: number, POLICIES: number) {
  const { getDb } = await import('../db/client')
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
  return db
}

/** The plans of the list queries the scenarios run, as PostgreSQL executes them. */
export async function printPlans(db: pg.Client) {
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
    // The statement findPolicies runs: the page with its capped count (policy-listing.ts).
    const query = PolicyListQuerySchema.parse(raw)
    const hits = listing.searchHits(query.global_filter)
    await explain(
      `${label}, page and capped count in one statement`,
      listing.pageStatement({
        where: listing.filters(staffActor, { agencyId: null, archived: false }, query, hits),
        hits,
        orderBy: listing.orderBy(query),
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
        count: { limit: countLimit(query.page, query.perPage), customers: listing.filtersCustomers(query) },
        sortsByCustomer: listing.sortsByCustomer(query),
      }),
    )
  }
}
