import { and, asc, eq, ilike, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cities } from '../../db/schema'
import { escapeLike } from './search-text'

export const CITY_SEARCH_LIMIT = 20
export const CITY_SEARCH_MAX = 50

/**
 * Cities of a state whose name starts with `q` (any case), alphabetical, at most `limit`: what a
 * city box shows as the user types. The state filter uses the (state_id, name) index and the
 * pattern has no leading wildcard, so a state's hundreds of cities are never all sent.
 */
export async function searchCities(o: { stateId: number; q: string; limit?: number }) {
  const limit = Math.min(Math.max(1, o.limit ?? CITY_SEARCH_LIMIT), CITY_SEARCH_MAX)
  const q = o.q.trim()
  return getDb()
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(and(eq(cities.state_id, o.stateId), q ? ilike(cities.name, `${escapeLike(q)}%`) : undefined))
    .orderBy(sql`lower(${cities.name})`, asc(cities.id))
    .limit(limit)
}

/** The city of `stateId` named `name` (exact spelling first, then any case), or null. */
export async function findCityInState(stateId: number, name: string) {
  const [city] = await getDb()
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(and(eq(cities.state_id, stateId), ilike(cities.name, escapeLike(name.trim()))))
    .orderBy(sql`${cities.name} = ${name.trim()} desc`, asc(cities.id))
    .limit(1)
  return city ?? null
}

/** Whether city `cityId` lies in state `stateId`. */
export async function isCityOfState(cityId: number, stateId: number) {
  const [city] = await getDb()
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.state_id, stateId)))
  return !!city
}
