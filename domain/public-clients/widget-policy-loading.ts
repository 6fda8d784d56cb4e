import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { agencies, policies } from '../../db/schema'
import type { WidgetActor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { purchaseSecretMatches } from './purchase-secrets'

/**
 * A policy created through the caller's own client by the browser holding its purchase secret
 * (`x-purchase-secret`, answered by createStudentDetails). Anything else (no or a wrong secret,
 * another client's policy, a portal policy) is the same 404, so ids cannot be probed.
 */
export async function loadWidgetPolicy(
  actor: WidgetActor,
  policyId: number,
  purchaseSecret: string | null | undefined,
  db: DbOrTx = getDb(),
) {
  if (!(await purchaseSecretMatches(db, policyId, purchaseSecret))) throw notFound('Policy')
  const [policy] = await db.select().from(policies).where(eq(policies.id, policyId))
  if (!policy || policy.public_client_id !== actor.publicClientId) throw notFound('Policy')
  const [agency] = await db.select().from(agencies).where(eq(agencies.id, policy.agency_id))
  if (!agency) throw notFound('Policy')
  return { policy, agency }
}
