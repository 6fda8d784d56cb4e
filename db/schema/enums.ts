/** Enum values shared by the schema, the domain and the browser (no database imports here). */
export const AGENCY_STATUSES = [
  'PENDING',
  'SIGN_UP_REQUEST_SENT',
  'LOGIN_CRED_CHANGED',
  'COMPANY_DETAIL_STEP_ONE_DONE',
  'COMPANY_DETAIL_STEP_TWO_DONE',
  'COMPANY_DETAIL_DONE',
  'CONFIGURATION_DONE',
  'AGREEMENT_SENT',
  'PORTAL_ACTIVATED',
  'PORTAL_DEACTIVATED',
  'AGREEMENT_SIGNED',
] as const

export const POLICY_TYPES = ['SINGLE', 'FAMILY', 'SINGLE_PARENT', 'COUPLE'] as const
export const CURRENCIES = ['AUD', 'NPR', 'USD', 'INR'] as const

export const POLICY_STATUSES = [
  'PERSONAL_INFORMATION_ADDED',
  'PARTNER_DEPENDANTS_INFORMATION_ADDED',
  'OTHER_DETAILS_ADDED',
  'INITIATED',
  'PURCHASED',
  'PAYMENT_APPROVED',
  'PAYMENT_REJECTED',
  'PAYMENT_BY_BUY_NOW_PAY_LATER',
  'CERTIFICATE_UPLOADED',
  'CERTIFICATE_ISSUED',
  'FULL_REFUND_REQUESTED',
  'FULL_REFUND_REJECTED',
  'FULL_REFUND_APPROVED',
  'FULL_REFUND_INITIATED',
  'FULL_REFUND_COMPLETED',
  'CLAWBACK_INITIATED',
  'CLAWBACK_REQUESTED',
  'CLAWBACK_COMPLETED',
  'CLAWBACK_REJECTED',
] as const

export const USER_DEFINED_STATUSES = [
  'IN_PROGRESS',
  'IN_PROCESSING_WITH_PROVIDER',
  'INCORRECT_PERSONAL_DETAILS',
  'AWAITING_RESPONSE_FROM_PROVIDER',
  'ADDITIONAL_PAYMENT_REQUIRED',
  'CURRENT_POLICY_REQUIRED',
  'DO_NOT_CREATE',
  'REQUEST_RECEIVED',
] as const

export const PROVIDER_PAYMENT_STATUSES = ['BUY_NOW_PAY_LATER', 'PAID', 'BOTH', 'NOT_AVAILABLE'] as const
export const CANCELLATION_REQUEST_STATUSES = [
  'NO_CANCELLATION',
  'REQUESTED_FOR_CANCELLATION',
  'READY_FOR_CANCELLATION',
  'IN_CANCELLATION',
] as const
export const REFUND_METHODS = ['GROSS_REFUND', 'NET_REFUND', 'NO_REFUND'] as const

/** How a policy (or invoice, top-up) is paid. BNPL is also spelt BUY_NOW_PAY_LATER in some calls. */
export const PAYMENT_METHODS = ['CARD', 'BANK', 'NEXPAY', 'AGENCY_BALANCE', 'BNPL'] as const

export const PREMIUM_PAYMENT_STATUSES = [
  'PENDING',
  'PAID',
  'PENDING_CREDIT_PAYMENT',
  'PENDING_CREDIT_PAYMENT_REQUESTED',
  'PENDING_CREDIT_PAYMENT_REJECTED',
  'FULL_REFUNDED',
  'REQUESTED',
  'REJECTED',
] as const

export const COMMISSION_STATUSES = [
  'PENDING',
  'COMMISSION_BANKED',
  'PAYOUT_REQUESTED',
  'PAYOUT_REJECTED',
  'PAID',
  'FULL_REFUNDED',
  'PAID_AMENDMENT_ADJUSTED',
  'COMMISSION_BANKED_AMENDMENT_ADJUSTED',
] as const

export const REQUEST_STATUSES = ['REQUESTED', 'REJECTED', 'APPROVED'] as const

