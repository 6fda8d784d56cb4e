import { and, asc, eq, ilike, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cities } from '../../db/schema'
import type { CitiesQuery } from './reference.schemas'
import { escapeLike } from './search-text'

/** Cities page info as the spec spells it: totalPage and hasMore instead of totalPages. */
export type CityPageInfo = {
  page: number
  perPage: number
  total: number
  totalPage: number
  hasMore: boolean
}

/**
 * GET /addresses/citiesByStateId (public): a state's cities by name, paged in SQL, optionally
 * filtered by a case-insensitive substring of the name.
 */
export async function findCitiesByState(query: CitiesQuery) {
  const { state_id, page, perPage, search_query } = query
  const where = search_query
    ? and(eq(cities.state_id, state_id), ilike(cities.name, `%${escapeLike(search_query)}%`))
    : eq(cities.state_id, state_id)
  const db = getDb()
  const [items, [{ total }]] = await Promise.all([
    db
      .select({ id: cities.id, name: cities.name, state_id: cities.state_id })
      .from(cities)
      .where(where)
      .orderBy(sql`lower(${cities.name})`, asc(cities.name), asc(cities.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(cities)
      .where(where),
  ])
  const pageInfo: CityPageInfo = {
    page,
    perPage,
    total,
    totalPage: Math.max(1, Math.ceil(total / perPage)),
    hasMore: page * perPage < total,
  }
  return { items, pageInfo }
}
