// Issue 27: a policy list's page and its capped count are one statement (pagedPolicies). Over a
// seeded set, every list answers the same rows, in the same order, with the same count as the
// page query and the count query run apart (as findPolicies ran them before).
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../db/client'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { PolicyListQuerySchema } from '../../domain/policies/policies.schemas'
import {
  baseQuery,
  countPolicies,
  filters,
  filtersCustomers,
  orderBy,
  pagedPolicies,
  searchHits,
  sortsByCustomer,
} from '../../domain/policies/policy-listing'
import { countLimit } from '../../domain/shared/pagination'

const staff = { kind: 'Oshc', identityId: 1, userId: 1, email: '', permissions: new Set<string>() } as const
const tag = `Stmt${Date.now().toString(36)}`
let agencyId: number

beforeAll(async () => {
  const agency = await createAgency(getDb(), {})
  agencyId = agency.id
  const statuses = ['INITIATED', 'PURCHASED', 'PAYMENT_APPROVED', 'CERTIFICATE_ISSUED'] as const
  for (let i = 0; i < 40; i++)
    await createPolicy(getDb(), {
      agencyId,
      status: statuses[i % 4],
      providerId: 1 + (i % 3),
      startDate: `2027-0${1 + (i % 5)}-0${1 + (i % 7)}`,
      endDate: '2028-12-31',
      firstName: i % 2 ? tag : 'Other',
      lastName: `Family${i % 6}`,
    })
})

/** The list both ways: one statement, and the page and count apart. */
async function bothWays(raw: Record<string, string | string[]>, countCap?: number) {
  const query = PolicyListQuerySchema.parse({ ...raw, agency_filter: [String(agencyId)] })
  const scope = { agencyId: null, archived: false }
  const limit = countCap ?? countLimit(query.page, query.perPage)
  const count = { limit, customers: filtersCustomers(query) }
  const offset = (query.page - 1) * query.perPage
  const hits = searchHits(query.global_filter)
  const one = await pagedPolicies({
    where: filters(staff, scope, query, hits),
    hits,
    orderBy: orderBy(query),
    limit: query.perPage,
    offset,
    count,
    sortsByCustomer: sortsByCustomer(query),
  })
  const where = filters(staff, scope, query)
  const rows = await baseQuery()
    .where(where)
    .orderBy(...orderBy(query))
    .limit(query.perPage)
    .offset(offset)
  const apart = await countPolicies(where, count)
  return { one, apart: { rows, total: apart.total, capped: apart.capped } }
}

describe('a policy list in one statement', () => {
  const lists: Record<string, string | string[]>[] = [
    { perPage: '7' },
    { perPage: '7', page: '3', sort_key: 'start_date', sort_direction: 'true' },
    {
      status: ['PURCHASED', 'PAYMENT_APPROVED'],
      provider_filter: ['1'],
      sort_key: 'start_date',
      perPage: '3',
    },
    { global_filter: tag, perPage: '5', page: '2' },
    { global_filter: tag, status: ['CERTIFICATE_ISSUED'], sort_key: 'customer_name', sort_direction: 'true' },
    { global_filter: 'no-such-student-anywhere' },
    { sort_key: 'customer_name', perPage: '6', page: '2' },
    { sort_key: 'customer_name', sort_direction: 'true', perPage: '6' },
    // Past the last page: no rows, the count still right.
    { perPage: '10', page: '9' },
    { global_filter: tag, perPage: '10', page: '5' },
  ]
  for (const raw of lists)
    it(`answers the same rows, order and count: ${JSON.stringify(raw)}`, async () => {
      const { one, apart } = await bothWays(raw)
      expect(one.rows.map((r) => r.id)).toEqual(apart.rows.map((r) => r.id))
      expect(one.rows).toEqual(apart.rows)
      expect([one.total, one.capped]).toEqual([apart.total, apart.capped])
    })

  it('finds what the seeded set holds (the comparison is not of two empty lists)', async () => {
    const { one } = await bothWays({ global_filter: tag, perPage: '100' })
    expect(one.total).toBe(20)
    expect(one.rows).toHaveLength(20)
    const past = await bothWays({ perPage: '10', page: '9' })
    expect(past.one).toMatchObject({ rows: [], total: 40 })
  })

  it('caps the count the same way, a search counted as it is sorted and a list by its count', async () => {
    for (const raw of [{ global_filter: tag, perPage: '5' }, { perPage: '5' }] as Record<string, string>[]) {
      const { one, apart } = await bothWays(raw, 12)
      expect(one.rows.map((r) => r.id)).toEqual(apart.rows.map((r) => r.id))
      expect([one.total, one.capped]).toEqual([12, true])
      expect([apart.total, apart.capped]).toEqual([12, true])
    }
  })
})
