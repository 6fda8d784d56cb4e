/**
 * Payout batches (issue 25, DESIGN.md §16): the pure rules of who may be paid by an ABA file and
 * how its lines read. No runtime imports.
 */

export const BSB_MSG = 'The verified BSB must be 6 digits (like 062-000)'
export const ACCOUNT_MSG = 'The verified account number must be 1 to 9 digits'
export const NO_ACCOUNT_MSG = 'The agency has no verified payout account'
export const ACCOUNT_NAME_MSG = 'The verified account name is missing'

/** The six digits of a BSB (`062-000`, `062000`, `062 000`), or null when it is not one. */
export function bsbDigits(bsb: string | null | undefined): string | null {
  const digits = (bsb ?? '').replace(/[\s-]/g, '')
  return /^\d{6}$/.test(digits) ? digits : null
}

/** An account number as the file writes it (digits, at most 9), or null. */
export function accountDigits(account: string | null | undefined): string | null {
  const digits = (account ?? '').replace(/[\s-]/g, '')
  return /^\d{1,9}$/.test(digits) ? digits : null
}

export type Payee = { bsb: string | null; account_number: string; bank_account_name: string }

/** Why a verified payout account cannot be paid by a Direct Entry file, or null when it can. */
export function payeeIssue(payee: Payee | null): string | null {
  if (!payee) return NO_ACCOUNT_MSG
  if (!bsbDigits(payee.bsb)) return BSB_MSG
  if (!accountDigits(payee.account_number)) return ACCOUNT_MSG
  if (!payee.bank_account_name.trim()) return ACCOUNT_NAME_MSG
  return null
}

/** What the payee's statement shows for a payout (the ABA lodgement reference, <= 18 characters). */
export const lodgementReference = (payoutId: number) => `PAYOUT ${payoutId}`

/** What the agency's statement shows for a full refund paid by a batch. */
export const refundReference = (refundId: number) => `REFUND ${refundId}`

/** What the insurer's statement shows for a batch's debit: the file's description (12 characters). */
export const batchReference = (batchId: number) => `PB-${batchId}`

/**
 * The `bank_document` a payout paid by a batch carries (the specification's field for the proof
 * of a bank transfer): the batch's file and the statement line that shows its debit.
 */
export const batchBankDocument = (batchId: number, lineId: number) =>
  `payout-batch:${batchId}/statement-line:${lineId}`

/** The most payouts one batch may hold. */
export const MAX_BATCH_ITEMS = 500

export const BATCH_STATUS_LABELS = {
  DRAFT: 'Draft',
  APPROVED: 'Approved',
  SENT: 'Sent to the bank',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
} as const

export const BATCH_ITEM_STATE_LABELS = {
  INCLUDED: 'In the file',
  RETURNED: 'Returned by the bank',
  RELEASED: 'Released',
} as const
