import { processSlot } from '../../shared/process-slot'
import type { AgencyStatus } from '../agencies.rules'
import type { OnboardingDecision, OnboardingSnapshot } from '../onboarding.rules'

/** What the agencies area asks of an agency's onboarding process (workflows/agency-onboarding). */
export interface OnboardingProcess {
  /** The agency's record changed: wake its onboarding (starting it if needed). */
  changed(agencyId: number): Promise<void>
  /** Deliver a staff decision; refusals surface as INVALID_TRANSITION (409) with the reason. */
  decide(
    agencyId: number,
    decision: OnboardingDecision,
    actor: string,
    note?: string,
  ): Promise<OnboardingSnapshot>
  /**
   * Staff overrode the status (already saved): wait until the running onboarding has moved to the
   * matching wait. False when no onboarding is running.
   */
  override(agencyId: number, status: AgencyStatus, actor: string): Promise<boolean>
}

export const onboardingProcess = processSlot<OnboardingProcess>('agency onboarding')
