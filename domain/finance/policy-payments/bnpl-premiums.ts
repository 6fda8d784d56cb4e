// The premium payments of buy-now-pay-later purchases as a settlement request moves them:
// requested, paid on approval, owed again on rejection. The BNPL use cases call these rather
// than writing the policy-payments area's rows themselves.
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { policyPremiumPayments } from '../../../db/schema'
import { clock } from '../../shared/clock'

export type PremiumPaymentRow = typeof policyPremiumPayments.$inferSelect

/**
 * The newest BNPL premium payment of each policy, locked in `tx` (FOR UPDATE: two settlement
 * requests for one policy cannot both pass); a policy without one is absent from the map.
 */
export async function lockLatestBnplPremiums(tx: DbOrTx, policyIds: number[]) {
  const payments = await tx
    .select()
    .from(policyPremiumPayments)
    .where(
      and(
        inArray(policyPremiumPayments.policy_id, policyIds),
        eq(policyPremiumPayments.payment_type, 'BNPL'),
      ),
    )
    .for('update')
  const latest = new Map<number, PremiumPaymentRow>()
  for (const p of payments) {
    const seen = latest.get(p.policy_id)
    if (!seen || seen.id < p.id) latest.set(p.policy_id, p)
  }
  return latest
}

/** The premiums enter a settlement request (PENDING_CREDIT_PAYMENT_REQUESTED). */
export async function markBnplPremiumsRequested(tx: DbOrTx, paymentIds: number[], by: number | null) {
  await tx
    .update(policyPremiumPayments)
    .set({ status: 'PENDING_CREDIT_PAYMENT_REQUESTED', rejection_reason: null, updated_by: by })
    .where(inArray(policyPremiumPayments.id, paymentIds))
}

/**
 * The settlement is approved: the premiums still in the request become PAID. Returns how many
 * moved, so the caller refuses a request whose premiums changed meanwhile.
 */
export async function markBnplPremiumsPaid(tx: DbOrTx, paymentIds: number[], decidedBy: number) {
  const now = clock.now()
  const moved = await tx
    .update(policyPremiumPayments)
    .set({ status: 'PAID', paid_at: now, decided_by: decidedBy, updated_at: now })
    .where(
      and(
        inArray(policyPremiumPayments.id, paymentIds),
        eq(policyPremiumPayments.status, 'PENDING_CREDIT_PAYMENT_REQUESTED'),
      ),
    )
    .returning({ id: policyPremiumPayments.id })
  return moved.length
}

/** The settlement is rejected: the premiums are owed again (requestable in a new request). */
export async function markBnplPremiumsRejected(tx: DbOrTx, paymentIds: number[], reason: string) {
  await tx
    .update(policyPremiumPayments)
    .set({ status: 'PENDING_CREDIT_PAYMENT_REJECTED', rejection_reason: reason, updated_at: clock.now() })
    .where(
      and(
        inArray(policyPremiumPayments.id, paymentIds),
        eq(policyPremiumPayments.status, 'PENDING_CREDIT_PAYMENT_REQUESTED'),
      ),
    )
}
