/**
 * Clawbacks: pure rules and the shapes the workflow, its activities and the use cases share
 * (DESIGN.md section 6, "Clawback"). No runtime imports but the pricing rules.
 */
import { percentOf } from '../quotes/pricing.rules'

export const CLAWBACK_METHODS = ['BANKED_COMMISSION', 'AGENCY_BALANCE', 'COMMISSION', 'BANK'] as const
export type ClawbackMethod = (typeof CLAWBACK_METHODS)[number]
export type ClawbackStatus = 'INITIATED' | 'REQUESTED' | 'COMPLETED' | 'REJECTED'

/** Commission statuses that mean the commission has been paid to the agency. */
export const PAID_COMMISSION_STATUSES = ['PAID', 'PAID_AMENDMENT_ADJUSTED'] as const
/** The clawback statuses in which the agency still owes (or may pay again). */
export const PAYABLE_CLAWBACK_STATUSES: readonly ClawbackStatus[] = ['INITIATED', 'REJECTED']
export const OPEN_CLAWBACK_STATUSES: readonly ClawbackStatus[] = ['INITIATED', 'REQUESTED', 'REJECTED']

export const CLAWBACK_DOCUMENT_REQUIRED_MSG = 'bank_document is required'
export const REJECTION_REASON_REQUIRED_MSG = 'Rejection reason is required'
export const COMMISSION_NOT_PAID_MSG =
  'Only a policy whose commission has been paid to the agency can have it clawed back'

/** The commission part of a clawback: round(premium x rate / 100), half-up to the cent. */
export function clawbackCommission(premiumCents: number, commissionRate: string | number): number {
  return percentOf(premiumCents, commissionRate)
}

/** Who decided (a staff member), carried into the workflow so the activity can record it. */
export type ClawbackDecider = { identityId: number; userId: number; email: string }

/** A staff decision on a paid clawback (persisted in workflow histories: change compatibly). */
export type ClawbackDecision =
  { kind: 'approve'; by: ClawbackDecider } | { kind: 'reject'; rejection_reason: string; by: ClawbackDecider }

/** What the workflow knows of its clawback (cents). */
export type ClawbackState = {
  clawbackId: number
  agencyId: number
  policyId: number
  status: ClawbackStatus
  method: ClawbackMethod | null
  outstandingCents: number
  amountCents: number
}

export const statusAfter = (d: ClawbackDecision): ClawbackStatus =>
  d.kind === 'approve' ? 'COMPLETED' : 'REJECTED'

/**
 * What a clawback paid through each method does to the money (see pay-clawback.ts):
 * whether the money moves when the agency pays (AGENCY_BALANCE) or when staff approve.
 */
export const METHOD_LABELS: Record<ClawbackMethod, string> = {
  BANKED_COMMISSION: 'Netted against banked commission',
  AGENCY_BALANCE: 'Agency balance',
  COMMISSION: 'Netted against the next commission payout',
  BANK: 'Bank transfer',
}

export const CLAWBACK_STATUS_LABELS: Record<ClawbackStatus, string> = {
  INITIATED: 'Clawback initiated',
  REQUESTED: 'Payment verification pending',
  COMPLETED: 'Clawback settled',
  REJECTED: 'Clawback rejected',
}

/**
 * Nets `outstanding` against banked commissions taken whole, oldest first: which ones are used,
 * how much of them goes to the clawback and what is left over for the agency (cents).
 */
export function netAgainstBanked(outstanding: number, banked: readonly { id: number; amount: number }[]) {
  const used: { id: number; amount: number; toClawback: number }[] = []
  let covered = 0
  for (const c of banked) {
    if (covered >= outstanding) break
    const take = Math.min(c.amount, outstanding - covered)
    covered += take
    used.push({ id: c.id, amount: c.amount, toClawback: take })
  }
  const usedTotal = used.reduce((s, u) => s + u.amount, 0)
  return { used, covered, usedTotal, leftOver: usedTotal - covered, short: outstanding - covered }
}