export const INVOICE_STATUSES = [
  'DRAFT',
  'PENDING',
  'PAID',
  'OVERDUE',
  'PARTIALLY_PAID',
  'OVER_PAID',
  'CANCELLED',
] as const
export const INVOICE_TYPES = [
  'PREMIUM',
  'COMMISSION',
  'AMENDMENT_COMMISSION',
  'TOPUP',
  'BNPL_PAYMENT',
  'FULL_REFUND',
  'PARTIAL_REFUND',
  /** modifyPolicyFinance type CLAWBACK: the agency pays back commission (spec/03 section 4). */
  'CLAWBACK',
] as const
export const INVOICE_PAYMENT_STATUSES = ['COMPLETED', 'PENDING'] as const
export const LINE_ITEM_TYPES = [
  'PREMIUM',
  'COMMISSION',
  'AMENDMENT_COMMISSION',
  'TOPUP',
  'BNPL_PREMIUM',
  'OFFER_PREMIUM',
] as const
export const BALANCE_TRANSACTION_TYPES = [
  'AGENCY_TOPUP',
  'POLICY_PURCHASED',
  'POLICY_PREMIUM_REFUNDED',
  'CLAWBACK_PAYMENT',
  'CREDIT_PAYMENT',
  'COMMISSION_RECEIVED',
  'AMENDMENT_PAYMENT',
  'AMENDMENT_PAYMENT_RECEIVED',
  'INVOICE_PAYMENT',
  /** A card top-up disputed by the card holder: held (reserved) until the dispute closes. */
  'CARD_DISPUTE',
  /** Money held in suspense credited to the agency by a staff decision (maker-checker). */
  'SUSPENSE_CREDIT',
] as const
export const PAYMENT_LINK_STATUSES = ['ACTIVE', 'PAID', 'EXPIRED'] as const
export const CARD_PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'CANCELLED'] as const
export const CERTIFICATE_TYPES = ['old', 'new'] as const

export const PAYOUT_PAYMENT_TYPES = ['BANK', 'AGENCY_BALANCE', 'SETTLED_WITH_CLAWBACK'] as const
export const PAYMENT_DOCUMENT_STATUSES = ['UNVERIFIED', 'VERIFIED', 'REJECTED'] as const
export const CLAWBACK_STATUSES = ['INITIATED', 'REQUESTED', 'COMPLETED', 'REJECTED'] as const
export const CLAWBACK_METHODS = ['BANKED_COMMISSION', 'AGENCY_BALANCE', 'COMMISSION', 'BANK'] as const
/** The subjects of finance_request_histories. */
export const FINANCE_REQUEST_TYPES = ['COMMISSION_PAYOUT', 'BNPL_PAYMENT', 'CLAWBACK'] as const

export const FULL_REFUND_STATUSES = ['REQUESTED', 'INITIATED', 'APPROVED', 'REJECTED', 'COMPLETED'] as const
export const AMENDMENT_STATUSES = [
  'INITIATED',
  'REQUESTED',
  'REJECTED',
  'COMPLETED',
  'CERTIFICATE_UPLOADED',
] as const
export const AMENDMENT_PAYMENT_STATUSES = ['INITIATED', 'REQUESTED', 'REJECTED', 'COMPLETED'] as const
export const AMENDMENT_NEXT_STEPS = [
  'CONFIRM_PREMIUM_BY_AGENCY',
  'CONFIRM_PREMIUM_BY_ADMIN',
  'ISSUE_CERTIFICATE',
  'DONE',
] as const
export const AMENDMENT_PAYERS = ['AGENCY', 'OSHC'] as const
export const AMENDMENT_DOCUMENT_TYPES = ['PAYMENT_DOCUMENT', 'SUPPORT_DOCUMENT'] as const

/** How a public client's widget is put on a partner page (spec/03 section 4). */
export const PUBLIC_CLIENT_TYPES = ['IFRAME', 'IN_APP'] as const
/** Where a policy's sale started: the portal, or a public client's widget. */
export const POLICY_SOURCES = ['PORTAL', 'WIDGET'] as const

/** Promotions (announcements to agencies) and feedback tickets (spec/03 section 4). */
export const PROMOTION_STATUSES = ['DRAFT', 'PUBLISHED'] as const
export const TICKET_STAGES = ['BACKLOG', 'TODO', 'IN_PROGRESS', 'DONE'] as const
export const TICKET_PRIORITIES = ['URGENT', 'MEDIUM', 'LOW'] as const
export const TICKET_TYPES = ['BUG', 'NEW_FEATURE', 'IMPROVEMENT'] as const
/** The product a ticket is about: this product ({product} in the specification) or YOUR_OVHC. */
export const TICKET_PROJECTS = ['OSHC', 'YOUR_OVHC'] as const
export const COMMENTER_TYPES = ['Oshc', 'Agency', 'agency_user'] as const
