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
      /** Set when a payout batch's payment decides it (its payout is in that batch). */
      batch_id?: number
      by: PayoutDecider
    }
  | { kind: 'reject'; rejection_reason: string; by: PayoutDecider }

export const PAYMENT_TYPE_MSG = 'payment_type must be BANK, AGENCY_BALANCE or SETTLED_WITH_CLAWBACK'

/** The fields a payout decision carries, as the page, the API or the Update hands them over. */
export type PayoutDecisionFields =
  | { kind: 'approve'; payment_type?: unknown; bank_document?: unknown }
  | { kind: 'reject'; rejection_reason?: unknown }

const blank = (v: unknown) => (typeof v === 'string' ? v.trim() === '' : v == null)

/**
 * The one rule of a payout decision's own fields (BANK needs its transfer proof, a rejection its
 * reason), behind the page's form, the API's body (payouts.schemas.ts) and the workflow's
 * validator (the contract): the field at fault and why, or null. The proof is a stored file's key,
 * or the file itself on the page.
 */
export function payoutDecisionIssue(
  d: PayoutDecisionFields,
): { path: 'payment_type' | 'bank_document' | 'rejection_reason'; message: string } | null {
  if (d.kind === 'reject')
    return blank(d.rejection_reason)
      ? { path: 'rejection_reason', message: REJECTION_REASON_REQUIRED_MSG }
      : null
  if (!PAYOUT_PAYMENT_TYPES.includes(d.payment_type as PayoutPaymentType))
    return { path: 'payment_type', message: PAYMENT_TYPE_MSG }
  if (d.payment_type === 'BANK' && blank(d.bank_document))
    return { path: 'bank_document', message: BANK_DOCUMENT_REQUIRED_MSG }
  return null
}

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
