/**
 * What people read instead of stored codes: one map per enum, shared by screens, mails and
 * exports' readable columns. A value missing from its map (an old row, a new code) falls back to
 * a sentence-cased reading of the code rather than the raw code.
 */
import type {
  AGENCY_STATUSES,
  BALANCE_TRANSACTION_TYPES,
  CARD_PAYMENT_STATUSES,
  COMMISSION_STATUSES,
  CURRENCIES,
  INVOICE_PAYMENT_STATUSES,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  LINE_ITEM_TYPES,
  PAYMENT_DOCUMENT_STATUSES,
  PAYMENT_LINK_STATUSES,
  POLICY_SOURCES,
  POLICY_TYPES,
  PREMIUM_PAYMENT_STATUSES,
  PUBLIC_CLIENT_TYPES,
  TICKET_PRIORITIES,
  TICKET_PROJECTS,
  TICKET_STAGES,
  TICKET_TYPES,
  REQUEST_STATUSES,
} from '../../db/schema/enums'
import {
  PROVIDER_PAYMENT_STATUS_LABELS,
  STATUS_LABELS as POLICY_STATUS_LABELS,
  USER_DEFINED_STATUS_LABELS,
} from '../policies/policies.rules'
import { METHOD_LABELS } from '../payments/payments.rules'

export { POLICY_STATUS_LABELS, USER_DEFINED_STATUS_LABELS, PROVIDER_PAYMENT_STATUS_LABELS }

type Labels<T extends readonly string[]> = Record<T[number], string>

export const POLICY_TYPE_LABELS: Labels<typeof POLICY_TYPES> = {
  SINGLE: 'Single',
  COUPLE: 'Couple',
  SINGLE_PARENT: 'Single parent',
  FAMILY: 'Family',
}

export const POLICY_SOURCE_LABELS: Labels<typeof POLICY_SOURCES> = {
  PORTAL: 'Portal',
  WIDGET: 'Website widget',
}

export const PUBLIC_CLIENT_TYPE_LABELS: Labels<typeof PUBLIC_CLIENT_TYPES> = {
  IFRAME: 'Iframe on a page',
  IN_APP: 'Script (resizes itself)',
}

export const TICKET_STAGE_LABELS: Labels<typeof TICKET_STAGES> = {
  BACKLOG: 'Backlog',
  TODO: 'To do',
  IN_PROGRESS: 'In progress',
  DONE: 'Done',
}
export const TICKET_TYPE_LABELS: Labels<typeof TICKET_TYPES> = {
  BUG: 'Bug',
  NEW_FEATURE: 'New feature',
  IMPROVEMENT: 'Improvement',
}
export const TICKET_PRIORITY_LABELS: Labels<typeof TICKET_PRIORITIES> = {
  URGENT: 'Urgent',
  MEDIUM: 'Medium',
  LOW: 'Low',
}
export const TICKET_PROJECT_LABELS: Labels<typeof TICKET_PROJECTS> = {
  OSHC: 'OSHC back office',
  YOUR_OVHC: 'Your OVHC',
}

export const AGENCY_STATUS_LABELS: Labels<typeof AGENCY_STATUSES> = {
  PENDING: 'E-mail not verified',
  SIGN_UP_REQUEST_SENT: 'Login sent',
  LOGIN_CRED_CHANGED: 'Password chosen',
  COMPANY_DETAIL_STEP_ONE_DONE: 'Company details started',
  COMPANY_DETAIL_STEP_TWO_DONE: 'Address added',
  COMPANY_DETAIL_DONE: 'Company details complete',
  CONFIGURATION_DONE: 'Configured',
  AGREEMENT_SENT: 'Agreement sent',
  AGREEMENT_SIGNED: 'Agreement signed',
  PORTAL_ACTIVATED: 'Portal active',
  PORTAL_DEACTIVATED: 'Portal deactivated',
}

export const CREATION_TYPE_LABELS: Record<string, string> = {
  SELF_SIGNUP: 'Signed up',
  INVITATION: 'Invited',
  REFERRAL: 'Referred',
}

