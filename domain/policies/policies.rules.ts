import type { POLICY_STATUSES } from '../../db/schema/enums'

export type PolicyStatus = (typeof POLICY_STATUSES)[number]

/**
 * The policy machine of DESIGN.md section 6, as the statuses each action may start from. Any
 * other start is a 409 (`assertPolicyTransition`). Refund, clawback and amendment actions are
 * added with those processes.
 */
export const POLICY_TRANSITIONS = {
  /** Partner and dependants saved (customer step two). */
  savePartnerAndDependants: {
    from: ['PERSONAL_INFORMATION_ADDED', 'PARTNER_DEPENDANTS_INFORMATION_ADDED', 'OTHER_DETAILS_ADDED'],
    to: 'PARTNER_DEPENDANTS_INFORMATION_ADDED',
  },
  saveOtherDetails: {
    from: ['PARTNER_DEPENDANTS_INFORMATION_ADDED', 'OTHER_DETAILS_ADDED'],
    to: 'OTHER_DETAILS_ADDED',
  },
  initiate: { from: ['OTHER_DETAILS_ADDED', 'INITIATED'], to: 'INITIATED' },
  /** Details may be edited before purchase (updateStudentDetails without amendment). */
  editBeforePurchase: {
    from: [
      'PERSONAL_INFORMATION_ADDED',
      'PARTNER_DEPENDANTS_INFORMATION_ADDED',
      'OTHER_DETAILS_ADDED',
      'INITIATED',
      'PAYMENT_REJECTED',
    ],
    to: null,
  },
  /** BANK and NEXPAY purchases wait for verification. */
  purchaseAwaitingPayment: { from: ['INITIATED', 'PAYMENT_REJECTED'], to: 'PURCHASED' },
  /** AGENCY_BALANCE and CARD purchases are paid at once. */
  purchasePaid: { from: ['INITIATED', 'PAYMENT_REJECTED', 'PURCHASED'], to: 'PAYMENT_APPROVED' },
  purchaseBnpl: { from: ['INITIATED', 'PAYMENT_REJECTED'], to: 'PAYMENT_BY_BUY_NOW_PAY_LATER' },
  approvePayment: { from: ['PURCHASED'], to: 'PAYMENT_APPROVED' },
  rejectPayment: { from: ['PURCHASED'], to: 'PAYMENT_REJECTED' },
  uploadCertificate: {
    from: ['PAYMENT_APPROVED', 'PAYMENT_BY_BUY_NOW_PAY_LATER', 'CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED'],
    to: 'CERTIFICATE_UPLOADED',
  },
  issueCertificate: { from: ['CERTIFICATE_UPLOADED'], to: 'CERTIFICATE_ISSUED' },
  /** Deleting the current certificate goes back to the paid status it was uploaded from. */
  deleteCertificate: { from: ['CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED'], to: null },
  /** Amendment (domain/amendments): opened on a paid policy; the status stays as it is. */
  initiateAmendment: {
    from: ['PAYMENT_APPROVED', 'PAYMENT_BY_BUY_NOW_PAY_LATER', 'CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED'],
    to: null,
  },
  /** The amended details are written onto the policy as its new certificate is uploaded. */
  applyAmendment: {
    from: ['PAYMENT_APPROVED', 'PAYMENT_BY_BUY_NOW_PAY_LATER', 'CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED'],
    to: null,
  },
  /**
   * Clawback (domain/clawbacks): opened on a paid policy (or one whose refund is over, or whose
   * last clawback is settled); one open clawback per policy.
   */
  initiateClawback: {
    from: [
      'PAYMENT_APPROVED',
      'PAYMENT_BY_BUY_NOW_PAY_LATER',
      'CERTIFICATE_UPLOADED',
      'CERTIFICATE_ISSUED',
      'FULL_REFUND_REJECTED',
      'FULL_REFUND_COMPLETED',
      'CLAWBACK_COMPLETED',
    ],
    to: 'CLAWBACK_INITIATED',
  },
  /** The agency pays (or pays again after a rejection). */
  requestClawbackPayment: { from: ['CLAWBACK_INITIATED', 'CLAWBACK_REJECTED'], to: 'CLAWBACK_REQUESTED' },
  approveClawback: { from: ['CLAWBACK_REQUESTED'], to: 'CLAWBACK_COMPLETED' },
  rejectClawback: { from: ['CLAWBACK_REQUESTED'], to: 'CLAWBACK_REJECTED' },
  /** A commission payout SETTLED_WITH_CLAWBACK covered what was left of the clawback. */
  settleClawbackByPayout: {
    from: ['CLAWBACK_INITIATED', 'CLAWBACK_REQUESTED', 'CLAWBACK_REJECTED'],
    to: 'CLAWBACK_COMPLETED',
  },
  /** Full refund (domain/refunds): the agency asks for it on a paid policy, again after a rejection. */
  requestFullRefund: {
    from: [
      'PAYMENT_APPROVED',
      'PAYMENT_BY_BUY_NOW_PAY_LATER',
      'CERTIFICATE_UPLOADED',
      'CERTIFICATE_ISSUED',
      'FULL_REFUND_REJECTED',
    ],
    to: 'FULL_REFUND_REQUESTED',
  },
  initiateFullRefund: { from: ['FULL_REFUND_REQUESTED'], to: 'FULL_REFUND_INITIATED' },
  approveFullRefund: { from: ['FULL_REFUND_INITIATED'], to: 'FULL_REFUND_APPROVED' },
  completeFullRefund: { from: ['FULL_REFUND_APPROVED'], to: 'FULL_REFUND_COMPLETED' },
  rejectFullRefund: { from: ['FULL_REFUND_REQUESTED', 'FULL_REFUND_INITIATED'], to: 'FULL_REFUND_REJECTED' },
  /** Cancellation steps and approval change cancellation_request_status, never the status. */
  progressCancellation: {
    from: [
      'FULL_REFUND_REQUESTED',
      'FULL_REFUND_INITIATED',
      'FULL_REFUND_APPROVED',
      'FULL_REFUND_COMPLETED',
      'FULL_REFUND_REJECTED',
      // A completed refund may open a clawback, which moves the status on; the cancellation goes on.
      'CLAWBACK_INITIATED',
      'CLAWBACK_REQUESTED',
      'CLAWBACK_COMPLETED',
      'CLAWBACK_REJECTED',
    ],
    to: null,
  },
} as const satisfies Record<string, { from: readonly PolicyStatus[]; to: PolicyStatus | null }>

