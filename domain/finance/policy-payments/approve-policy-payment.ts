import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { financeMails } from '../../mail/finance-mails'
import { verifyWaitingPayment } from './payment-verification'
import { mailAgency } from '../agency-mail'
import { defineUseCase } from '../../shared/authorize'

/**
 * paymentApprove (staff with finance): verifies a PURCHASED policy's REQUESTED premium payment.
 * In one transaction the payment turns PAID, the policy PAYMENT_APPROVED, the commission
 * COMMISSION_BANKED, the PREMIUM invoice PAID and the `policy-payment-<id>` task closes as
 * approved; the agency is mailed after commit. Maker-checker: whoever created or last changed
 * the payment gets 403. Any other policy status is a 409 (so approving twice is a 409).
 */
export const approvePolicyPayment = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approvePolicyPayment(opts: { actor: StaffActor; policyId: number }) {
    const { actor } = opts
    const result = await getDb().transaction((tx) => verifyWaitingPayment(tx, actor, opts.policyId))
    await mailAgency(
      result.policy.agency_id,
      financeMails.policyPaymentApproved(result.policy.ref, result.payment.amount),
    )
    return {
      policyId: result.policy.id,
      ref: result.policy.ref,
      status: 'PAYMENT_APPROVED' as const,
      paymentId: result.payment.id,
      paymentStatus: 'PAID' as const,
    }
  },
)
