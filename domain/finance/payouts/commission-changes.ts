// A policy's commission as the sale and the after-sale processes change it (a purchase books it
// PENDING, an amendment adjusts it, a clawback nets banked commission, a full refund cancels it): the commission rows are written here, in the
// caller's `tx`; the callers post what the journal needs.
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { commissions } from '../../../db/schema'
import { clock } from '../../shared/clock'

type CommissionStatus = (typeof commissions.$inferSelect)['status']
type NewCommission = typeof commissions.$inferInsert

/**
 * A purchase's commission, PENDING until its premium is paid: one per policy, so a policy bought
 * again takes the new amount and rate and is PENDING again.
 */
export async function recordPendingCommission(
  tx: DbOrTx,
  c: {
    policyId: number
    agencyId: number
    amount: number
    rate: NewCommission['commission_rate']
    currency: NewCommission['currency']
  },
) {
  await tx
    .insert(commissions)
    .values({
      policy_id: c.policyId,
      agency_id: c.agencyId,
      amount: c.amount,
      commission_rate: c.rate,
      currency: c.currency,
      status: 'PENDING',
    })
    .onConflictDoUpdate({
      target: commissions.policy_id,
      set: { amount: c.amount, commission_rate: c.rate, status: 'PENDING', updated_at: clock.now() },
    })
}

/** The commission takes a new amount and, when given, a new status. */
export async function setCommissionAmount(
  tx: DbOrTx,
  commissionId: number,
  change: { amount: number; status?: CommissionStatus },
) {
  await tx
    .update(commissions)
    .set({ ...change, updated_at: clock.now() })
    .where(eq(commissions.id, commissionId))
}

/** Banked commissions used to net a clawback become PAID. */
export async function markCommissionsPaid(tx: DbOrTx, commissionIds: number[], now: Date) {
  for (const id of commissionIds)
    await tx.update(commissions).set({ status: 'PAID', updated_at: now }).where(eq(commissions.id, id))
}

/**
 * The commission becomes FULL_REFUNDED if it is still in one of `from` (not paid out); answers
 * whether it moved.
 */
export async function cancelCommission(
  tx: DbOrTx,
  commissionId: number,
  from: readonly CommissionStatus[],
  now: Date,
) {
  const [cancelled] = await tx
    .update(commissions)
    .set({ status: 'FULL_REFUNDED', updated_at: now })
    .where(and(eq(commissions.id, commissionId), inArray(commissions.status, [...from])))
    .returning({ id: commissions.id })
  return Boolean(cancelled)
}