/** Payment methods as stored on policies and payments (BUY_NOW_PAY_LATER is an older spelling). */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  ...METHOD_LABELS,
  BUY_NOW_PAY_LATER: METHOD_LABELS.BNPL,
  BANKED_COMMISSION: 'Banked commission',
  COMMISSION: 'Commission',
  SETTLED_WITH_CLAWBACK: 'Settled with a clawback',
}

/** A payment method inside a sentence: 'paid by bank transfer', but a brand keeps its capitals (NexPay). */
export const paymentMethodInText = (method: string) => {
  const label = PAYMENT_METHOD_LABELS[method] ?? method
  return /^[A-Z][a-z]*[A-Z]/.test(label) ? label : label.toLowerCase()
}

/** The same methods under the keys of an agency's payment configuration (payment_method_key). */
export const PAYMENT_METHOD_KEY_LABELS: Record<string, string> = {
  card: METHOD_LABELS.CARD,
  bank: METHOD_LABELS.BANK,
  nexpay: METHOD_LABELS.NEXPAY,
  agency_balance: METHOD_LABELS.AGENCY_BALANCE,
  bnpl: METHOD_LABELS.BNPL,
}

export const PREMIUM_PAYMENT_STATUS_LABELS: Labels<typeof PREMIUM_PAYMENT_STATUSES> = {
  PENDING: 'Pending',
  PAID: 'Paid',
  PENDING_CREDIT_PAYMENT: 'Buy now, pay later: to settle',
  PENDING_CREDIT_PAYMENT_REQUESTED: 'Buy now, pay later: settlement to verify',
  PENDING_CREDIT_PAYMENT_REJECTED: 'Buy now, pay later: settlement rejected',
  FULL_REFUNDED: 'Refunded',
  REQUESTED: 'Verification pending',
  REJECTED: 'Rejected',
}

export const COMMISSION_STATUS_LABELS: Labels<typeof COMMISSION_STATUSES> = {
  PENDING: 'Pending',
  COMMISSION_BANKED: 'Banked',
  PAYOUT_REQUESTED: 'Payout requested',
  PAYOUT_REJECTED: 'Payout rejected',
  PAID: 'Paid out',
  FULL_REFUNDED: 'Refunded',
  PAID_AMENDMENT_ADJUSTED: 'Paid out, adjusted by an amendment',
  COMMISSION_BANKED_AMENDMENT_ADJUSTED: 'Banked, adjusted by an amendment',
}

export const REQUEST_STATUS_LABELS: Labels<typeof REQUEST_STATUSES> = {
  REQUESTED: 'Waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
}

export const INVOICE_STATUS_LABELS: Labels<typeof INVOICE_STATUSES> & { PENDING_APPROVAL: string } = {
  DRAFT: 'Draft',
  PENDING: 'Unpaid',
  PAID: 'Paid',
  OVERDUE: 'Overdue',
  PARTIALLY_PAID: 'Partly paid',
  OVER_PAID: 'Overpaid',
  CANCELLED: 'Cancelled',
  // Not stored: a payment of the invoice waits for staff approval.
  PENDING_APPROVAL: 'Payment to approve',
}

export const INVOICE_TYPE_LABELS: Labels<typeof INVOICE_TYPES> = {
  PREMIUM: 'Premium',
  COMMISSION: 'Commission',
  AMENDMENT_COMMISSION: 'Amendment commission',
  TOPUP: 'Top-up',
  BNPL_PAYMENT: 'Buy now, pay later settlement',
  FULL_REFUND: 'Full refund',
  PARTIAL_REFUND: 'Partial refund',
  CLAWBACK: 'Clawback',
}

/** The invoice list's groups (finance.rules INVOICE_TABS). */
export const INVOICE_TAB_LABELS: Record<string, string> = {
  ALL: 'All',
  PAYABLE: 'Payable',
  RECEIVABLE: 'Receivable',
  PENDING_APPROVAL: 'Payment to approve',
  PAID: 'Paid',
  AWAITING_COMMISSION_PAYMENT: 'Commission to pay',
  COMMISSION_PAID: 'Commission paid',
  PARTIAL_PAYMENT: 'Partly paid',
}

