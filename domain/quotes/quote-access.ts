import type { DbOrTx } from '../../db/client'
import { getDb } from '../../db/client'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { forbidden } from '../shared/errors'
import { assertAgencyAccess } from '../agencies/agency-access'

/** Staff quote with `quote` or `policy_management`; the agency side with `quote`. */
export function assertQuoter(actor: Actor) {
  if (isStaff(actor) && (actor.permissions.has('quote') || actor.permissions.has('policy_management'))) return
  if (isAgencySide(actor) && actor.permissions.has('quote')) return
  throw forbidden()
}

/**
 * Whose prices a quote shows: the agency side is always quoted for its own agency (another
 * agency's id is a 404); staff for the agency they name (404 when it does not exist), or for no
 * agency at all (every provider, commission 0).
 */
export async function quoteAgencyId(
  actor: Actor,
  agencyId: number | undefined,
  db: DbOrTx = getDb(),
): Promise<number | null> {
  assertQuoter(actor)
  if (isAgencySide(actor)) {
    if (agencyId !== undefined) await assertAgencyAccess(actor, agencyId, db)
    return actor.agencyId
  }
  if (agencyId === undefined) return null
  return (await assertAgencyAccess(actor, agencyId, db)).id
}
