/**
 * Contract of the agencyOnboarding workflow. Its input and the update/signal payloads are
 * persisted in workflow histories: change them only in backward-compatible ways.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow'
import type { AgencyStatus } from '../../domain/agencies/agencies.rules'

export const AGENCY_ONBOARDING_WORKFLOW = 'agencyOnboarding'
export const agencyOnboardingWorkflowId = (agencyId: number) => `agency-onboarding-${agencyId}`

/** Durations in Temporal's duration strings ('1d', '30s'); from configuration so tests use seconds. */
export type OnboardingDurations = { verify: string; details: string; agreement: string; staff: string }
export type AgencyOnboardingInput = { agencyId: number; durations: OnboardingDurations }

export type OnboardingSnapshot = {
  agencyId: number
  status: AgencyStatus
  is_email_verified: boolean
  is_request_submitted: boolean
  has_unsigned_agreement: boolean
  configured_providers: number
}

export type OnboardingDecision = 'configurationDone' | 'agreementSent' | 'activatePortal'
/** `note`: the reason staff gave, if any, kept on the history row. */
export type DecisionInput = { actor: string; note?: string }

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

/**
 * A staff override (updateAdminAgencyStatus off the machine), already saved in the database with
 * its audit row. The workflow reloads the agency and moves to the wait its status implies.
 */
export type StatusOverrideInput = { status: AgencyStatus; actor: string }
export type StatusOverrideResult = { status: AgencyStatus; phase: OnboardingPhase }

export const agencyChangedSignal = defineSignal('agencyChanged')
export const decideUpdate = defineUpdate<OnboardingSnapshot, [OnboardingDecision, DecisionInput]>('decide')
export const overrideStatusUpdate = defineUpdate<StatusOverrideResult, [StatusOverrideInput]>(
  'overrideStatus',
)
export const onboardingStateQuery = defineQuery<{
  snapshot: OnboardingSnapshot
  phase: OnboardingPhase
  reminders: number
}>('onboardingState')

/** Activities the workflow calls; implemented in workers/activities over domain/. */
export interface OnboardingActivities {
  loadOnboardingSnapshot(agencyId: number): Promise<OnboardingSnapshot>
  applyOnboardingDecision(input: {
    agencyId: number
    decision: OnboardingDecision
    actor: string
    note?: string
  }): Promise<OnboardingSnapshot>
  syncOnboardingTasks(input: {
    agencyId: number
    phase: OnboardingPhase
    workflowId: string
    dueInMs: number
  }): Promise<void>
  /** `key` names this reminder (workflow, run, number): the mail goes out once per key. Optional:
   * reminders scheduled before it existed have none. */
  remindOnboarding(input: {
    agencyId: number
    phase: OnboardingPhase
    escalate: boolean
    key?: string
  }): Promise<void>
}
