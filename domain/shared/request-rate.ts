import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { rateLimits } from '../../db/schema'
import { rateLimited } from './rate-limit'

export type RequestHit = { key: string; max: number }

/**
 * Fixed-window request counters kept in PostgreSQL (`rate_limits`, like the guessing limits of
 * rate-limit.ts), so a limit holds across web processes and machines: one statement counts every
 * key of a request and answers their counts. Throws 429 with the seconds to the window's end when
 * any key is past its `max`. Keys are taken in one order, so concurrent requests never deadlock.
 */
export async function countRequests(hits: RequestHit[], windowSeconds: number) {
  if (!hits.length) return
  const keys = [...new Set(hits.map((h) => h.key))].sort()
  const { rows } = await getDb().execute<{ key: string; count: number; window_left: number }>(sql`
    insert into rate_limits as r (key, window_start, count, last_at)
    select k, now(), 1, now() from unnest(${sql.param(keys)}::text[]) as k order by k
    on conflict (key) do update set
      count = case when r.window_start > now() - make_interval(secs => ${windowSeconds}) then r.count + 1 else 1 end,
      window_start = case when r.window_start > now() - make_interval(secs => ${windowSeconds}) then r.window_start else now() end,
      last_at = now()
    returning key, count, extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())::float8 as window_left`)
  for (const row of rows) {
    const max = Math.min(...hits.filter((h) => h.key === row.key).map((h) => h.max))
    if (row.count > max) throw rateLimited(Math.max(1, Math.ceil(row.window_left)))
  }
}

/** Tests start each case with fresh counters of `prefix`. */
export async function resetRequestCounts(prefix: string) {
  await getDb()
    .delete(rateLimits)
    .where(sql`${rateLimits.key} like ${prefix + '%'}`)
}
