import { createHash } from 'node:crypto'
import { getDb, type Db, type DbOrTx } from './client'

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

/**
 * A read built once per database and run as the named prepared statement `name`, its values as
 * placeholders (`sql.placeholder('id')`): drizzle's building of a select over a wide table costs
 * more than PostgreSQL's answer to it (a quarter of a millisecond for the 55 columns of
 * `policies`, four times on a policy page; issue 27). In a transaction the read is built on it.
 */
export function preparedRead<P extends Record<string, unknown>, T>(
  name: string,
  build: (db: DbOrTx) => { prepare(name: string): { execute(params: P): Promise<T> } },
) {
  let built: { db: Db; query: { execute(params: P): Promise<T> } } | undefined
  return (params: P, db: DbOrTx = getDb()): Promise<T> => {
    if (db !== getDb()) return build(db).prepare(name).execute(params)
    if (built?.db !== db) built = { db, query: build(db).prepare(name) }
    return built.query.execute(params)
  }
}
