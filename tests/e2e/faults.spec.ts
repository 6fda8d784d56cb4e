import { expect, test } from './helpers'
import pg from 'pg'

/**
 * The running system (web server as users run it) outlives its database connections being cut, as
 * a failover, a database restart or a pooling proxy does: no process exits, and requests succeed
 * again within 2 seconds.
 */
test('cutting every database connection costs at most a retry, never the web server', async ({ request }) => {
  const url = new URL(process.env.DATABASE_URL!)
  const database = url.pathname.slice(1)
  // A read that needs the database (public reference data).
  const read = async () => {
    try {
      return (await request.get('/api/addresses/countries', { timeout: 5_000 })).status()
    } catch {
      return 0 // refused or reset: the server is down
    }
  }
  expect(await read()).toBe(200)

  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  const answers: { at: number; status: number }[] = []
  const started = Date.now()
  let cutAt = 0
  const flow = (async () => {
    while (Date.now() - started < 6_000) {
      answers.push({ at: Date.now(), status: await read() })
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  await new Promise((r) => setTimeout(r, 1_000))
  const { rows } = await admin.query(
    'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  )
  cutAt = Date.now()
  await flow
  await admin.end()

  expect(Number(rows[0].n)).toBeGreaterThan(0)
  // The server never went away, and two seconds after the cut every request succeeds.
  expect(answers.filter((a) => a.status === 0)).toEqual([])
  const after = answers.filter((a) => a.at > cutAt + 2_000)
  expect(after.length).toBeGreaterThan(10)
  expect(after.filter((a) => a.status !== 200)).toEqual([])
})