export const INVOICE_PAYMENT_STATUS_LABELS: Labels<typeof INVOICE_PAYMENT_STATUSES> = {
  COMPLETED: 'Completed',
  PENDING: 'Pending',
}

export const PAYMENT_DOCUMENT_STATUS_LABELS: Labels<typeof PAYMENT_DOCUMENT_STATUSES> = {
  UNVERIFIED: 'To verify',
  VERIFIED: 'Verified',
  REJECTED: 'Rejected',
}

export const LINE_ITEM_TYPE_LABELS: Labels<typeof LINE_ITEM_TYPES> = {
  PREMIUM: 'Premium',
  COMMISSION: 'Commission',
  AMENDMENT_COMMISSION: 'Amendment commission',
  TOPUP: 'Top-up',
  BNPL_PREMIUM: 'Buy now, pay later premium',
  OFFER_PREMIUM: 'Premium under an offer',
}

export const BALANCE_TRANSACTION_TYPE_LABELS: Labels<typeof BALANCE_TRANSACTION_TYPES> = {
  AGENCY_TOPUP: 'Top-up',
  POLICY_PURCHASED: 'Policy paid',
  POLICY_PREMIUM_REFUNDED: 'Premium refunded',
  CLAWBACK_PAYMENT: 'Clawback paid',
  CREDIT_PAYMENT: 'Buy now, pay later settled',
  COMMISSION_RECEIVED: 'Commission received',
  AMENDMENT_PAYMENT: 'Amendment paid',
  AMENDMENT_PAYMENT_RECEIVED: 'Amendment refund received',
  INVOICE_PAYMENT: 'Invoice paid',
  CARD_DISPUTE: 'Card top-up disputed',
  SUSPENSE_CREDIT: 'Credit from unattributed money',
}

export const PAYMENT_LINK_STATUS_LABELS: Labels<typeof PAYMENT_LINK_STATUSES> = {
  ACTIVE: 'Active',
  PAID: 'Paid',
  EXPIRED: 'Expired',
}

export const CARD_PAYMENT_STATUS_LABELS: Labels<typeof CARD_PAYMENT_STATUSES> = {
  PENDING: 'Pending',
  PAID: 'Paid',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
}

export const USER_STATUS_LABELS: Record<string, string> = { ENABLED: 'Active', DISABLED: 'Disabled' }

export const CURRENCY_LABELS: Labels<typeof CURRENCIES> = {
  AUD: 'Australian dollar (AUD)',
  NPR: 'Nepalese rupee (NPR)',
  USD: 'US dollar (USD)',
  INR: 'Indian rupee (INR)',
}

export const GENDER_LABELS: Record<string, string> = {
  FEMALE: 'Female',
  MALE: 'Male',
  OTHER: 'Other',
  OTHERS: 'Other',
}

export const RELATIONSHIP_LABELS: Record<string, string> = {
  CHILD: 'Child',
  STEP_CHILD: 'Stepchild',
  OTHER: 'Other dependant',
}

export const FILE_TYPE_LABELS: Record<string, string> = {
  PAYMENT_PROOF: 'Proof of payment',
  CERTIFICATE: 'Certificate',
  REFUND_DOCUMENT: 'Refund document',
}

/** policies.cancellation_request_status (IN_CANCELLATION: the cancellation is approved and dated). */
export const CANCELLATION_REQUEST_STATUS_LABELS: Record<string, string> = {
  NO_CANCELLATION: 'No cancellation',
  REQUESTED_FOR_CANCELLATION: 'Cancellation requested',
  READY_FOR_CANCELLATION: 'Ready for cancellation',
  IN_CANCELLATION: 'Cancellation approved',
}

/** policies.refund_method, set by the cancellation approval. */
export const REFUND_METHOD_LABELS: Record<string, string> = {
  GROSS_REFUND: 'Gross refund',
  NET_REFUND: 'Net refund',
  NO_REFUND: 'No refund',
}

