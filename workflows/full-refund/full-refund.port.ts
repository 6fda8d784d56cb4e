// The client side of the full refund process: the domain's RefundProcess over Temporal.
import { WorkflowNotFoundError } from '@temporalio/client'
import { DomainError } from '../../domain/shared/errors'
import type { RefundProcess } from '../../domain/refunds/refund-process'
import { temporalClient } from '../../temporal/client'
import { fullRefundDurations } from '../../temporal/config'
import { executeDecision, startOnce } from '../../temporal/port-helpers'
import {
  FULL_REFUND_WORKFLOW,
  fullRefundWorkflowId,
  refundDecideUpdate,
  type FullRefundInput,
} from './full-refund.contract'

type Refund = { id: number; policyId: number }

/** The innermost cause of a failed run (the activity's own refusal). */
function deepestMessage(err: unknown) {
  let e: unknown = err
  while (e instanceof Error && e.cause instanceof Error) e = e.cause
  return e instanceof Error ? e.message : 'the payment could not be made'
}

/** How long a retried payment is waited for before the caller is answered (it goes on regardless). */
const PAY_WAIT_MS = 10_000

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

export const fullRefundPort: RefundProcess = {
  start: startRefund,
  async pay(refund) {
    await startRefund(refund)
    const handle = (await temporalClient()).workflow.getHandle(fullRefundWorkflowId(refund.policyId))
    const outcome = await Promise.race([
      handle.result().then(
        () => null,
        (err: unknown) => deepestMessage(err),
      ),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), PAY_WAIT_MS)),
    ])
    if (outcome) throw new DomainError('INVALID_TRANSITION', `The refund payment failed again: ${outcome}`)
  },
  async decide(refund, decision) {
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
      // The refund as the decision left it (the contract's type), not a reload.
      return await decide()
    } catch (err) {
      // The run finished between the two calls: the refund was decided meanwhile.
      if (err instanceof WorkflowNotFoundError)
        throw new DomainError('INVALID_TRANSITION', 'This full refund has already been decided')
      throw err
    }
  },
}
