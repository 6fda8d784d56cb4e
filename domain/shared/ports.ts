import type { OnboardingDecision } from '../../temporal/contracts/agency-onboarding.contract'

/**
 * What the domain asks of the workflow engine, without importing it. The web server and the
 * worker register the Temporal-backed implementation at start-up (temporal/ports.ts).
 */
export interface WorkflowPort {
  /** Tell the agency's onboarding workflow that its record changed (starting it if needed). */
  agencyChanged(agencyId: number): Promise<void>
  /** Deliver a staff decision as a workflow update; refusals surface as INVALID_TRANSITION. */
  decideOnboarding(agencyId: number, decision: OnboardingDecision, actor: string): Promise<void>
}

let registered: WorkflowPort | undefined

export function registerWorkflowPort(port: WorkflowPort) {
  registered = port
}

export function workflows(): WorkflowPort {
  if (!registered) throw new Error('No workflow port registered: import temporal/ports first')
  return registered
}
