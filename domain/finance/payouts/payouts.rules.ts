/**
 * Commission payouts: pure rules and the shapes the workflow, its activities and the use cases
 * share (DESIGN.md section 6, "Commission payout"). No runtime imports but the pricing rules.
 */
import { divRound, percentOf } from '../../quotes/pricing.rules'

export const PAYOUT_PAYMENT_TYPES = ['BANK', 'AGENCY_BALANCE', 'SETTLED_WITH_CLAWBACK'] as const
export type PayoutPaymentType = (typeof PAYOUT_PAYMENT_TYPES)[number]
export type PayoutStatus = 'REQUESTED' | 'APPROVED' | 'REJECTED'

export const BANK_DOCUMENT_REQUIRED_MSG = 'bank_document is required'
export const REJECTION_REASON_REQUIRED_MSG = 'Rejection reason is required'

/** Who decided (a staff member), carried into the workflow so the activity can record it. */
export type PayoutDecider = { identityId: number; userId: number; email: string }

/**
 * A staff decision on a payout, as it travels through the workflow's `decide` Update (persisted in
 * workflow histories: change only in backward-compatible ways).
 */
export type PayoutDecision =
  | {
      kind: 'approve'
      payment_type: PayoutPaymentType
      bank_document: string | null
      by: PayoutDecider
    }
  | { kind: 'reject'; rejection_reason: string; by: PayoutDecider }

/** What the workflow knows of its payout (amounts in cents). */
export type PayoutState = {
  payoutId: number
  agencyId: number
  status: PayoutStatus
  totalCents: number
  paymentType: PayoutPaymentType | null
}

/** GST on a payout: round(commission total x rate / 100), half-up to the cent. */
export function payoutGst(commissionCents: number, gstRate: string): number {
  return percentOf(commissionCents, gstRate)
}

/**
 * Spreads `gstCents` over lines in proportion to their amounts so that the lines' GST adds up to
 * exactly the payout's GST (cumulative rounding: no cent is lost or invented).
 */
export function spreadGst(amounts: readonly number[], gstCents: number): number[] {
  const total = amounts.reduce((s, a) => s + a, 0)
  if (total === 0 || gstCents === 0) return amounts.map(() => 0)
  let cumulative = 0
  let given = 0
  return amounts.map((a) => {
    cumulative += a
    const upTo = divRound(cumulative * gstCents, total)
    const share = upTo - given
    given = upTo
    return share
  })
}

/** The status a decision moves a payout to. */
export const statusAfter = (d: PayoutDecision): PayoutStatus =>
  d.kind === 'approve' ? 'APPROVED' : 'REJECTED'
