import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { agencies, policies } from '../../db/schema'
import type { WidgetActor } from '../shared/actor'
import { notFound } from '../shared/errors'

/** A policy created through the caller's own client; any other (another client's, the portal's) is a 404. */
export async function loadWidgetPolicy(actor: WidgetActor, policyId: number, db: DbOrTx = getDb()) {
  const [policy] = await db.select().from(policies).where(eq(policies.id, policyId))
  if (!policy || policy.public_client_id !== actor.publicClientId) throw notFound('Policy')
  const [agency] = await db.select().from(agencies).where(eq(agencies.id, policy.agency_id))
  if (!agency) throw notFound('Policy')
  return { policy, agency }
}
