/**
 * Contract of the agencyOnboarding workflow. Its input and the update/signal payloads are
 * persisted in workflow histories: change them only in backward-compatible ways.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow'
import type { AgencyStatus } from '../../domain/agencies/agencies.rules'
import type {
  OnboardingDecision,
  OnboardingPhase,
  OnboardingSnapshot,
} from '../../domain/agencies/onboarding.rules'
import { processKeys } from '../../domain/shared/process-keys.rules'

export type { OnboardingDecision, OnboardingPhase, OnboardingSnapshot }
// The machine's pure rules, for the workflow (it imports nothing but @temporalio/workflow and contracts).
export { isAgencyStatus, phaseOf, refusalFromSnapshot } from '../../domain/agencies/onboarding.rules'

export const AGENCY_ONBOARDING_WORKFLOW = 'agencyOnboarding'
export const agencyOnboardingWorkflowId = processKeys.agencyOnboarding

/** Durations in Temporal's duration strings ('1d', '30s'); from configuration so tests use seconds. */
export type OnboardingDurations = { verify: string; details: string; agreement: string; staff: string }
export type AgencyOnboardingInput = { agencyId: number; durations: OnboardingDurations }

/** `note`: the reason staff gave, if any, kept on the history row. */
export type DecisionInput = { actor: string; note?: string }

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

/** Activities the workflow calls; implemented beside it (*.activities.ts) over domain/. */
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
