/**
 * Amendments: pure rules and the shapes the workflow, its activities and the use cases share
 * (DESIGN.md section 6, "Amendment"). No runtime imports: the workflow bundle reads this file's
 * types through the contract.
 */

export type AmendmentStatus = 'INITIATED' | 'REQUESTED' | 'REJECTED' | 'COMPLETED' | 'CERTIFICATE_UPLOADED'
export type AmendmentNextStep =
  'CONFIRM_PREMIUM_BY_ADMIN' | 'CONFIRM_PREMIUM_BY_AGENCY' | 'ISSUE_CERTIFICATE' | 'DONE'
export type AmendmentPaymentMethod = 'BANK' | 'AGENCY_BALANCE' | 'CARD'

/**
 * What an open amendment waits for. next_step names four of them; the payment waits sit inside
 * CONFIRM_PREMIUM_BY_AGENCY once the agency accepted a premium that rises (status INITIATED or
 * REJECTED: the agency pays; REQUESTED: staff verify the bank transfer).
 */
export type AmendmentPhase =
  | 'CONFIRM_PREMIUM_BY_ADMIN'
  | 'CONFIRM_PREMIUM_BY_AGENCY'
  | 'PAYMENT'
  | 'PAYMENT_APPROVAL'
  | 'ISSUE_CERTIFICATE'
  | 'DONE'
  | 'WITHDRAWN'

export function phaseOf(a: {
  is_open: boolean
  status: AmendmentStatus
  next_step: AmendmentNextStep
  is_premium_confirmed_by_agency: boolean
}): AmendmentPhase {
  if (!a.is_open) return a.status === 'CERTIFICATE_UPLOADED' ? 'DONE' : 'WITHDRAWN'
  if (a.next_step === 'CONFIRM_PREMIUM_BY_ADMIN') return 'CONFIRM_PREMIUM_BY_ADMIN'
  if (a.next_step === 'CONFIRM_PREMIUM_BY_AGENCY') {
    if (!a.is_premium_confirmed_by_agency) return 'CONFIRM_PREMIUM_BY_AGENCY'
    return a.status === 'REQUESTED' ? 'PAYMENT_APPROVAL' : 'PAYMENT'
  }
  if (a.next_step === 'ISSUE_CERTIFICATE') return 'ISSUE_CERTIFICATE'
  return 'DONE'
}

export const isClosedPhase = (p: AmendmentPhase) => p === 'DONE' || p === 'WITHDRAWN'

/** Who acts in each wait (the inbox task's audience). */
export const PHASE_AUDIENCE: Record<AmendmentPhase, 'staff' | 'agency' | null> = {
  CONFIRM_PREMIUM_BY_ADMIN: 'staff',
  CONFIRM_PREMIUM_BY_AGENCY: 'agency',
  PAYMENT: 'agency',
  PAYMENT_APPROVAL: 'staff',
  ISSUE_CERTIFICATE: 'staff',
  DONE: null,
  WITHDRAWN: null,
}

export const PHASE_LABELS: Record<AmendmentPhase, string> = {
  CONFIRM_PREMIUM_BY_ADMIN: 'Premium to be confirmed by staff',
  CONFIRM_PREMIUM_BY_AGENCY: 'Premium to be accepted by the agency',
  PAYMENT: 'Payment of the difference due from the agency',
  PAYMENT_APPROVAL: 'Payment verification pending',
  ISSUE_CERTIFICATE: 'New certificate to be uploaded',
  DONE: 'Amended',
  WITHDRAWN: 'Withdrawn',
}

/** Payer of the difference: the agency when the premium rises, OSHC when it falls, nobody when equal. */
export function payerOf(changedCents: number): 'AGENCY' | 'OSHC' | null {
  if (changedCents > 0) return 'AGENCY'
  if (changedCents < 0) return 'OSHC'
  return null
}