export type PolicyAction = keyof typeof POLICY_TRANSITIONS

export function canTransition(action: PolicyAction, from: PolicyStatus): boolean {
  return (POLICY_TRANSITIONS[action].from as readonly PolicyStatus[]).includes(from)
}

/** Statuses before the purchase: details may still change and the policy may be bought. */
export const DRAFT_STATUSES: readonly PolicyStatus[] = [
  'PERSONAL_INFORMATION_ADDED',
  'PARTNER_DEPENDANTS_INFORMATION_ADDED',
  'OTHER_DETAILS_ADDED',
  'INITIATED',
]

/** Statuses in which the premium has been paid (or is financed by BNPL). */
export const PAID_STATUSES: readonly PolicyStatus[] = [
  'PAYMENT_APPROVED',
  'PAYMENT_BY_BUY_NOW_PAY_LATER',
  'CERTIFICATE_UPLOADED',
  'CERTIFICATE_ISSUED',
]

/** Who the policy type covers (spec/02 and issue 3): partner and dependants required or refused. */
export const FAMILY_RULES = {
  SINGLE: { partner: false, dependants: false },
  COUPLE: { partner: true, dependants: false },
  SINGLE_PARENT: { partner: false, dependants: true },
  FAMILY: { partner: true, dependants: true },
} as const

export const STATUS_LABELS: Record<PolicyStatus, string> = {
  PERSONAL_INFORMATION_ADDED: 'Personal details added',
  PARTNER_DEPENDANTS_INFORMATION_ADDED: 'Partner and dependants added',
  OTHER_DETAILS_ADDED: 'Other details added',
  INITIATED: 'Initiated',
  PURCHASED: 'Payment verification pending',
  PAYMENT_APPROVED: 'Payment approved',
  PAYMENT_REJECTED: 'Payment rejected',
  PAYMENT_BY_BUY_NOW_PAY_LATER: 'Paid by buy now pay later',
  CERTIFICATE_UPLOADED: 'Certificate uploaded',
  CERTIFICATE_ISSUED: 'Certificate issued',
  FULL_REFUND_REQUESTED: 'Full refund requested',
  FULL_REFUND_REJECTED: 'Full refund rejected',
  FULL_REFUND_APPROVED: 'Full refund approved',
  FULL_REFUND_INITIATED: 'Full refund initiated',
  FULL_REFUND_COMPLETED: 'Full refund completed',
  CLAWBACK_INITIATED: 'Clawback initiated',
  CLAWBACK_REQUESTED: 'Clawback payment verification pending',
  CLAWBACK_COMPLETED: 'Clawback settled',
  CLAWBACK_REJECTED: 'Clawback rejected',
}

// ---- Customers and the new-policy wizard ---------------------------------------------------------

