import { WorkflowUpdateFailedError, WorkflowNotFoundError } from '@temporalio/client'
import { DomainError } from '../domain/shared/errors'
import { registerWorkflowPort, type WorkflowPort } from '../domain/shared/ports'
import { temporalClient } from './client'
import { onboardingDurations, taskQueue } from './config'
import {
  AGENCY_ONBOARDING_WORKFLOW,
  agencyChangedSignal,
  agencyOnboardingWorkflowId,
  decideUpdate,
  type AgencyOnboardingInput,
} from './contracts/agency-onboarding.contract'

/** The one way to start or wake the onboarding workflow: signal-with-start, idempotent by id. */
async function signalOnboarding(agencyId: number) {
  const client = await temporalClient()
  const input: AgencyOnboardingInput = { agencyId, durations: onboardingDurations() }
  await client.workflow.signalWithStart(AGENCY_ONBOARDING_WORKFLOW, {
    workflowId: agencyOnboardingWorkflowId(agencyId),
    taskQueue: taskQueue(),
    args: [input],
    signal: agencyChangedSignal,
    signalArgs: [],
  })
}

/** Update failures (validator refusals and refused activities) become 409s with their reason. */
function reasonOf(err: unknown): string | null {
  if (err instanceof WorkflowUpdateFailedError) {
    let cause: unknown = err.cause
    while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause
    return cause instanceof Error ? cause.message : err.message
  }
  return null
}

export const temporalWorkflowPort: WorkflowPort = {
  agencyChanged: signalOnboarding,
  async decideOnboarding(agencyId, decision, actor) {
    const client = await temporalClient()
    const handle = client.workflow.getHandle(agencyOnboardingWorkflowId(agencyId))
    try {
      await handle.executeUpdate(decideUpdate, { args: [decision, { actor }] })
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) {
        throw new DomainError('INVALID_TRANSITION', 'This agency has no onboarding in progress')
      }
      const reason = reasonOf(err)
      if (reason) throw new DomainError('INVALID_TRANSITION', reason)
      throw err
    }
  },
}

registerWorkflowPort(temporalWorkflowPort)
