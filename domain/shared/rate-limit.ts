import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { rateLimits } from '../../db/schema'
import { DomainError } from './errors'

/** Throws when `key` has reached `limit` failures within the current window. */
export async function assertUnderLimit(key: string, limit: number, windowSeconds: number) {
  const [row] = await getDb()
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} and ${rateLimits.window_start} > now() - make_interval(secs => ${windowSeconds})`,
    )
  if (row && row.count >= limit) {
    throw new DomainError('RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.')
  }
}

/** Counts one failure against `key`, starting a new window when the old one has passed. */
export async function recordFailure(key: string, windowSeconds: number) {
  await getDb()
    .insert(rateLimits)
    .values({ key, window_start: new Date(), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.window_start} > now() - make_interval(secs => ${windowSeconds}) then ${rateLimits.count} + 1 else 1 end`,
        window_start: sql`case when ${rateLimits.window_start} > now() - make_interval(secs => ${windowSeconds}) then ${rateLimits.window_start} else now() end`,
      },
    })
}

export async function clearLimit(key: string) {
  await getDb()
    .delete(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`)
}
