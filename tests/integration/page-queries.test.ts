// The big pages read the database in a fixed number of round trips, however many rows they show
// (no query per row), and their HTML data stays small: counted per loader, layout included.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../db/client'
import { createPolicy } from '../../db/seed/factories'
import * as staffLayout from '../../app/routes/staff+/_layout'
import * as agencyLayout from '../../app/routes/agency+/_layout'
import * as staffPolicies from '../../app/routes/staff+/policies._index'
import * as agencyPolicies from '../../app/routes/agency+/policies._index'
import * as inbox from '../../app/routes/staff+/inbox'
import * as agencyHome from '../../app/routes/agency+/_index/route'
import { agencyWithToken, staffToken } from '../setup/api'

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>

/** Round trips to PostgreSQL while `run` works (queries through the pool and its clients). */
async function countQueries(run: () => Promise<unknown>) {
  const pool = (getDb() as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client
  const original = pool.query
  let n = 0
  pool.query = (...a: unknown[]) => {
    n++
    return original.apply(pool, a)
  }
  try {
    await run()
  } finally {
    pool.query = original
  }
  return n
}

/** A page as Remix loads it: the layout's and the page's loaders on one request. */
const page = (loaders: Loader[], path: string, token: string) => () => {
  const request = new Request(`http://test.local${path}`, { headers: { cookie: `oshc_session=${token}` } })
  return Promise.all(loaders.map((l) => l({ request, params: {}, context: {} })))
}

let staff: string
let agency: { id: number; token: string }
beforeAll(async () => {
  staff = await staffToken()
  const a = await agencyWithToken()
  agency = { id: a.agency.id, token: a.token }
})

describe('queries per page load do not grow with the rows shown', () => {
  const pages: [string, () => () => Promise<unknown>][] = [
    [
      'staff policy list',
      () => page([staffLayout.loader, staffPolicies.loader], '/staff/policies?perPage=100', staff),
    ],
    ['staff inbox', () => page([staffLayout.loader, inbox.loader], '/staff/inbox?perPage=100', staff)],
    [
      'agency policy list',
      () => page([agencyLayout.loader, agencyPolicies.loader], '/agency/policies?perPage=100', agency.token),
    ],
    ['agency home', () => page([agencyLayout.loader, agencyHome.loader], '/agency', agency.token)],
  ]

  it.each(pages)('%s', async (_name, load) => {
    // Warm: reference data (the insurer filter's list) is read once, then from the cache.
    await load()()
    const few = await countQueries(load())
    for (let i = 0; i < 12; i++) await createPolicy(getDb(), { agencyId: agency.id, status: 'PURCHASED' })
    const many = await countQueries(load())
    expect(many).toBe(few)
    expect(few).toBeGreaterThan(0)
    expect(few).toBeLessThanOrEqual(12)
  })
})
