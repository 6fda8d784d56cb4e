import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { approvePolicyPayment } from '../policy-payments/approve-policy-payment'
import { rejectPolicyPayments } from '../policy-payments/reject-policy-payments'
import { approveTopup } from '../topups/approve-topup'
import { rejectTopup } from '../topups/reject-topup'
import { approveCommissionPayout } from '../payouts/approve-commission-payout'
import { rejectCommissionPayout } from '../payouts/reject-commission-payout'
import { approveBnplPaymentRequest } from '../bnpl/approve-bnpl-payment-request'
import { rejectBnplPaymentRequest } from '../bnpl/reject-bnpl-payment-request'
import type { BulkDecisionInput } from './bulk-decisions.schemas'

/**
 * The one decision of an inbox item (staff with finance): the same use case its own page and API
 * call use, each with its own second factor, state checks and maker-checker. A bulk decision takes
 * its items through it in turn; the task view decides its task through it.
 */
export const decideItem = defineUseCase(
  { staff: ['finance'] },
  async function decideItem(opts: {
    actor: StaffActor
    input: Omit<BulkDecisionInput, 'ids'>
    id: number
  }): Promise<unknown> {
    const { actor, input, id } = opts
    const reason = input.reason ?? ''
    const approve = input.decision === 'approve'
    switch (input.kind) {
      case 'policy_payment':
        return approve
          ? approvePolicyPayment({ actor, policyId: id })
          : rejectPolicyPayments({ actor, policyIds: [id], reason })
      case 'topup':
        return approve ? approveTopup({ actor, topupId: id }) : rejectTopup({ actor, topUpId: id, reason })
      case 'payout':
        return approve
          ? approveCommissionPayout({ actor, payoutId: id, paymentType: input.payment_type! })
          : rejectCommissionPayout({ actor, payoutId: id, reason })
      case 'bnpl':
        return approve
          ? approveBnplPaymentRequest({ actor, requestId: id })
          : rejectBnplPaymentRequest({ actor, requestId: id, reason })
    }
  },
)
