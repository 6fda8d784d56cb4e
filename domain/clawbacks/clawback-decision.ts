import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { clawbacks, policies } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { conflict, notFound } from '../shared/errors'
import { assertNotMaker } from '../finance/finance-guards'

/**
 * The clawback a staff decision on `policyId` is about (its latest): 404 when none, 403 for whoever
 * initiated it (maker-checker), 409 unless REQUESTED.
 */
export async function waitingClawbackOf(policyId: number, staff: StaffActor) {
  const [policy] = await getDb().select({ id: policies.id }).from(policies).where(eq(policies.id, policyId))
  if (!policy) throw notFound('Policy')
  const [c] = await getDb()
    .select()
    .from(clawbacks)
    .where(and(eq(clawbacks.policy_id, policyId)))
    .orderBy(desc(clawbacks.id))
    .limit(1)
  if (!c) throw notFound('Clawback')
  assertNotMaker(staff.identityId, c)
  if (c.status !== 'REQUESTED')
    throw conflict(
      `This clawback is ${c.status}; only a clawback the agency has paid (REQUESTED) can be decided`,
    )
  return c
}

export async function reloadClawback(id: number) {
  const [row] = await getDb().select().from(clawbacks).where(eq(clawbacks.id, id))
  return row
}