/** Who decided, carried into the workflow so the activity can rebuild the actor and record it. */
export type AmendmentDecider = {
  kind: 'Oshc' | 'Agency' | 'agency_user'
  identityId: number
  userId: number | null
  agencyId: number | null
  email: string
  permissions: string[]
}

/**
 * A decision on an amendment, as it travels through the workflow's `decide` Update (persisted in
 * workflow histories: change only in backward-compatible ways). Amounts in cents.
 */
export type AmendmentDecision =
  | { kind: 'confirmPremium'; new_premium: number | null; by: AmendmentDecider }
  | { kind: 'acceptPremium'; premium: number; note: string | null; by: AmendmentDecider }
  | { kind: 'withdraw'; note: string | null; by: AmendmentDecider }
  | {
      kind: 'pay'
      payment_method: 'BANK' | 'AGENCY_BALANCE'
      bank_document: string | null
      by: AmendmentDecider
    }
  | { kind: 'cardPaid'; card_payment_id: number; by: AmendmentDecider }
  | { kind: 'approvePayment'; by: AmendmentDecider }
  | { kind: 'rejectPayment'; reason: string; by: AmendmentDecider }

/** What the workflow knows of its amendment (amounts in cents). */
export type AmendmentState = {
  amendmentId: number
  policyId: number
  agencyId: number
  phase: AmendmentPhase
  status: AmendmentStatus
  nextStep: AmendmentNextStep
  newPremium: number
  payableAmount: number
  payer: 'AGENCY' | 'OSHC' | null
  /**
   * Maker-checker of the confirm step (issue 22). Optional: states recorded in older histories lack
   * them, and the workflow then leaves the check to the activity, which reads the database (so a
   * replay decides as the original run did). The premium before and as repriced from the new
   * details (cents), whether staff opened the amendment, and the staff who made it or last set its
   * premium by hand.
   */
  prevPremium?: number
  repricedPremium?: number
  staffMade?: boolean
  makers?: number[]
}

/** The wait each decision belongs to, and which side makes it. */
export const DECISION_PHASE: Record<
  AmendmentDecision['kind'],
  { phase: AmendmentPhase; side: 'staff' | 'agency' }
> = {
  confirmPremium: { phase: 'CONFIRM_PREMIUM_BY_ADMIN', side: 'staff' },
  acceptPremium: { phase: 'CONFIRM_PREMIUM_BY_AGENCY', side: 'agency' },
  withdraw: { phase: 'CONFIRM_PREMIUM_BY_AGENCY', side: 'agency' },
  pay: { phase: 'PAYMENT', side: 'agency' },
  cardPaid: { phase: 'PAYMENT', side: 'agency' },
  approvePayment: { phase: 'PAYMENT_APPROVAL', side: 'staff' },
  rejectPayment: { phase: 'PAYMENT_APPROVAL', side: 'staff' },
}

export const premiumMismatchMsg = (confirmed: string) =>
  `The premium must equal the confirmed premium of ${confirmed}`
export const REJECTION_REASON_REQUIRED_MSG = 'Rejection reason is required'
export const BANK_DOCUMENT_REQUIRED_MSG = 'Bank document is required'

/** The words of domain/finance/finance.rules.ts (this file has no runtime imports: the workflow bundles it). */
export const MAKER_CHECKER_MSG =
  'You created or last changed this record, so another finance staff member must approve it'
export const SET_AND_CONFIRM_MSG =
  'A premium that differs from the repriced one is confirmed by another finance staff member: save it, then ask them to confirm'

/**
 * Maker-checker of the confirm step: a premium set by staff that differs from the repriced one, or
 * a fall (a credit to the agency) on an amendment staff opened, is confirmed only by a staff
 * member holding `finance` who neither made the amendment nor last set its premium, and who does
 * not set a new figure in the same decision. Null when the confirmation may go ahead.
 */
