import { POLICY_STATUSES } from '../../db/schema/enums'
import type { PolicyStatus } from '../policies/policies.rules'

/** Staff outstanding-policy tabs (spec/02 section 2) and the policy statuses each shows. */
export const OUTSTANDING_TABS = ['All', 'Unpaid', 'Pending', 'Paid'] as const
export type OutstandingTab = (typeof OUTSTANDING_TABS)[number]

const UNPAID: PolicyStatus[] = ['INITIATED', 'PAYMENT_REJECTED']
const PENDING: PolicyStatus[] = ['PURCHASED', 'PAYMENT_BY_BUY_NOW_PAY_LATER']
const PAID: PolicyStatus[] = ['PAYMENT_APPROVED', 'CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED']

export const OUTSTANDING_TAB_STATUSES: Record<OutstandingTab, readonly PolicyStatus[]> = {
  Unpaid: UNPAID,
  Pending: PENDING,
  Paid: PAID,
  All: [...UNPAID, ...PENDING, ...PAID],
}

/**
 * "Purchased" policies: the premium payment was approved, whatever happened after (certificates,
 * refunds, clawbacks). BNPL-financed policies are not purchased yet (they sit under Pending).
 */
export const PURCHASED_STATUSES: readonly PolicyStatus[] = POLICY_STATUSES.slice(
  POLICY_STATUSES.indexOf('PAYMENT_APPROVED'),
).filter((s) => s !== 'PAYMENT_REJECTED' && s !== 'PAYMENT_BY_BUY_NOW_PAY_LATER')

/** Agency pending-payment tabs: what it still has to pay, what waits for staff, or both. */
export const AGENCY_PAYMENT_TABS = ['Outstanding', 'Payment_Verification_Pending', 'All'] as const
export type AgencyPaymentTab = (typeof AGENCY_PAYMENT_TABS)[number]
export const AGENCY_PAYMENT_TAB_STATUSES: Record<AgencyPaymentTab, readonly PolicyStatus[]> = {
  Outstanding: UNPAID,
  Payment_Verification_Pending: ['PURCHASED'],
  All: [...UNPAID, 'PURCHASED'],
}

export const PAYMENT_LIST_SORT = ['requested_at', 'purchased_at', 'created_at', 'premium', 'ref'] as const
export const TOPUP_SORT = ['created_at', 'topup_date', 'amount', 'status'] as const
export const INVOICE_SORT = ['invoice_date', 'created_at', 'due_date', 'total_amount_due', 'status'] as const

/**
 * Invoice list tabs (spec/02 section 2), read from the agency's point of view. An invoice is
 * issued `from` the party that is owed `to` the party that pays (a PREMIUM invoice goes from
 * OSHC to AGENCY). "Open" means PENDING, OVERDUE or PARTIALLY_PAID. An open invoice is
 * "pending approval" while a payment of it waits for staff: a PENDING invoice payment (bank
 * top-ups) or, for PREMIUM invoices, a REQUESTED premium payment of one of its policies.
 *
 * - PAYABLE: open, addressed to the agency, no payment waiting for approval.
 * - RECEIVABLE: open, addressed to OSHC (the provider owes the agency: commission, refunds).
 * - PENDING_APPROVAL: open with a payment waiting for staff.
 * - PAID: PAID or OVER_PAID.
 * - AWAITING_COMMISSION_PAYMENT / COMMISSION_PAID: COMMISSION and AMENDMENT_COMMISSION invoices
 *   that are open / paid.
 * - PARTIAL_PAYMENT: PARTIALLY_PAID.
 * - ALL: every invoice (drafts and cancelled ones included).
 */
export const INVOICE_TABS = [
  'ALL',
  'PAYABLE',
  'RECEIVABLE',
  'PENDING_APPROVAL',
  'PAID',
  'AWAITING_COMMISSION_PAYMENT',
  'COMMISSION_PAID',
  'PARTIAL_PAYMENT',
] as const
export type InvoiceTab = (typeof INVOICE_TABS)[number]
export const OPEN_INVOICE_STATUSES = ['PENDING', 'OVERDUE', 'PARTIALLY_PAID'] as const
export const MAKER_CHECKER_MSG =
  'You created or last changed this record, so another finance staff member must approve it'

export const COMMISSION_INVOICE_TYPES = ['COMMISSION', 'AMENDMENT_COMMISSION'] as const

/** Share of the BNPL allowance still available, in percent with two decimals (0 without an allowance). */
export function bnplPercentageRemaining(totalCents: number, remainingCents: number) {
  if (totalCents <= 0) return 0
  return Math.round((remainingCents * 10000) / totalCents) / 100
}

/**
 * Commission statuses that are banked (owed to the agency and requestable in a payout): an
 * amendment that changes a banked commission keeps it banked, with the adjusted amount.
 */
export const BANKED_COMMISSION_STATUSES = [
  'COMMISSION_BANKED',
  'COMMISSION_BANKED_AMENDMENT_ADJUSTED',
] as const
