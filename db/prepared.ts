import { createHash } from 'node:crypto'

/** A drizzle query that can run as a named prepared statement. */
type Preparable<T> = { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<T> } }

/**
 * Runs `query` as a prepared statement named by its text: each pooled connection parses it once,
 * and after five runs PostgreSQL keeps a generic plan, so a call pays no planning (a third of a
 * text search's database time in EXPLAIN, docs/performance.md). For hot statements whose text
 * varies with the filters given: each shape is a statement of its own. Behind PgBouncer in
 * transaction mode this needs its `max_prepared_statements` (docs/production.md).
 */
export function executePrepared<T>(query: Preparable<T>, prefix: string): Promise<T> {
  const name = `${prefix}_${createHash('sha256').update(query.toSQL().sql).digest('hex').slice(0, 24)}`
  return query.prepare(name).execute()
}
