import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict, DomainError, forbidden, validation } from '../shared/errors'
import { refundProcess } from './refund-process'
import { assertFileUsable } from '../files/storage'
import { MAKER_CHECKER_MSG } from '../finance/finance.rules'
import { loadPolicy } from '../policies/policy-loading'
import { assertCommissionSettled } from './refund-guards'
import { openRefund, policyMoney, presentRefund, refundById } from './refund-loading'
import {
  BATCH_NEEDS_BANK_MSG,
  netRefund,
  NOTHING_TO_BATCH_MSG,
  PAYMENT_URL_REQUIRED_MSG,
  type FullRefundPaymentMethod,
} from './refunds.rules'
import { NO_OPEN_REFUND_MSG } from './initiate-full-refund'

/**
 * approveFullRefundRequest/{policyId} (staff with finance, not the one who set the amounts:
 * maker-checker, 403): approves an INITIATED refund with payment_method AGENCY_BALANCE (the net
 * refund is credited to the balance at once) or BANK (payment_url = the uploaded transfer proof;
 * the proof counts as the refund paid; or pay_by_batch: no proof, the refund waits APPROVED for a
 * payout batch whose confirmed debit pays it, issue 25). Delivered to the workflow as its `decide` update, which
 * applies the approval (FULL_REFUND_APPROVED) and pays it in one more transaction
 * (FULL_REFUND_COMPLETED: invoice, ledger, premium and commission FULL_REFUNDED, clawback of paid-out
 * commission not deducted); the answer is the completed refund (APPROVED when it waits for a batch). Not INITIATED, or the commission
 * in a payout request: 409.
 */
export const approveFullRefund = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approveFullRefund(opts: {
    actor: StaffActor
    policyId: number
    paymentMethod: FullRefundPaymentMethod
    paymentUrl?: string | null
    payByBatch?: boolean
  }) {
    const { actor } = opts
    const policy = await loadPolicy(actor, opts.policyId)
    const refund = await openRefund(policy.id)
    if (!refund) throw conflict(NO_OPEN_REFUND_MSG)
    if (refund.initiated_by === actor.identityId) throw forbidden(MAKER_CHECKER_MSG)
    if (refund.status !== 'INITIATED')
      throw conflict(`This full refund is ${refund.status}; only an INITIATED refund can be approved`)
    const byBatch = opts.payByBatch === true
    if (byBatch && opts.paymentMethod !== 'BANK') throw validation('pay_by_batch', BATCH_NEEDS_BANK_MSG)
    if (
      byBatch &&
      netRefund(refund.refundable_premium_amount ?? 0, refund.deductable_commission_amount ?? 0) <= 0
    )
      throw validation('pay_by_batch', NOTHING_TO_BATCH_MSG)
    const paymentUrl = opts.paymentMethod === 'BANK' && !byBatch ? (opts.paymentUrl ?? null) : null
    if (opts.paymentMethod === 'BANK' && !byBatch) {
      if (!paymentUrl) throw validation('payment_url', PAYMENT_URL_REQUIRED_MSG)
      try {
        await assertFileUsable(paymentUrl, actor, policy.agency_id)
      } catch (err) {
        if (err instanceof DomainError && err.code === 'VALIDATION')
          throw validation('payment_url', err.message)
        throw err
      }
    }
    assertCommissionSettled((await policyMoney(policy.id)).commission)
    await refundProcess().decide(
      { id: refund.id, policyId: policy.id },
      {
        kind: 'approve',
        payment_method: opts.paymentMethod,
        payment_url: paymentUrl,
        ...(byBatch ? { pay_by_batch: true } : {}),
        by: { identityId: actor.identityId, userId: actor.userId, email: actor.email },
      },
    )
    return presentRefund(await refundById(refund.id))
  },
)
