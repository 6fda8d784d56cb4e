import { asc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { states } from '../../db/schema'

/** GET /addresses/statesByCountryId (public): a country's states by name (empty for an unknown country). */
export async function findStatesByCountry(countryId: number) {
  return getDb()
    .select({
      id: states.id,
      name: states.name,
      state_code: states.state_code,
      country_id: states.country_id,
    })
    .from(states)
    .where(eq(states.country_id, countryId))
    .orderBy(sql`lower(${states.name})`, asc(states.name), asc(states.id))
}
