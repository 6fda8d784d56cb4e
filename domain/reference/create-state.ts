import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { countries, states } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { conflict, conflictOnDuplicate, notFound } from '../shared/errors'
import type { CreateStateInput } from './reference.schemas'
import { assertReferenceEditor } from './reference-guards'
import { defineUseCase } from '../shared/authorize'

export const STATE_EXISTS = 'State already exists'

/**
 * POST /addresses/createState (staff with agency_management): adds a state to a country.
 * A name already used in that country, in any letter case, is a 409.
 */
export const createState = defineUseCase(
  { staff: ['agency_management'] },
  async function createState(opts: { actor: Actor; input: CreateStateInput }) {
    assertReferenceEditor(opts.actor)
    const { name, state_code, country_id } = opts.input
    const db = getDb()
    const [country] = await db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.id, country_id))
    if (!country) throw notFound('Country')
    const [existing] = await db
      .select({ id: states.id })
      .from(states)
      .where(and(eq(states.country_id, country_id), eq(sql`lower(${states.name})`, name.toLowerCase())))
    if (existing) throw conflict(STATE_EXISTS)
    const [state] = await db
      .insert(states)
      .values({ name, state_code, country_id })
      .returning({
        id: states.id,
        name: states.name,
        state_code: states.state_code,
        country_id: states.country_id,
      })
      .catch(conflictOnDuplicate(STATE_EXISTS))
    return state
  },
)