/** Refund and cancellation actions of a policy's timeline (policy_histories.action). */
export const REFUND_ACTION_LABELS: Record<string, string> = {
  requestFullRefund: 'Full refund requested',
  initiateFullRefund: 'Refund amounts set',
  approveFullRefund: 'Refund approved',
  completeFullRefund: 'Refund paid',
  rejectFullRefund: 'Refund rejected',
  progressCancellation: 'Cancellation',
  REFUND_DOCUMENT_DELETED: 'Refund document removed',
  FULL_REFUND_REMINDER_SENT: 'Reminder sent to finance',
  FULL_REFUND_ESCALATED: 'Escalated to the staff team',
  FULL_REFUND_PAID_BY_BATCH: 'Refund paid by a payout batch',
}

/** full_refunds.status. */
export const FULL_REFUND_STATUS_LABELS: Record<string, string> = {
  REQUESTED: 'Requested',
  INITIATED: 'Amounts set, waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  COMPLETED: 'Refunded',
}

/** How a commission payout was paid (commission_payouts.payment_type). */
export const PAYOUT_PAYMENT_TYPE_LABELS: Record<'BANK' | 'AGENCY_BALANCE' | 'SETTLED_WITH_CLAWBACK', string> =
  {
    BANK: 'Bank transfer',
    AGENCY_BALANCE: 'Agency balance credit',
    SETTLED_WITH_CLAWBACK: 'Settled against clawbacks',
  }

/** Actions of a payout's timeline (finance_request_histories.action of COMMISSION_PAYOUT rows). */
export const PAYOUT_ACTION_LABELS: Record<string, string> = {
  REQUESTED: 'Payout requested',
  APPROVED: 'Payout approved',
  REJECTED: 'Payout rejected',
  REMINDER_SENT: 'Reminder sent to finance',
  ESCALATED: 'Escalated to the staff team',
  RETURNED_BY_BANK: 'Returned by the bank',
}

/** Inbox task kinds (tasks.kind), staff and agency side. */
export const TASK_KIND_LABELS: Record<string, string> = {
  AGENCY_CONFIGURATION: 'Agency configuration',
  AGENCY_AGREEMENT: 'Agency agreement',
  AGENCY_ACTIVATION: 'Portal activation',
  policy_payment: 'Policy payment',
  topup: 'Top-up',
  payout: 'Commission payout',
  COMPLETE_COMPANY_DETAILS: 'Company details',
  SIGN_AGREEMENT: 'Agreement to sign',
  reconciliation: 'Ledger reconciliation',
  bnpl: 'Buy now, pay later settlement',
  full_refund_initiate: 'Full refund to assess',
  full_refund_approve: 'Full refund to approve',
  full_refund_batch: 'Full refund to pay in a batch',
  amendment_confirm_premium_by_admin: 'Amended premium to confirm',
  amendment_confirm_premium_by_agency: 'Amended premium to accept',
  amendment_payment: 'Amendment payment',
  amendment_payment_approval: 'Amendment payment to verify',
  amendment_issue_certificate: 'Amended certificate to upload',
  card_dispute: 'Card payment disputed',
}

/** The staff inbox's kinds, in the order its filter lists them. */
export const STAFF_TASK_KINDS = [
  'AGENCY_CONFIGURATION',
  'AGENCY_AGREEMENT',
  'AGENCY_ACTIVATION',
  'policy_payment',
  'topup',
  'payout',
  'reconciliation',
  'bnpl',
  'full_refund_initiate',
  'full_refund_approve',
  'full_refund_batch',
  'amendment_confirm_premium_by_admin',
  'amendment_payment_approval',
  'amendment_issue_certificate',
  'card_dispute',
] as const

export const TASK_OUTCOME_LABELS: Record<string, string> = {
  completed: 'Done',
  approved: 'Approved',
  rejected: 'Rejected',
  closed: 'Closed',
  confirmed: 'Confirmed',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
  paid: 'Paid',
}

/** Parties of an invoice ("from", "to") and of a line item (payer, receiver). */
export const PARTY_LABELS: Record<string, string> = {
  OSHC: 'OSHC',
  AGENCY: 'Agency',
  STUDENT: 'Student',
  PROVIDER: 'Insurer',
}

/** Agency history actions (agency_histories.action). */
export const AGENCY_ACTION_LABELS: Record<string, string> = {
  SEEDED: 'Created by the demo data',
  TOPUP_REQUESTED: 'Top-up requested',
  TOPUP_APPROVED: 'Top-up approved',
  TOPUP_REJECTED: 'Top-up rejected',
}