export type PolicyTypeKey = keyof typeof FAMILY_RULES

/** Messages of the family rules (spec/02 names the rule, not its wording). */
export const FAMILY_MESSAGES = {
  partnerRequired: 'Partner details are required for this policy type',
  partnerRefused: 'This policy type does not cover a partner',
  dependantsRequired: 'At least one dependant is required for this policy type',
  dependantsRefused: 'This policy type does not cover dependants',
} as const

/**
 * The family rule of a policy type against who is entered: `{ partner?, family_members? }` field
 * errors, empty when the people fit the type.
 */
export function familyErrors(
  policyType: PolicyTypeKey,
  people: { hasPartner: boolean; dependants: number },
): Record<string, string[]> {
  const rule = FAMILY_RULES[policyType]
  const errors: Record<string, string[]> = {}
  if (rule.partner && !people.hasPartner) errors.partner = [FAMILY_MESSAGES.partnerRequired]
  if (!rule.partner && people.hasPartner) errors.partner = [FAMILY_MESSAGES.partnerRefused]
  if (rule.dependants && people.dependants < 1) errors.family_members = [FAMILY_MESSAGES.dependantsRequired]
  if (!rule.dependants && people.dependants > 0) errors.family_members = [FAMILY_MESSAGES.dependantsRefused]
  return errors
}

/** Adults and dependants a policy covers, from who is entered. */
export const coverCounts = (people: { hasPartner: boolean; dependants: number }) => ({
  no_of_adults: people.hasPartner ? 2 : 1,
  no_of_dependents: people.dependants,
})

export type WizardStep = 'personal' | 'family' | 'other' | 'quote'

/**
 * Where the new-policy wizard resumes for a policy in `status`: the first step not saved yet, or
 * null once the policy is initiated (then it is paid or viewed, not edited step by step).
 */
export function resumeStep(status: PolicyStatus): WizardStep | null {
  switch (status) {
    case 'PERSONAL_INFORMATION_ADDED':
      return 'family'
    case 'PARTNER_DEPENDANTS_INFORMATION_ADDED':
      return 'other'
    case 'OTHER_DETAILS_ADDED':
      return 'quote'
    default:
      return null
  }
}

/** The steps of the wizard a policy in `status` may open (saved steps and the next one). */
export function openSteps(status: PolicyStatus): WizardStep[] {
  if (status === 'PERSONAL_INFORMATION_ADDED') return ['personal', 'family']
  if (status === 'PARTNER_DEPENDANTS_INFORMATION_ADDED') return ['personal', 'family', 'other']
  if (status === 'OTHER_DETAILS_ADDED' || status === 'INITIATED' || status === 'PAYMENT_REJECTED')
    return ['personal', 'family', 'other', 'quote']
  return []
}

/** Details saved step by step, not priced yet. */
export const UNPRICED_STATUSES: readonly PolicyStatus[] = [
  'PERSONAL_INFORMATION_ADDED',
  'PARTNER_DEPENDANTS_INFORMATION_ADDED',
  'OTHER_DETAILS_ADDED',
]

/** The agency may pay (or pay again) in these statuses. */
export const PAYABLE_STATUSES: readonly PolicyStatus[] = ['INITIATED', 'PAYMENT_REJECTED']

/**
 * The paid status a policy returns to when its current certificate is deleted: the one it was
 * uploaded from, which the payment method tells (BNPL purchases stay financed).
 */
export function paidStatusFor(paymentMethod: string | null | undefined): PolicyStatus {
  return paymentMethod === 'BNPL' ? 'PAYMENT_BY_BUY_NOW_PAY_LATER' : 'PAYMENT_APPROVED'
}

// ---- Labels of the staff's own fields -----------------------------------------------------------

export const USER_DEFINED_STATUS_LABELS: Record<string, string> = {
  IN_PROGRESS: 'In progress',
  IN_PROCESSING_WITH_PROVIDER: 'In processing with provider',
  INCORRECT_PERSONAL_DETAILS: 'Incorrect personal details',
  AWAITING_RESPONSE_FROM_PROVIDER: 'Awaiting response from provider',
  ADDITIONAL_PAYMENT_REQUIRED: 'Additional payment required',
  CURRENT_POLICY_REQUIRED: 'Current policy required',
  DO_NOT_CREATE: 'Do not create',
  REQUEST_RECEIVED: 'Request received',
}

export const PROVIDER_PAYMENT_STATUS_LABELS: Record<string, string> = {
  BUY_NOW_PAY_LATER: 'Buy now pay later',
  PAID: 'Paid',
  BOTH: 'Both',
  NOT_AVAILABLE: 'Not available',
}
