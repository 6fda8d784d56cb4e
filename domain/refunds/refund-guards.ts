// The refund's checks shared by its use cases (which refuse early, for the page) and the decision's
// activity (the authority, against the database in the decision's transaction).
import { conflict, validation } from '../shared/errors'
import { formatCents } from '../shared/format'
import type { policyMoney } from './refund-loading'

export const PAYOUT_IN_FLIGHT_MSG =
  'The commission of this policy is in a commission payout request; decide that payout first'

/**
 * The amounts a refund may be initiated with: refundable premium at most what was received for the
 * policy and not yet returned (amendment credits, earlier refunds: policyPremiumHeld), deducted
 * commission at most its commission and at most the refundable premium, a full refund returning
 * exactly that rest. Field errors (400) otherwise.
 */
export function assertRefundAmounts(
  money: Awaited<ReturnType<typeof policyMoney>>,
  d: { refundable_premium_amount: number; deductable_commission_amount: number; is_full_refund: boolean },
) {
  // What was received for the policy and not yet returned (amendment credits, earlier refunds).
  const held = money.refundableCents
  if (d.refundable_premium_amount > held)
    throw validation(
      'refundable_premium_amount',
      held === money.premiumPaidCents
        ? `refundable_premium_amount cannot exceed the premium paid (${formatCents(held)})`
        : `refundable_premium_amount cannot exceed the premium received and not yet returned (${formatCents(held)})`,
    )
  const commission = money.commission?.amount ?? 0
  if (d.deductable_commission_amount > commission)
    throw validation(
      'deductable_commission_amount',
      `deductable_commission_amount cannot exceed the commission (${formatCents(commission)})`,
    )
  if (d.deductable_commission_amount > d.refundable_premium_amount)
    throw validation(
      'deductable_commission_amount',
      'deductable_commission_amount cannot exceed refundable_premium_amount',
    )
  if (d.is_full_refund && d.refundable_premium_amount !== held)
    throw validation(
      'refundable_premium_amount',
      held === money.premiumPaidCents
        ? `A full refund returns the whole premium paid (${formatCents(held)})`
        : `A full refund returns the premium received and not yet returned (${formatCents(held)})`,
    )
}

/** Refuses an approval while the policy's commission sits in a payout request (409). */
export function assertCommissionSettled(commission: { status: string } | null) {
  if (commission?.status === 'PAYOUT_REQUESTED') throw conflict(PAYOUT_IN_FLIGHT_MSG)
}