/**
 * Notification event types (notifications.event_type): the eleven of spec/03 and those the
 * process steps add. A unit test (tests/unit/notification-labels.test.ts) fails when a step writes
 * a type missing here; the mail settings page lists each group's types by these labels.
 */
export const NOTIFICATION_EVENT_LABELS: Record<string, string> = {
  POLICY_PURCHASED: 'Policy bought',
  INVOICE_CREATED: 'Invoice created',
  INVOICE_PAID: 'Invoice paid',
  INVOICE_OVERDUE: 'Invoice overdue',
  COMMISSION_GENERATED: 'Commission banked',
  COMMISSION_PAID: 'Commission paid out',
  DOCUMENT_UPLOADED: 'Document uploaded',
  PAYMENT_FAILED: 'Payment failed',
  MESSAGE_SENT_BY_OSHC: 'Message from the OSHC team',
  MESSAGE_SENT_BY_AGENCY: 'Message from an agency',
  MESSAGE_SENT_BY_AGENCY_USER: 'Message from an agency user',
  ADDED_NOTE: 'Note added',
  PAYMENT_LINK_CREATED: 'Payment link created',
  PAYMENT_LINK_PAID: 'Payment link paid',
  PAYMENT_LINK_EXPIRING: 'Payment link expiring',
  PAYMENT_LINK_EXPIRED: 'Payment link expired',
  TOPUP_APPROVED: 'Top-up approved',
  BNPL_PAYMENT_REQUESTED: 'Buy now, pay later settlement sent',
  BNPL_PAYMENT_APPROVED: 'Buy now, pay later settlement approved',
  BNPL_PAYMENT_REJECTED: 'Buy now, pay later settlement rejected',
  BNPL_SETTLEMENT_REMINDER: 'Buy now, pay later settlement due',
  COMMISSION_PAYOUT_REQUESTED: 'Commission payout requested',
  COMMISSION_PAYOUT_REJECTED: 'Commission payout rejected',
  COMMISSION_PAYOUT_REMINDER: 'Commission payout waiting',
  COMMISSION_PAYOUT_ESCALATED: 'Commission payout overdue',
  COMMISSION_PAYOUT_RETURNED: 'Commission payout returned by the bank',
  CLAWBACK_INITIATED: 'Clawback opened',
  CLAWBACK_REQUESTED: 'Clawback payment sent',
  CLAWBACK_COMPLETED: 'Clawback completed',
  CLAWBACK_REJECTED: 'Clawback payment rejected',
  CLAWBACK_REMINDER: 'Clawback waiting',
  CLAWBACK_ESCALATED: 'Clawback overdue',
  FULL_REFUND_REQUESTED: 'Full refund requested',
  FULL_REFUND_INITIATED: 'Full refund assessed',
  FULL_REFUND_REJECTED: 'Full refund rejected',
  FULL_REFUND_COMPLETED: 'Full refund completed',
  FULL_REFUND_REMINDER: 'Full refund waiting',
  FULL_REFUND_ESCALATED: 'Full refund overdue',
  POLICY_CANCELLATION_APPROVED: 'Cancellation approved',
  CANCELLATION_STEP_DONE: 'Cancellation step done',
  POLICY_READY_FOR_CANCELLATION: 'Policy ready to cancel',
  AMENDMENT_INITIATED: 'Amendment requested',
  AMENDMENT_PREMIUM_CONFIRMED: 'Amended premium confirmed',
  AMENDMENT_ACCEPTED: 'Amendment accepted',
  AMENDMENT_WITHDRAWN: 'Amendment withdrawn',
  AMENDMENT_PAYMENT_REQUESTED: 'Amendment payment sent',
  AMENDMENT_PAYMENT_APPROVED: 'Amendment payment approved',
  AMENDMENT_PAYMENT_REJECTED: 'Amendment payment rejected',
  AMENDMENT_CERTIFICATE_DUE: 'Amended certificate to upload',
  AMENDMENT_COMPLETED: 'Amendment completed',
  AMENDMENT_REMINDER: 'Amendment waiting',
  AMENDMENT_ESCALATED: 'Amendment overdue',
  REGISTRATION_REQUEST_SUBMITTED: 'Registration request received',
  AGENCY_CONFIGURATION_DONE: 'Agency configured',
  AGREEMENT_SENT: 'Agreement sent',
  AGREEMENT_SIGNED: 'Agreement signed',
  PORTAL_ACTIVATED: 'Portal activated',
  PORTAL_DEACTIVATED: 'Portal deactivated',
  PORTAL_REACTIVATED: 'Portal reactivated',
  ONBOARDING_REMINDER: 'Registration waiting',
  ONBOARDING_ESCALATED: 'Onboarding overdue',
  PAYMENT_DISPUTE_OPENED: 'Card payment disputed',
  PAYMENT_DISPUTE_CLOSED: 'Card dispute closed',
  TASK_REMINDER: 'Task waiting',
  TASK_ESCALATED: 'Task overdue',
  PROMOTION_PUBLISHED: 'New promotion',
}

