// Reference and pricing data (insurers, rate cards, GST, offers, agency configurations, purchase
// rules) kept in process, so a quote costs no database round trip beyond the session's.
//
// Correct across processes without messages: a statement trigger bumps a per-table version in
// `cache_versions` on every write (migration 0013), whoever writes. Each request's session lookup
// reads the versions in the same round trip (sessions.ts) and hands them here; an entry built from
// a table whose version has moved since is dropped. A request that saw no versions within the last
// half second (a public call, the worker, a session reused from the last second) reads them
// first. So a change is seen by the next authenticated request of any process, and by every other
// caller within half a second.
import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'

export type CachedTable =
  | 'insurance_providers'
  | 'provider_rates'
  | 'gst_rates'
  | 'offers'
  | 'agency_configurations'
  | 'purchase_rules'
  | 'public_clients'
  | 'agencies'
  | 'commission_caps'

/**
 * Versions older than this are read again before the cache is used. Tests call use cases
 * directly, with no session lookup between a change and the next read: they always read them.
 */
let FRESH_MS = process.env.NODE_ENV === 'test' ? 0 : 500

/** How old the versions may be before they are read again (tests of the production timing). */
export function setVersionFreshness(ms: number) {
  FRESH_MS = ms
}
/** Entries beyond this are dropped wholesale (per-agency keys of a large network). */
const MAX_ENTRIES = 20_000

const versions = new Map<string, number>()
let observedAt = -Infinity
const entries = new Map<string, { value: unknown; tables: readonly CachedTable[]; versions: number[] }>()

/** The versions as read in a request's own query: entries of a moved table are stale from now. */
export function observeCacheVersions(seen: Record<string, number> | null | undefined) {
  if (!seen) return
  for (const [name, version] of Object.entries(seen)) versions.set(name, Number(version))
  observedAt = performance.now()
}

async function refreshVersions() {
  const { rows } = await getDb().execute<{ name: string; version: number }>(
    sql`SELECT name, version FROM cache_versions`,
  )
  observeCacheVersions(Object.fromEntries(rows.map((r) => [r.name, r.version])))
}

const current = (tables: readonly CachedTable[]) => tables.map((t) => versions.get(t) ?? 0)

/**
 * The value of `load` for `key`, from memory while no table it was read from has changed. The
 * versions are taken before loading: a change racing the load leaves the entry marked older than
 * its data, so it is reloaded, never kept stale.
 */
export async function cachedReference<T>(
  key: string,
  tables: readonly CachedTable[],
  load: () => Promise<T>,
): Promise<T> {
  if (performance.now() - observedAt > FRESH_MS) await refreshVersions()
  const now = current(tables)
  const hit = entries.get(key)
  if (hit && hit.versions.every((v, i) => v === now[i])) return hit.value as T
  const value = await load()
  if (entries.size >= MAX_ENTRIES) entries.clear()
  entries.set(key, { value, tables, versions: now })
  return value
}

/** SQL of the versions as one JSON object, for a query that runs on every request anyway. */
export const cacheVersionsJson = sql`(SELECT json_object_agg(name, version) FROM cache_versions)`
