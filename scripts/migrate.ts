// `npm run migrate`: the release's migration step in production (docs/production.md). Applies the
// committed SQL migrations of db/migrations to DATABASE_URL and says where the database stands; web
// nodes refuse to start on a database at other migrations than their code's. Two runs at once are
// safe: the second waits for the first (an advisory lock) and then has nothing to do.
import pg from 'pg'
import { closeDb } from '../db/client'
import { runMigrations } from '../db/migrate'
import { migrationProblem, migrationStatus } from '../server/observability/migration-status'

const LOCK = 7_283_001 // any fixed number, the same for every run of this step

const url = process.env.DATABASE_URL
if (!url) {
  console.error('[oshc] DATABASE_URL is not set: the database to migrate')
  process.exit(1)
}
const lock = new pg.Client({ connectionString: url })
try {
  await lock.connect()
  await lock.query('SELECT pg_advisory_lock($1)', [LOCK])
  const before = await migrationStatus()
  if (before.unknown > 0) throw new Error(migrationProblem(before)!)
  await runMigrations()
  const after = await migrationStatus()
  const problem = migrationProblem(after)
  if (problem) throw new Error(problem)
  console.log(
    `[oshc] Migrations current: ${after.applied} applied` +
      (before.pending.length
        ? `, ${before.pending.length} new (${before.pending.join(', ')})`
        : ', nothing new'),
  )
} catch (err) {
  console.error(`[oshc] Migration failed: ${err instanceof Error ? err.message : String(err)}`)
  process.exitCode = 1
} finally {
  await lock.end().catch(() => {})
  await closeDb()
}
