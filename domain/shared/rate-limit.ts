import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { rateLimits } from '../../db/schema'
import { DomainError } from './errors'

/**
 * Limits on guessing a secret (a password, a one-time code, a reset token) or on asking for one
 * (a reset mail). Nothing here lets a stranger lock an account out:
 * - one identity from one IP: a tight count, then a 429 until the window ends (that pair only);
 * - one identity from any IP: a progressive delay, never a lock (after `free` failures each new
 *   attempt waits 1, 2, 4… seconds after the last one, at most `maxDelay`);
 * - one IP across identities: a high count of failures only; the right secret still passes.
 */
export type AttemptLimits = {
  pair: { max: number; window: number }
  identity: { free: number; maxDelay: number; window: number }
  ip: { max: number; window: number }
}

/** Seconds throughout. */
export const GUESS_LIMITS: AttemptLimits = {
  pair: { max: 5, window: 15 * 60 },
  identity: { free: 10, maxDelay: 30, window: 15 * 60 },
  ip: { max: 100, window: 15 * 60 },
}

export const rateLimited = (retryAfter: number) =>
  new DomainError(
    'RATE_LIMITED',
    retryAfter <= 60
      ? `Too many attempts. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`
      : `Too many attempts. Please wait ${Math.ceil(retryAfter / 60)} minutes and try again.`,
    undefined,
    { retryAfter },
  )

type Counter = { count: number; windowLeft: number; sinceLast: number }

/** The live counter of `key` (null when none or its window has passed), times in seconds. */
async function counter(key: string, window: number): Promise<Counter | null> {
  const [row] = await getDb()
    .select({
      count: rateLimits.count,
      windowLeft: sql<number>`extract(epoch from ${rateLimits.window_start} + make_interval(secs => ${window}) - now())::float8`,
      sinceLast: sql<number>`extract(epoch from now() - coalesce(${rateLimits.last_at}, ${rateLimits.window_start}))::float8`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`)
  return row && row.windowLeft > 0 ? row : null
}

/** Throws 429 when `key` has counted `max` within its window; Retry-After is the window's end. */
export async function assertUnderLimit(key: string, max: number, window: number) {
  const c = await counter(key, window)
  if (c && c.count >= max) throw rateLimited(Math.max(1, Math.ceil(c.windowLeft)))
}

/** Throws 429 while `key` is waiting out its progressive delay. */
async function assertNoDelay(key: string, limits: AttemptLimits['identity']) {
  const c = await counter(key, limits.window)
  if (!c || c.count < limits.free) return
  const delay = Math.min(limits.maxDelay, 2 ** (c.count - limits.free))
  const wait = delay - c.sinceLast
  if (wait > 0) throw rateLimited(Math.ceil(wait))
}

/** Counts one attempt against `key`, starting a new window when the old one has passed. */
export async function recordFailure(key: string, window: number) {
  const live = sql`${rateLimits.window_start} > now() - make_interval(secs => ${window})`
  await getDb()
    .insert(rateLimits)
    .values({ key, window_start: sql`now()`, last_at: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${live} then ${rateLimits.count} + 1 else 1 end`,
        window_start: sql`case when ${live} then ${rateLimits.window_start} else now() end`,
        last_at: sql`now()`,
      },
    })
}

export async function clearLimit(key: string) {
  await getDb()
    .delete(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`)
}

/**
 * The three counters of one kind of attempt (`scope`: login, otp, reset…) by `identity` (an
 * e-mail, an agency id; none when the secret itself names the account) from `ip`.
 */
export function attemptLimiter(scope: string, ip: string, identity?: string, limits = GUESS_LIMITS) {
  const id = identity?.trim().toLowerCase()
  const keys = {
    pair: id === undefined ? undefined : `${scope}:pair:${id}|${ip}`,
    identity: id === undefined ? undefined : `${scope}:id:${id}`,
    ip: `${scope}:ip:${ip}`,
  }
  return {
    /** Before checking the secret: the pair's count and the identity's delay. */
    async assertAllowed() {
      if (keys.pair) await assertUnderLimit(keys.pair, limits.pair.max, limits.pair.window)
      if (keys.identity) await assertNoDelay(keys.identity, limits.identity)
    },
    /**
     * After a wrong secret (or, for requests that send mail, after every request): counts it;
     * throws 429 once the IP is over its limit, so only failures from that IP are refused.
     */
    async failed() {
      if (keys.pair) await recordFailure(keys.pair, limits.pair.window)
      if (keys.identity) await recordFailure(keys.identity, limits.identity.window)
      await recordFailure(keys.ip, limits.ip.window)
      await assertUnderLimit(keys.ip, limits.ip.max + 1, limits.ip.window)
    },
    /** After the right secret: the identity starts afresh (the IP's count of failures stays). */
    async succeeded() {
      if (keys.pair) await clearLimit(keys.pair)
      if (keys.identity) await clearLimit(keys.identity)
    },
  }
}
