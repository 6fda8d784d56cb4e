import pg from 'pg'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { logWarn } from '../domain/shared/log'
import * as schema from './schema'

export type Db = NodePgDatabase<typeof schema>
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

let pool: pg.Pool | undefined
let db: Db | undefined

// bigint columns are read as numbers (minor units stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number(v))

const CONNECTION_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a restart, idle_session_timeout
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up
  '08000',
  '08001',
  '08003',
  '08006', // connection_failure
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
])

/** True when the connection failed, not the statement (which would fail the same way again). */
function isConnectionError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | undefined
  if (typeof e?.code === 'string' && CONNECTION_CODES.has(e.code)) return true
  return typeof e?.message === 'string' && /Connection terminated|not queryable/.test(e.message)
}

const isRead = (query: unknown) =>
  /^\s*select\b/i.test(typeof query === 'string' ? query : String((query as { text?: unknown })?.text))

/**
 * A pool that survives its connections being cut (failover, database restart, a pooling proxy).
 * A connection's error is logged and the connection discarded (the pool opens a new one on
 * demand): without listeners pg re-throws it as an uncaught exception and the process dies.
 * A single SELECT outside a transaction that fails on a dead connection is run once more:
 * it has no effect to repeat. Transactions never come here (drizzle runs them on a client from
 * `connect()`), so a write is never re-run; it fails, and the caller (a request, or an activity
 * Temporal retries) decides.
 */
function resilientPool(url: string) {
  const p = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // Short OLTP queries: JIT compilation costs tens of milliseconds and never pays back here
    // (measured on the 100k-invoice lists and finance metrics).
    options: '-c jit=off',
  })
  const lost = (err: Error) =>
    logWarn('db', 'A database connection was lost; a new one is opened on next use', { error: err.message })
  p.on('error', lost) // an idle connection died
  // A checked-out connection (inside a transaction) has no pool listener: without this one its
  // 'error' event would crash the process; the failing query already rejects for the caller.
  p.on('connect', (client) => client.on('error', () => {}))
  const query = p.query.bind(p) as (...args: unknown[]) => Promise<unknown>
  p.query = (async (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function' || !isRead(args[0])) return query(...args)
    try {
      return await query(...args)
    } catch (err) {
      if (!isConnectionError(err)) throw err
      // Let the pool take in the end of its other dead connections before asking it for one.
      await new Promise((r) => setTimeout(r, 100))
      return query(...args)
    }
  }) as typeof p.query
  return p
}

/** The process-wide database, created on first use from DATABASE_URL. */
export function getDb(): Db {
  if (!db) {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set')
    pool = resilientPool(url)
    db = drizzle(pool, { schema })
  }
  return db
}

/**
 * Independent reads: at once on the process pool (each on a connection of its own), one after
 * another on a transaction or any other single connection. A transaction is one client, and
 * node-postgres given a query while that client is busy queues it, warning "Calling client.query()
 * when the client is already executing a query" (pg 9 drops the queue); queued, they gain nothing.
 */
export async function readAll<T extends unknown[]>(
  db: DbOrTx,
  ...loads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (db === getDb()) return (await Promise.all(loads.map((load) => load()))) as T
  const results: unknown[] = []
  for (const load of loads) results.push(await load())
  return results as T
}

/** The process pool's connections (metrics): open, idle, and queries waiting for one. */
export function poolStats() {
  return { total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 }
}

export async function closeDb() {
  await pool?.end()
  pool = undefined
  db = undefined
}

export { schema }
