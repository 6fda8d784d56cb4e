import { COUNT_CAP } from '../shared/pagination'
import { and, desc, lt, sql } from 'drizzle-orm'
import { policies } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { forbidden } from '../shared/errors'
import { assertPolicyReader } from './policy-guards'
import { defineUseCase } from '../shared/authorize'
import { searchCondition, baseQuery, present, countPolicies, SEARCH_PAGE_SIZE } from './policy-listing'

/**
 * searchPolicies (staff, policy_management or finance): ref, student name, e-mail or passport,
 * newest first, keyset-paged by id (cursor = the last id of the previous page), 20 at a time.
 */
export const searchPolicies = defineUseCase(
  { staff: ['policy_management', 'finance'] },
  async function searchPolicies(opts: { actor: Actor; search?: string; cursor?: number }) {
    const { actor } = opts
    assertPolicyReader(actor)
    if (isAgencySide(actor)) throw forbidden()
    const match = opts.search ? searchCondition(opts.search) : undefined
    const page = and(match, opts.cursor ? lt(policies.id, opts.cursor) : undefined)
    const [rows, total] = await Promise.all([
      baseQuery()
        .where(page)
        .orderBy(desc(policies.id))
        .limit(SEARCH_PAGE_SIZE + 1),
      countPolicies(match ?? sql`true`, { limit: COUNT_CAP, customers: false }),
    ])
    const data = rows.slice(0, SEARCH_PAGE_SIZE).map(present)
    const nextCursor = rows.length > SEARCH_PAGE_SIZE ? data[data.length - 1].id : null
    return { data, total: total.total, ...(total.capped ? { totalCapped: true } : {}), nextCursor }
  },
)
