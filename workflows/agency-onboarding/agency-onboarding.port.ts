// The client side of the agency onboarding process: the domain's OnboardingProcess over Temporal.
import { WorkflowNotFoundError } from '@temporalio/client'
import { DomainError } from '../../domain/shared/errors'
import type { OnboardingProcess } from '../../domain/agencies/onboarding-workflow/onboarding-process'
import { temporalClient } from '../../temporal/client'
import { onboardingDurations, taskQueue } from '../../temporal/config'
import { refusalOf } from '../../temporal/port-helpers'
import {
  AGENCY_ONBOARDING_WORKFLOW,
  agencyChangedSignal,
  agencyOnboardingWorkflowId,
  decideUpdate,
  overrideStatusUpdate,
  type AgencyOnboardingInput,
} from './agency-onboarding.contract'

export const agencyOnboardingPort: OnboardingProcess = {
  /** The one way to start or wake the onboarding workflow: signal-with-start, idempotent by id. */
  async changed(agencyId) {
    const client = await temporalClient()
    const input: AgencyOnboardingInput = { agencyId, durations: onboardingDurations() }
    await client.workflow.signalWithStart(AGENCY_ONBOARDING_WORKFLOW, {
      workflowId: agencyOnboardingWorkflowId(agencyId),
      taskQueue: taskQueue(),
      args: [input],
      signal: agencyChangedSignal,
      signalArgs: [],
    })
  },
  async decide(agencyId, decision, actor, note) {
    const client = await temporalClient()
    const handle = client.workflow.getHandle(agencyOnboardingWorkflowId(agencyId))
    try {
      // The agency as the decision left it (the contract's type), not a reload.
      return await handle.executeUpdate(decideUpdate, { args: [decision, { actor, note }] })
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) {
        throw new DomainError('INVALID_TRANSITION', 'This agency has no onboarding in progress')
      }
      throw refusalOf(err) ?? err
    }
  },
  async override(agencyId, status, actor) {
    const client = await temporalClient()
    const handle = client.workflow.getHandle(agencyOnboardingWorkflowId(agencyId))
    try {
      await handle.executeUpdate(overrideStatusUpdate, { args: [{ status, actor }] })
      return true
    } catch (err) {
      // Never started, or completed (an update to a closed workflow is NOT_FOUND too).
      if (err instanceof WorkflowNotFoundError) return false
      throw err
    }
  },
}
