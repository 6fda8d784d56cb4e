import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'

/**
 * db/migrations, found from this module wherever it runs: the sources (server/observability), the
 * Remix server build (build/server) or a bundle in build/. `db/migrate.ts` resolves it from its own
 * place, which a bundle moves.
 */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = path.join(dir, 'db', 'migrations')
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('db/migrations not found above ' + fileURLToPath(import.meta.url))
    dir = parent
  }
}

type Journal = { entries: { when: number; tag: string }[] }

/** The migrations this code ships, oldest first (drizzle-kit's journal). */
export function codeMigrations(folder = migrationsFolder()): { when: number; tag: string }[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal
  return journal.entries.map(({ when, tag }) => ({ when, tag }))
}

export type MigrationStatus = {
  current: boolean
  /** Migrations of this code the database has not applied (the database is older). */
  pending: string[]
  /** Migrations applied to the database that this code does not know (the database is newer). */
  unknown: number
  applied: number
  expected: number
}

/**
 * Compares the migrations applied to the database (drizzle's `drizzle.__drizzle_migrations`,
 * keyed as drizzle's migrator keys them: by the journal's `when`) with the code's journal.
 */
export async function migrationStatus(): Promise<MigrationStatus> {
  const code = codeMigrations()
  let applied: number[] = []
  try {
    const { rows } = await getDb().execute<{ created_at: string }>(
      sql`select created_at from drizzle.__drizzle_migrations`,
    )
    applied = rows.map((r) => Number(r.created_at))
  } catch (err) {
    // No migrations table yet (42P01, 3F000): nothing applied. Drizzle wraps the driver's error.
    const e = err as { code?: string; cause?: { code?: string } }
    const code = e.code ?? e.cause?.code
    if (code !== '42P01' && code !== '3F000') throw err
  }
  const known = new Set(code.map((m) => m.when))
  const done = new Set(applied)
  const pending = code.filter((m) => !done.has(m.when)).map((m) => m.tag)
  const unknown = applied.filter((when) => !known.has(when)).length
  return {
    current: pending.length === 0 && unknown === 0,
    pending,
    unknown,
    applied: applied.length,
    expected: code.length,
  }
}

/** Why a web node or worker must not use this database, in words an operator acts on; or null. */
export function migrationProblem(s: MigrationStatus): string | null {
  if (s.current) return null
  if (s.unknown > 0)
    return (
      `The database has ${s.unknown} migration(s) this code does not know (applied ${s.applied}, ` +
      `this code has ${s.expected}): it was migrated by a newer release. Deploy that release, or restore the database.`
    )
  return (
    `The database lacks ${s.pending.length} migration(s) of this code (${s.pending.slice(0, 3).join(', ')}` +
    `${s.pending.length > 3 ? ', …' : ''}): run \`npm run migrate\` (the release's migration step) before starting web nodes and workers.`
  )
}

/**
 * A web node or a worker starts only on a database at its code's migrations: throws an error whose
 * message says what to do. `npm start` (the demo and development) migrates before it starts them,
 * so there it passes; in production the release's `npm run migrate` step does.
 */
export async function assertMigrationsCurrent() {
  const problem = migrationProblem(await migrationStatus())
  if (problem) throw new Error(`Refusing to start: ${problem}`)
}
