import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { agencies, publicClients } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { conflict, notFound } from '../shared/errors'

export type PublicClientRow = typeof publicClients.$inferSelect

/** The agency named in a path: the agency side may name only its own (another is a 404). */
export async function loadClientAgency(actor: Actor, agencyId: number, db: DbOrTx = getDb()) {
  if (isAgencySide(actor) && actor.agencyId !== agencyId) throw notFound('Agency')
  const [agency] = await db
    .select({ id: agencies.id, status: agencies.status, name: agencies.full_company_name })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
  if (!agency) throw notFound('Agency')
  return agency
}

/** A client the actor may manage: staff any, the agency side only its own (else 404). */
export async function loadClientFor(actor: Actor, id: number, db: DbOrTx = getDb()) {
  const [row] = await db.select().from(publicClients).where(eq(publicClients.id, id))
  if (!row || (isAgencySide(actor) && actor.agencyId !== row.agency_id)) throw notFound('Public client')
  return row
}

export const NOT_ACTIVATED_MSG = 'Only an agency whose portal is activated can have active website clients'

/** 409 when a client would be active for an agency whose portal is not activated. */
export function assertCanBeActive(agencyStatus: string, active: boolean) {
  if (active && agencyStatus !== 'PORTAL_ACTIVATED') throw conflict(NOT_ACTIVATED_MSG)
}

/** Who manages clients: the agency side with `user_management` (its own), staff with `agency_management`. */
export const CLIENT_MANAGERS = { staff: ['agency_management'], agency: ['user_management'] } as const
