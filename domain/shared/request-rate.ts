import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { rateLimits } from '../../db/schema'
import { logWarn } from './log'
import { rateLimited } from './rate-limit'

export type RequestHit = { key: string; max: number }

/** How often a process adds the calls it has counted to PostgreSQL's, and reads the totals back. */
const FLUSH_MS = 100
/** The share of a limit from which every call is counted in PostgreSQL before it is answered. */
const EXACT_FROM = 0.8

/**
 * Fixed-window request counters kept in PostgreSQL (`rate_limits`, like the guessing limits of
 * rate-limit.ts), so a limit holds across web processes and machines. A process counts a call in
 * memory while the key is well under its limit (below 80% of `max` by the last total PostgreSQL
 * answered plus what it has not yet added) and adds its counts every FLUSH_MS in one statement:
 * one statement per call on the same two rows serialised every public call on their row locks
 * (issue 27: it halved the public quote's throughput). From 80% every call is counted in
 * PostgreSQL first and refused past `max` with a 429 and the seconds to the window's end, so
 * the limit is exact near it; what one process cannot see is the other processes' calls of the
 * last FLUSH_MS. Keys are taken in one order, so concurrent statements never deadlock.
 */
export async function countRequests(hits: RequestHit[], windowSeconds: number) {
  if (!hits.length) return
  const max = new Map<string, number>()
  for (const h of hits) max.set(h.key, Math.min(h.max, max.get(h.key) ?? Infinity))
  const now = performance.now()
  const keys = [...max.keys()].sort()
  if (keys.every((k) => estimate(k, now) + 1 <= (max.get(k) ?? 0) * EXACT_FROM)) {
    for (const k of keys) tally(k, windowSeconds, now).pending++
    scheduleFlush()
    return
  }
  const counts = keys.map((k) => 1 + take(k))
  let rows: Totals
  try {
    rows = await addCounts(keys, counts, windowSeconds)
  } catch (e) {
    keys.forEach((k, i) => (tally(k, windowSeconds, now).pending += counts[i] - 1))
    throw e
  }
  for (const row of rows)
    if (row.count > (max.get(row.key) ?? 0)) throw rateLimited(Math.max(1, Math.ceil(row.window_left)))
}

/** Tests start each case with fresh counters of `prefix`. */
export async function resetRequestCounts(prefix: string) {
  for (const k of tallies.keys()) if (k.startsWith(prefix)) tallies.delete(k)
  await getDb()
    .delete(rateLimits)
    .where(sql`${rateLimits.key} like ${prefix + '%'}`)
}

/** Adds what this process has counted to PostgreSQL now (every FLUSH_MS otherwise). */
export async function flushRequestCounts() {
  clearTimeout(timer)
  timer = undefined
  while (flushing) await flushing
  flushing = flush().finally(() => (flushing = undefined))
  await flushing
}

// ── this process's counts ────────────────────────────────────────────────────────────────────
/**
 * `seen`: the key's total as PostgreSQL last answered it; `endsAt`: its window's end, on the
 * monotonic clock of performance.now() (ms), since only the window's length counts.
 */
type Tally = { seen: number; pending: number; endsAt: number; window: number }
type Totals = { key: string; count: number; window_left: number }[]
const tallies = new Map<string, Tally>()
let timer: ReturnType<typeof setTimeout> | undefined
let flushing: Promise<void> | undefined

function tally(key: string, window: number, now: number): Tally {
  let t = tallies.get(key)
  if (!t) tallies.set(key, (t = { seen: 0, pending: 0, endsAt: now + window * 1000, window }))
  if (t.endsAt <= now) Object.assign(t, { seen: 0, endsAt: now + window * 1000 })
  return t
}

function estimate(key: string, now: number) {
  const t = tallies.get(key)
  return !t ? 0 : (t.endsAt > now ? t.seen : 0) + t.pending
}

function take(key: string) {
  const t = tallies.get(key)
  const n = t?.pending ?? 0
  if (t) t.pending = 0
  return n
}

function scheduleFlush() {
  timer ??= setTimeout(() => void flushRequestCounts(), FLUSH_MS)
  timer.unref?.()
}

async function flush() {
  const now = performance.now()
  for (const [k, t] of tallies) if (t.pending === 0 && t.endsAt <= now) tallies.delete(k)
  const windows = new Set([...tallies.values()].filter((t) => t.pending > 0).map((t) => t.window))
  for (const window of windows) {
    const keys = [...tallies].filter(([, t]) => t.pending > 0 && t.window === window).map(([k]) => k)
    keys.sort()
    const counts = keys.map(take)
    try {
      await addCounts(keys, counts, window)
    } catch (e) {
      // Kept, and added with the next flush (the next call schedules it).
      keys.forEach((k, i) => (tally(k, window, now).pending += counts[i]))
      logWarn('rate-limit', 'request counts not added yet', { error: String(e) })
    }
  }
}

/** Adds `counts` to `keys` (sorted) in one statement; answers their totals and sets `seen`. */
async function addCounts(keys: string[], counts: number[], windowSeconds: number): Promise<Totals> {
  const live = sql`r.window_start > now() - make_interval(secs => ${windowSeconds})`
  const { rows } = await getDb().execute<Totals[number]>(sql`
    insert into rate_limits as r (key, window_start, count, last_at)
    select k, now(), n, now() from unnest(${sql.param(keys)}::text[], ${sql.param(counts)}::int[]) as c(k, n) order by k
    on conflict (key) do update set
      count = case when ${live} then r.count + excluded.count else excluded.count end,
      window_start = case when ${live} then r.window_start else now() end,
      last_at = now()
    returning key, count, extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())::float8 as window_left`)
  const now = performance.now()
  for (const row of rows) {
    const t = tally(row.key, windowSeconds, now)
    Object.assign(t, { seen: row.count, endsAt: now + row.window_left * 1000 })
  }
  return rows
}