/** Sentence-cased reading of a code, for values that have no entry yet: 'PAYMENT_PROOF' -> 'Payment proof'. */
export function readable(value: string | null | undefined): string {
  if (!value) return ''
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The label of `value` in `map`; a readable form of the code when it has none; '' for empty. */
export function labelOf(map: Record<string, string>, value: string | null | undefined): string {
  if (!value) return ''
  return map[value] ?? readable(value)
}

/** 'Subclass_500' -> 'Subclass 500'. */
export const visaLabel = (value: string | null | undefined) => (value ? value.replace(/_/g, ' ').trim() : '')

/** A money movement's direction: 'OSHC → AGENCY' -> 'OSHC to the agency'. */
export function directionLabel(from: string, to: string, agencyName?: string | null): string {
  const party = (p: string) =>
    p === 'AGENCY'
      ? (agencyName ?? 'the agency')
      : labelOf(PARTY_LABELS, p).replace(/^Insurer$/, 'the insurer')
  return `${party(from)} to ${party(to)}`
}

/**
 * Who did something, from the text history rows store (`Oshc:<email>`, `Agency:<email>`,
 * `agency_user:<email>`, `workflow:<id>`, `public`, a job name): the person's name when
 * `names` (e-mail -> name, lower-case keys) knows it, else the e-mail without its kind prefix;
 * workflows and jobs are "System".
 */
export function actorDisplay(stored: string | null | undefined, names?: ReadonlyMap<string, string>): string {
  if (!stored) return ''
  const person = /^(Oshc|Agency|agency_user):(.+)$/.exec(stored)
  if (person) return names?.get(person[2].toLowerCase()) ?? person[2]
  if (stored === 'public') return 'Student (payment link)'
  return 'System'
}

/** The e-mail inside a stored actor label, or null for workflows and jobs. */
export const actorEmail = (stored: string) => /^(?:Oshc|Agency|agency_user):(.+)$/.exec(stored)?.[1] ?? null

/** 'SINGLE_PARENT' -> 'Single parent'. */
export const policyTypeLabel = (value: string | null | undefined) => labelOf(POLICY_TYPE_LABELS, value)

const CHANGE_PARTS: Record<string, string> = { customer: 'Student', partner: 'Partner', policy: 'Cover' }
const CHANGE_WORDS: Record<string, string> = {
  dob: 'date of birth',
  country_id: 'country',
  insurance_provider_id: 'insurer',
  policy_type: 'cover type',
  is_policy_number_available: 'policy number known',
  family_members: 'Dependants',
  partner: 'Partner',
}

/** An amendment's changed field as people read it: 'policy.end_date' -> 'Cover: end date'. */
export function amendmentFieldLabel(field: string): string {
  const dot = field.indexOf('.')
  if (dot < 0) return CHANGE_WORDS[field] ?? readable(field)
  const part = field.slice(0, dot)
  const key = field.slice(dot + 1)
  return `${CHANGE_PARTS[part] ?? readable(part)}: ${CHANGE_WORDS[key] ?? readable(key).toLowerCase()}`
}
