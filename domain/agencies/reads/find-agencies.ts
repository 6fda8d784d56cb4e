import { asc, desc } from 'drizzle-orm'
import { agencies } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { pageInfo } from '../../shared/pagination'
import { type AgencyListInput, filters, baseQuery, countAgencies, present } from './agency-list-query'

/** agenciesByStatus (staff): filtered, sorted and paged in SQL. */
export const findAgencies = defineUseCase(
  { staff: ['agency_management'] },
  async function findAgencies(input: AgencyListInput & { actor: Actor; page: number; perPage: number }) {
    const dir = input.sort_direction === 'asc' ? asc : desc
    const where = filters(input)
    const [rows, total] = await Promise.all([
      baseQuery()
        .where(where)
        .orderBy(dir(agencies[input.sort_key]), dir(agencies.id))
        .limit(input.perPage)
        .offset((input.page - 1) * input.perPage),
      countAgencies(where),
    ])
    return { items: rows.map(present), pageInfo: pageInfo(input.page, input.perPage, total) }
  },
)
