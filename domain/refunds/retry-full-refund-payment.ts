import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict } from '../shared/errors'
import { refundProcess } from './refund-process'
import { loadPolicy } from '../policies/policy-loading'
import { openRefund, presentRefund, refundById } from './refund-loading'
import { NO_OPEN_REFUND_MSG } from './initiate-full-refund'
import { AWAITS_BATCH_MSG, awaitsBatch } from './refunds.rules'

/**
 * retryFullRefundPayment/{policyId} (staff with finance; not in the spec, which names no way out):
 * an APPROVED refund is paid inside its approval, so one still APPROVED is one whose payment failed
 * for good and whose workflow run ended. This starts the refund's workflow again, which pays an
 * APPROVED refund first thing (completeFullRefund, idempotent under the row lock); a run still
 * paying is left alone. Answers the refund as it now is (COMPLETED when the payment went through).
 * No refund open, one not APPROVED, or one waiting for a payout batch to pay it: 409.
 */
export const retryFullRefundPayment = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function retryFullRefundPayment(opts: { actor: StaffActor; policyId: number }) {
    const { actor } = opts
    const policy = await loadPolicy(actor, opts.policyId)
    const refund = await openRefund(policy.id)
    if (!refund) throw conflict(NO_OPEN_REFUND_MSG)
    if (refund.status !== 'APPROVED')
      throw conflict(
        `This full refund is ${refund.status}; only an approved refund whose payment failed is paid again`,
      )
    if (awaitsBatch(refund)) throw conflict(AWAITS_BATCH_MSG)
    await refundProcess().pay({ id: refund.id, policyId: policy.id })
    return presentRefund(await refundById(refund.id))
  },
)
