import { and, desc, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { policies, policyPremiumPayments } from '../../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../../shared/actor'
import { conflict, notFound } from '../../shared/errors'

/**
 * A policy the actor may see (staff: any; agency side: its own, else 404), with its agency id.
 */
export async function loadVisiblePolicy(actor: Actor, policyId: number, tx: DbOrTx = getDb()) {
  const [row] = await tx
    .select({ id: policies.id, ref: policies.ref, agency_id: policies.agency_id, status: policies.status })
    .from(policies)
    .where(eq(policies.id, policyId))
  if (!row) throw notFound('Policy')
  if (isAgencySide(actor) && actor.agencyId !== row.agency_id) throw notFound('Policy')
  if (!isStaff(actor) && !isAgencySide(actor)) throw notFound('Policy')
  return row
}

export const NO_PAYMENT_WAITING = 'This policy has no payment waiting for verification'

/** The newest REQUESTED premium payment of a policy, locked in `tx`; 409 when none waits. */
export async function lockWaitingPayment(tx: DbOrTx, policyId: number) {
  const [payment] = await tx
    .select()
    .from(policyPremiumPayments)
    .where(and(eq(policyPremiumPayments.policy_id, policyId), eq(policyPremiumPayments.status, 'REQUESTED')))
    .orderBy(desc(policyPremiumPayments.created_at), desc(policyPremiumPayments.id))
    .limit(1)
    .for('update')
  if (!payment) throw conflict(NO_PAYMENT_WAITING)
  return payment
}
