// The policy lists (spec/02 section 9): the tables, their sort keys and the tabs of the policy
// screens, as groups of statuses.
import { PAID_STATUSES, PAYABLE_STATUSES, UNPRICED_STATUSES, type PolicyStatus } from './policies.rules'

/** The policy tables of spec/02 section 9. */
export const POLICY_TABLES = ['certificates', 'my_policies', 'cancellations'] as const
export type PolicyTable = (typeof POLICY_TABLES)[number]

/** Statuses listed by the `certificates` table: paid, waiting for or holding a certificate. */
export const CERTIFICATE_TABLE_STATUSES: readonly PolicyStatus[] = PAID_STATUSES

/** Statuses listed by the `cancellations` table (besides a cancellation request). */
export const CANCELLATION_TABLE_STATUSES: readonly PolicyStatus[] = [
  'FULL_REFUND_REQUESTED',
  'FULL_REFUND_REJECTED',
  'FULL_REFUND_APPROVED',
  'FULL_REFUND_INITIATED',
  'FULL_REFUND_COMPLETED',
]

export const POLICY_SORT_KEYS = [
  'created_at',
  'start_date',
  'end_date',
  'premium',
  'ref',
  'customer_name',
  'purchased_at',
] as const
export type PolicySortKey = (typeof POLICY_SORT_KEYS)[number]

/** Tabs of the policy screens: status groups, in the order a policy goes through them. */
export const POLICY_STATUS_GROUPS: Record<string, readonly PolicyStatus[]> = {
  Drafts: UNPRICED_STATUSES,
  'Awaiting payment': PAYABLE_STATUSES,
  'Verification pending': ['PURCHASED'],
  Paid: ['PAYMENT_APPROVED', 'PAYMENT_BY_BUY_NOW_PAY_LATER'],
  Certificates: ['CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED'],
  Refunds: CANCELLATION_TABLE_STATUSES,
}
