import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { agencies, policies } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'

export type PolicyRow = typeof policies.$inferSelect

export type AgencyRow = typeof agencies.$inferSelect

/** A policy the actor may see: staff any, the agency side only its own (else 404). */
export async function loadPolicyFor(actor: Actor, policyId: number, db: DbOrTx = getDb()) {
  const [policy] = await db.select().from(policies).where(eq(policies.id, policyId))
  if (!policy) throw notFound('Policy')
  if (isAgencySide(actor) ? actor.agencyId !== policy.agency_id : !isStaff(actor) && actor.kind !== 'system')
    throw notFound('Policy')
  const [agency] = await db.select().from(agencies).where(eq(agencies.id, policy.agency_id))
  if (!agency) throw notFound('Policy')
  return { policy, agency }
}