export function confirmPremiumRefusal(
  state: AmendmentState,
  d: Extract<AmendmentDecision, { kind: 'confirmPremium' }>,
): string | null {
  if (state.repricedPremium === undefined || state.prevPremium === undefined) return null
  const premium = d.new_premium ?? state.newPremium
  const staffFigure = premium !== state.repricedPremium
  const staffCredit = !!state.staffMade && premium < state.prevPremium
  if (!staffFigure && !staffCredit) return null
  if (!d.by.permissions?.includes('finance'))
    return staffFigure
      ? `The premium of ${audText(premium)} was set by staff (repriced: ${audText(state.repricedPremium)}), so a second staff member holding finance confirms it`
      : `Staff opened this amendment, so a second staff member holding finance confirms its credit of ${audText(state.prevPremium - premium)}`
  if (staffFigure && d.new_premium !== null && d.new_premium !== state.newPremium) return SET_AND_CONFIRM_MSG
  if (state.makers?.includes(d.by.identityId)) return MAKER_CHECKER_MSG
  return null
}

/** Dollars with cents for messages that the workflow bundle builds (no Intl dependency there). */
export const audText = (cents: number) =>
  `A$${(Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`

const blank = (v: unknown) => (typeof v === 'string' ? v.trim() === '' : v == null)

/**
 * The one rule of a payment decision's own fields (BANK needs its transfer proof, a rejection its
 * reason), behind the API's schemas (amendments.schemas.ts), the use case and the workflow's
 * validator: the field at fault and why, or null.
 */
export function amendmentPaymentIssue(
  d:
    | { kind: 'pay'; payment_method?: unknown; bank_document?: unknown }
    | { kind: 'rejectPayment'; reason?: unknown },
): { path: 'bank_document' | 'reason'; message: string } | null {
  if (d.kind === 'rejectPayment')
    return blank(d.reason) ? { path: 'reason', message: REJECTION_REASON_REQUIRED_MSG } : null
  return d.payment_method === 'BANK' && blank(d.bank_document)
    ? { path: 'bank_document', message: BANK_DOCUMENT_REQUIRED_MSG }
    : null
}

/**
 * Why a decision is refused before it enters history (the update validator and the activity), or
 * null. `state` undefined: the workflow is still loading; the activity then decides against the
 * database.
 */
export function amendmentDecisionRefusal(
  state: AmendmentState | undefined,
  deciding: boolean,
  d: AmendmentDecision | undefined,
): string | null {
  const rule = d ? DECISION_PHASE[d.kind] : undefined
  if (!d || !rule) return 'Unknown decision'
  if (!d.by || !Number.isInteger(d.by.identityId)) return 'The decision names nobody'
  const side = d.by.kind === 'Oshc' ? 'staff' : 'agency'
  if (side !== rule.side)
    return rule.side === 'staff' ? 'Only staff make this decision' : 'Only the agency makes this decision'
  const issue = d.kind === 'pay' || d.kind === 'rejectPayment' ? amendmentPaymentIssue(d) : null
  if (issue) return issue.message
  if (
    d.kind === 'confirmPremium' &&
    d.new_premium !== null &&
    !(Number.isInteger(d.new_premium) && d.new_premium > 0)
  )
    return 'new_premium must be greater than 0'
  if (deciding) return 'A decision on this amendment is already being applied'
  if (!state) return null
  if (side === 'agency' && state.agencyId !== d.by.agencyId) return 'Amendment not found'
  if (isClosedPhase(state.phase))
    return `This amendment is ${state.phase === 'DONE' ? 'already done' : 'withdrawn'}`
  if (state.phase !== rule.phase)
    return `This amendment waits for: ${PHASE_LABELS[state.phase]} (${state.phase}); ${d.kind} is not possible now`
  if (d.kind === 'acceptPremium' && d.premium !== state.newPremium)
    return premiumMismatchMsg(audText(state.newPremium))
  if (d.kind === 'confirmPremium') return confirmPremiumRefusal(state, d)
  return null
}
