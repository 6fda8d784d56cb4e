import { getDb } from '../../db/client'
import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict } from '../shared/errors'
import { toCents } from '../shared/money'
import { refundProcess } from './refund-process'
import { loadPolicy } from '../policies/policy-loading'
import { assertRefundAmounts } from './refund-guards'
import { openRefund, policyMoney, presentRefund, refundById } from './refund-loading'

export const NO_OPEN_REFUND_MSG = 'This policy has no full refund request waiting'

/**
 * initiateFullRefund/{policyId} (staff with finance): sets the amounts of a REQUESTED refund, in AUD
 * (kept in cents): refundable_premium_amount at most the premium paid (a full refund: all of it),
 * deductable_commission_amount at most the policy's commission and at most the refundable premium
 * (400 on the field otherwise). Delivered to the refund's workflow as its `decide` update, whose
 * activity moves refund and policy to (FULL_REFUND_)INITIATED; the agency sees the amounts on its
 * policy page. No waiting refund, or past REQUESTED: 409.
 */
export const initiateFullRefund = defineUseCase(
  { staff: ['finance'] },
  async function initiateFullRefund(opts: {
    actor: StaffActor
    policyId: number
    refundablePremiumAmount: number
    deductableCommissionAmount: number
    isFullRefund: boolean
  }) {
    const { actor } = opts
    const policy = await loadPolicy(actor, opts.policyId)
    const refund = await openRefund(policy.id)
    if (!refund) throw conflict(NO_OPEN_REFUND_MSG)
    if (refund.status !== 'REQUESTED')
      throw conflict(`This full refund is ${refund.status}; its amounts are set while it is REQUESTED`)
    const decision = {
      kind: 'initiate' as const,
      refundable_premium_amount: toCents(opts.refundablePremiumAmount),
      deductable_commission_amount: toCents(opts.deductableCommissionAmount),
      is_full_refund: opts.isFullRefund,
      by: { identityId: actor.identityId, userId: actor.userId, email: actor.email },
    }
    assertRefundAmounts(await policyMoney(policy.id, getDb()), decision)
    await refundProcess().decide({ id: refund.id, policyId: policy.id }, decision)
    return presentRefund(await refundById(refund.id))
  },
)
