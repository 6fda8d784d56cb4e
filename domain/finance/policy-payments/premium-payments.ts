// A policy's premium payments as other areas' decisions change them (a purchase books one, a NexPay
// delivery is received on it, an amendment's credit, a completed full refund), beside the other
// writers of the premium payments in policy-payments.
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { policyPremiumPayments } from '../../../db/schema'
import { clock } from '../../shared/clock'
import { UNSETTLED_BNPL_STATUSES } from '../bnpl/bnpl.rules'

export type NewPremiumPayment = typeof policyPremiumPayments.$inferInsert

/** A purchase's premium payment is recorded (its status by the purchase's method); its id. */
export async function recordPremiumPayment(tx: DbOrTx, payment: NewPremiumPayment) {
  const [row] = await tx
    .insert(policyPremiumPayments)
    .values(payment)
    .returning({ id: policyPremiumPayments.id })
  return row.id
}

/** What has been received on a premium payment so far (cents; a NexPay delivery adds to it). */
export async function setPremiumReceived(tx: DbOrTx, paymentId: number, receivedCents: number) {
  await tx
    .update(policyPremiumPayments)
    .set({ received_amount: receivedCents })
    .where(eq(policyPremiumPayments.id, paymentId))
}

/** The policy's newest BNPL premium payment still owed (not settled yet), locked in `tx`. */
export async function lockOwedBnplPremium(tx: DbOrTx, policyId: number) {
  const [owed] = await tx
    .select()
    .from(policyPremiumPayments)
    .where(
      and(
        eq(policyPremiumPayments.policy_id, policyId),
        inArray(policyPremiumPayments.status, [...UNSETTLED_BNPL_STATUSES]),
      ),
    )
    .orderBy(desc(policyPremiumPayments.id))
    .limit(1)
    .for('update')
  return owed
}

/** An owed premium payment is lowered by `cents` (less premium is owed on credit). */
export async function lowerPremiumPayment(
  tx: DbOrTx,
  payment: { id: number; amount: number },
  cents: number,
) {
  await tx
    .update(policyPremiumPayments)
    .set({ amount: payment.amount - cents, updated_at: clock.now() })
    .where(eq(policyPremiumPayments.id, payment.id))
}

/** The policy's PAID premium payments become FULL_REFUNDED (its full refund completed). */
export async function markPremiumsFullRefunded(tx: DbOrTx, policyId: number, now: Date) {
  await tx
    .update(policyPremiumPayments)
    .set({ status: 'FULL_REFUNDED', updated_at: now })
    .where(and(eq(policyPremiumPayments.policy_id, policyId), eq(policyPremiumPayments.status, 'PAID')))
}
