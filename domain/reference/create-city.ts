import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cities, states } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { conflict, conflictOnDuplicate, notFound } from '../shared/errors'
import type { CreateCityInput } from './reference.schemas'
import { assertReferenceEditor } from './reference-guards'
import { defineUseCase } from '../shared/authorize'

export const CITY_EXISTS = 'City already exists'

/**
 * POST /addresses/createCity (staff with agency_management): adds a city to a state.
 * A name already used in that state, in any letter case, is a 409.
 */
export const createCity = defineUseCase(
  { staff: ['agency_management'] },
  async function createCity(opts: { actor: Actor; input: CreateCityInput }) {
    assertReferenceEditor(opts.actor)
    const { name, state_id } = opts.input
    const db = getDb()
    const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, state_id))
    if (!state) throw notFound('State')
    const [existing] = await db
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.state_id, state_id), eq(sql`lower(${cities.name})`, name.toLowerCase())))
    if (existing) throw conflict(CITY_EXISTS)
    const [city] = await db
      .insert(cities)
      .values({ name, state_id })
      .returning({ id: cities.id, name: cities.name, state_id: cities.state_id })
      .catch(conflictOnDuplicate(CITY_EXISTS))
    return city
  },
)
