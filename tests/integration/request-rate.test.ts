// The public API's request counters (domain/shared/request-rate.ts): counted in memory well under
// the limit and added to PostgreSQL in batches, exact from 80% of it, no call lost either way.
import { beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { countRequests, flushRequestCounts, resetRequestCounts } from '../../domain/shared/request-rate'

const total = async (key: string) => {
  const { rows } = await getDb().execute<{ count: number }>(
    sql`select count from rate_limits where key = ${key}`,
  )
  return rows[0]?.count ?? 0
}
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'served',
    (e: { code?: string }) => e.code,
  )

beforeEach(() => resetRequestCounts('test-rate:'))

describe('request counters', () => {
  it('adds every call counted in memory to PostgreSQL with the next flush, in one statement per batch', async () => {
    const hits = [
      { key: 'test-rate:a', max: 1000 },
      { key: 'test-rate:b', max: 1000 },
    ]
    const served = await Promise.all(Array.from({ length: 60 }, () => outcome(countRequests(hits, 60))))
    expect(served).toEqual(Array(60).fill('served'))
    await flushRequestCounts()
    expect([await total('test-rate:a'), await total('test-rate:b')]).toEqual([60, 60])
  })

  it('refuses exactly past the limit, the refused calls counted too', async () => {
    const hits = [{ key: 'test-rate:c', max: 10 }]
    const seen = []
    for (let i = 0; i < 12; i++) seen.push(await outcome(countRequests(hits, 60)))
    expect(seen).toEqual([...Array(10).fill('served'), 'RATE_LIMITED', 'RATE_LIMITED'])
    expect(await total('test-rate:c')).toBe(12)
  })

  it('refuses at once, near the limit, what another process has counted', async () => {
    const hits = [{ key: 'test-rate:d', max: 10 }]
    const elsewhere = (count: number) =>
      getDb().execute(sql`update rate_limits set count = ${count} where key = 'test-rate:d'`)
    await countRequests(hits, 60)
    await flushRequestCounts()
    await elsewhere(8)
    await countRequests(hits, 60) // counted in memory: this process has seen 1
    await flushRequestCounts() // seen 9: from now on counted in PostgreSQL first
    await elsewhere(10)
    expect(await outcome(countRequests(hits, 60))).toBe('RATE_LIMITED')
  })

  it('starts a new window once the old one has passed', async () => {
    const hits = [{ key: 'test-rate:e', max: 2 }]
    await countRequests(hits, 1)
    await countRequests(hits, 1)
    expect(await outcome(countRequests(hits, 1))).toBe('RATE_LIMITED')
    await new Promise((r) => setTimeout(r, 1100))
    expect(await outcome(countRequests(hits, 1))).toBe('served')
  })
})
