import { temporalClient } from '../../temporal/client'
import {
  AGENCY_ONBOARDING_WORKFLOW,
  agencyChangedSignal,
  agencyOnboardingWorkflowId,
  type OnboardingDurations,
} from '../../workflows/agency-onboarding/agency-onboarding.contract'

/** Starts (or wakes) an agency's onboarding workflow on this file's task queue, as the domain does. */
export async function startOnboarding(agencyId: number, durations: OnboardingDurations) {
  const client = await temporalClient()
  return client.workflow.signalWithStart(AGENCY_ONBOARDING_WORKFLOW, {
    workflowId: agencyOnboardingWorkflowId(agencyId),
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    args: [{ agencyId, durations }],
    signal: agencyChangedSignal,
    signalArgs: [],
  })
}

/** The innermost failure message (update failure -> activity failure -> application failure). */
export function deepest(err: unknown): string {
  let e = err as { cause?: unknown; message?: string }
  while (e.cause) e = e.cause as typeof e
  return String(e.message)
}
