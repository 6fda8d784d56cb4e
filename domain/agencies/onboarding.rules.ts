/**
 * The onboarding machine's pure rules, shared by the domain, the worker and the agencyOnboarding
 * workflow (which may import nothing else of domain/: this file has no runtime imports).
 */
import type { AgencyStatus } from './agencies.rules'

export type OnboardingSnapshot = {
  agencyId: number
  status: AgencyStatus
  is_email_verified: boolean
  is_request_submitted: boolean
  has_unsigned_agreement: boolean
  configured_providers: number
}

export type OnboardingDecision = 'configurationDone' | 'agreementSent' | 'activatePortal'
/** Phases of onboarding: whose move it is. */
export type OnboardingPhase =
  'verify' | 'details' | 'configure' | 'send-agreement' | 'sign' | 'activate' | 'done'

export function phaseOf(s: Pick<OnboardingSnapshot, 'status' | 'is_request_submitted'>): OnboardingPhase {
  switch (s.status) {
    case 'PENDING':
      return 'verify'
    case 'SIGN_UP_REQUEST_SENT':
    case 'LOGIN_CRED_CHANGED':
    case 'COMPANY_DETAIL_STEP_ONE_DONE':
    case 'COMPANY_DETAIL_STEP_TWO_DONE':
      return 'details'
    case 'COMPANY_DETAIL_DONE':
      return s.is_request_submitted ? 'configure' : 'details'
    case 'CONFIGURATION_DONE':
      return 'send-agreement'
    case 'AGREEMENT_SENT':
      return 'sign'
    case 'AGREEMENT_SIGNED':
      return 'activate'
    default:
      return 'done'
  }
}

/** The status each staff decision moves from and to. */
export const DECISIONS: Record<
  OnboardingDecision,
  { from: AgencyStatus; to: AgencyStatus; phase: OnboardingPhase }
> = {
  configurationDone: { from: 'COMPANY_DETAIL_DONE', to: 'CONFIGURATION_DONE', phase: 'configure' },
  agreementSent: { from: 'CONFIGURATION_DONE', to: 'AGREEMENT_SENT', phase: 'send-agreement' },
  activatePortal: { from: 'AGREEMENT_SIGNED', to: 'PORTAL_ACTIVATED', phase: 'activate' },
}

const PHASE_ORDER: OnboardingPhase[] = [
  'verify',
  'details',
  'configure',
  'send-agreement',
  'sign',
  'activate',
  'done',
]

/**
 * Why a decision is refused judging by the workflow's view, which may lag the database: only a
 * decision whose moment has passed is refused here; one that comes too early is refused by the
 * activity against the database. (A staff override back to an earlier status reaches the workflow
 * by an Update that the override call waits for, so the view is not left ahead of the database.)
 */
export function refusalFromSnapshot(s: OnboardingSnapshot, decision: OnboardingDecision): string | null {
  const target = DECISIONS[decision]
  if (PHASE_ORDER.indexOf(phaseOf(s)) > PHASE_ORDER.indexOf(target.phase)) {
    return `Cannot ${decision}: the agency is already at ${s.status}`
  }
  return null
}

/** Every agency status, checked complete by the compiler; the workflow may not import the enum. */
const KNOWN_STATUSES: Record<AgencyStatus, true> = {
  PENDING: true,
  SIGN_UP_REQUEST_SENT: true,
  LOGIN_CRED_CHANGED: true,
  COMPANY_DETAIL_STEP_ONE_DONE: true,
  COMPANY_DETAIL_STEP_TWO_DONE: true,
  COMPANY_DETAIL_DONE: true,
  CONFIGURATION_DONE: true,
  AGREEMENT_SENT: true,
  AGREEMENT_SIGNED: true,
  PORTAL_ACTIVATED: true,
  PORTAL_DEACTIVATED: true,
}
export const isAgencyStatus = (s: unknown): s is AgencyStatus =>
  typeof s === 'string' && Object.prototype.hasOwnProperty.call(KNOWN_STATUSES, s)
