import { WorkflowNotFoundError } from '@temporalio/client'
import { DomainError } from '../domain/shared/errors'
import type { WorkflowPort } from '../domain/shared/ports'
import { temporalClient } from './client'
import { executeDecision, startOnce } from './port-helpers'
import { fullRefundDurations } from './config'
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
  const input: FullRefundInput = {
    refundId: refund.id,
    policyId: refund.policyId,
    durations: fullRefundDurations(),
  }
  await startOnce(FULL_REFUND_WORKFLOW, fullRefundWorkflowId(refund.policyId), input)
}

/** The full-refund methods of the Temporal-backed WorkflowPort (spread into temporal/ports.ts). */
export const fullRefundPort: Pick<WorkflowPort, 'startFullRefund' | 'decideFullRefund'> = {
  startFullRefund: startRefund,
  async decideFullRefund(refund, decision) {
    const client = await temporalClient()
    const handle = client.workflow.getHandle(fullRefundWorkflowId(refund.policyId))
    const decide = () => executeDecision(handle, refundDecideUpdate, [decision])
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
