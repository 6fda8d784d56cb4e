import { asc, eq } from 'drizzle-orm'
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
    .orderBy(asc(states.name), asc(states.id))
}
