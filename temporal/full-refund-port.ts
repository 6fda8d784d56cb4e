import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
} from '@temporalio/client'
import { DomainError } from '../domain/shared/errors'
import type { WorkflowPort } from '../domain/shared/ports'
import { temporalClient } from './client'
import { fullRefundDurations, taskQueue } from './config'
import {
  FULL_REFUND_WORKFLOW,
  fullRefundWorkflowId,
  refundDecideUpdate,
  type FullRefundInput,
} from './contracts/full-refund.contract'

type Refund = { id: number; policyId: number }

/**
 * Starts the refund's workflow. The id is per policy: a run of this refund already running is left
 * alone; a finished run (an earlier, rejected request) lets a new run start under the same id.
 */
async function startRefund(refund: Refund) {
  const client = await temporalClient()
  const input: FullRefundInput = {
    refundId: refund.id,
    policyId: refund.policyId,
    durations: fullRefundDurations(),
  }
  try {
    await client.workflow.start(FULL_REFUND_WORKFLOW, {
      workflowId: fullRefundWorkflowId(refund.policyId),
      taskQueue: taskQueue(),
      args: [input],
    })
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err
  }
}

/** Update failures (validator refusals and refused activities) become 409s with their reason. */
function reasonOf(err: unknown): string | null {
  if (!(err instanceof WorkflowUpdateFailedError)) return null
  let cause: unknown = err.cause
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause
  return cause instanceof Error ? cause.message : err.message
}

/** The full-refund methods of the Temporal-backed WorkflowPort (spread into temporal/ports.ts). */
export const fullRefundPort: Pick<WorkflowPort, 'startFullRefund' | 'decideFullRefund'> = {
  startFullRefund: startRefund,
  async decideFullRefund(refund, decision) {
    const client = await temporalClient()
    const handle = client.workflow.getHandle(fullRefundWorkflowId(refund.policyId))
    const decide = async () => {
      try {
        await handle.executeUpdate(refundDecideUpdate, { args: [decision] })
      } catch (err) {
        const reason = reasonOf(err)
        if (reason) throw new DomainError('INVALID_TRANSITION', reason)
        throw err
      }
    }
    // A running run under the id is this refund's: a policy has one open refund, and a run ends
    // with its refund. Otherwise (never started, terminated, failed, or an earlier request's
    // finished run) a run for this refund starts first; the use case checked it is waiting.
    let running = false
    try {
      running = (await handle.describe()).status.name === 'RUNNING'
    } catch (e) {
      if (!(e instanceof WorkflowNotFoundError)) throw e
    }
    if (!running) await startRefund(refund)
    try {
      await decide()
    } catch (err) {
      // The run finished between the two calls: the refund was decided meanwhile.
      if (err instanceof WorkflowNotFoundError)
        throw new DomainError('INVALID_TRANSITION', 'This full refund has already been decided')
      throw err
    }
  },
}
