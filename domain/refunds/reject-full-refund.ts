import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict } from '../shared/errors'
import { refundProcess } from './refund-process'
import { loadPolicy } from '../policies/policy-loading'
import { openRefund, presentRefund, refundById } from './refund-loading'
import { NO_OPEN_REFUND_MSG } from './initiate-full-refund'

/**
 * rejectFullRefundRequest (staff with finance): rejects a REQUESTED or INITIATED refund with a
 * reason, through the workflow's `decide` update: refund REJECTED, policy FULL_REFUND_REJECTED with
 * full_refund_rejection_reason, a cancellation not yet approved withdrawn, the agency notified and
 * mailed. The agency may request again. Approved or finished: 409.
 */
export const rejectFullRefund = defineUseCase(
  { staff: ['finance'] },
  async function rejectFullRefund(opts: { actor: StaffActor; policyId: number; reason: string }) {
    const { actor } = opts
    const policy = await loadPolicy(actor, opts.policyId)
    const refund = await openRefund(policy.id)
    if (!refund) throw conflict(NO_OPEN_REFUND_MSG)
    if (refund.status !== 'REQUESTED' && refund.status !== 'INITIATED')
      throw conflict(`This full refund is ${refund.status}; it can no longer be rejected`)
    await refundProcess().decide(
      { id: refund.id, policyId: policy.id },
      {
        kind: 'reject',
        rejection_reason: opts.reason,
        by: { identityId: actor.identityId, userId: actor.userId, email: actor.email },
      },
    )
    return presentRefund(await refundById(refund.id))
  },
)
