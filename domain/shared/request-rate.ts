import { rateLimited } from './rate-limit'

/**
 * A fixed-window request counter kept in this process's memory, for limits on every call of a
 * hot public path, where a database write per request would cost more than the call (the
 * guessing limits of rate-limit.ts stay in PostgreSQL). Each web process counts on its own.
 */
export function requestLimiter(windowMs: number) {
  let windowStart = Date.now()
  let counts = new Map<string, number>()
  return {
    /** Counts one request of `key`; throws 429 with the seconds to the window's end past `max`. */
    hit(key: string, max: number) {
      const now = Date.now()
      if (now - windowStart >= windowMs) {
        windowStart = now
        counts = new Map()
      }
      const n = (counts.get(key) ?? 0) + 1
      counts.set(key, n)
      if (n > max) throw rateLimited(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)))
    },
    reset() {
      counts = new Map()
    },
  }
}
