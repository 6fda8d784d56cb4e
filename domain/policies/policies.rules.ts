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
