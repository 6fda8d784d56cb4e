import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { agencies } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'

export type AgencyRow = typeof agencies.$inferSelect

/**
 * Loads an agency the actor may see: staff see every agency, an agency (or its users) only its
 * own; anything else is "not found" so that other agencies' ids reveal nothing.
 */
export async function assertAgencyAccess(
  actor: Actor,
  agencyId: number,
  tx: DbOrTx = getDb(),
): Promise<AgencyRow> {
  if (isAgencySide(actor) && actor.agencyId !== agencyId) throw notFound('Agency')
  if (!isStaff(actor) && !isAgencySide(actor) && actor.kind !== 'system') throw notFound('Agency')
  const [a] = await tx.select().from(agencies).where(eq(agencies.id, agencyId))
  if (!a) throw notFound('Agency')
  return a
}
