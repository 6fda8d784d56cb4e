import { isAgencySide, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadPolicy } from '../policies/policy-loading'
import { hasUnverifiedPayment, presentCancellation, stepsOf } from './cancellation-loading'
import { latestRefund, presentRefund } from './refund-loading'

/**
 * getPolicyCancellationDetails/{policyId} (staff with policy_management or finance) and
 * getPolicyCancellationDetailsForAgency/{policyId} (the agency side, its own policies; another
 * agency's is 404): the cancellation status, date and refund method (no_refund), the steps with
 * their done state, whether a payment waits for verification, and the newest full refund.
 */
export const getPolicyCancellationDetails = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: true },
  async function getPolicyCancellationDetails(opts: { actor: Actor; policyId: number }) {
    const policy = await loadPolicy(opts.actor, opts.policyId)
    const [steps, refund, pending] = await Promise.all([
      stepsOf(policy),
      latestRefund(policy.id),
      hasUnverifiedPayment(policy.id),
    ])
    return {
      ...presentCancellation(policy),
      is_payment_verification_pending: pending,
      steps: steps.map((s) => ({
        id: s.id,
        name: s.name,
        position: s.position,
        is_done: s.is_done,
        done_at: s.done_at,
        ...(isAgencySide(opts.actor) ? {} : { done_by: s.done_by }),
      })),
      full_refund: refund ? presentRefund(refund) : null,
    }
  },
)
