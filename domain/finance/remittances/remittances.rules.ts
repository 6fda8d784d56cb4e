/**
 * Insurer remittances (issue 25, DESIGN.md §16): the pure rules and words. No runtime imports.
 */
import type { RemittanceStatus } from '../../../db/schema/remittances'

export const REMITTANCE_STATUS_LABELS: Record<RemittanceStatus, string> = {
  PROPOSED: 'Proposed',
  APPROVED: 'Approved',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
}

/** What the insurer's statement shows for its line in a batch's ABA file (<= 18 characters). */
export const remittanceReference = (remittanceId: number) => `REMIT ${remittanceId}`

export const REMITTANCE_MESSAGES = {
  state: (id: number, status: RemittanceStatus, action: string) =>
    `Remittance #${id} is ${REMITTANCE_STATUS_LABELS[status].toLowerCase()}; it cannot be ${action}`,
  inBatch: (id: number, batchId: number) =>
    `Remittance #${id} is in payout batch #${batchId}: cancel the batch or return its line first`,
  noAccount: "Set the insurer's bank account first",
  nothing: 'Nothing to remit: the commission retained is not less than the premium received',
} as const

/** The insurer's net for a month: premium received less commission retained (cents). */
export const remittanceAmount = (f: { premium_cents: number; commission_cents: number }) =>
  f.premium_cents - f.commission_cents
