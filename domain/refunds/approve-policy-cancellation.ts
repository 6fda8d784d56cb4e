import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { fullRefunds } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { isoDate, clock } from '../shared/clock'
import { conflict, DomainError, fieldErrors } from '../shared/errors'
import { formatDate } from '../shared/format'
import { REFUND_METHOD_LABELS } from '../shared/labels'
import { notify } from '../notifications/notify'
import { loadPolicy } from '../policies/policy-loading'
import { lockPolicyFor, transitionPolicy } from '../policies/policy-history'
import { hasUnverifiedPayment, presentCancellation, stepsOf } from './cancellation-loading'
import { agencyPolicyPath, latestRefund } from './refund-loading'
import { PAYMENT_VERIFICATION_PENDING_MSG } from './refunds.rules'
import { CancellationApproveSchema } from './refunds.schemas'

/** The 403 of spec/02 section 8: its body carries is_payment_verification_pending. */
export const paymentVerificationPending = () =>
  new DomainError('FORBIDDEN', PAYMENT_VERIFICATION_PENDING_MSG, undefined, {
    is_payment_verification_pending: true,
  })

/**
 * policyCancellationApprove/{policyId} (staff with finance). First of all, before any other
 * precondition or input check: while a payment of the policy waits for verification (premium,
 * amendment or clawback payment REQUESTED) it answers 403 with is_payment_verification_pending,
 * even with no refund requested. Then the input (refund_method GROSS_REFUND, NET_REFUND or
 * NO_REFUND; policy_cancellation_date YYYY-MM-DD, today when absent) and the cancellation: it must
 * be READY_FOR_CANCELLATION (every step ticked), else 409. Sets policy_cancellation_date and
 * refund_method (also on the newest refund), moves the cancellation to IN_CANCELLATION (the
 * cancellation is approved and dated), history row, agency notified. The answer carries no_refund.
 */
export const approvePolicyCancellation = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approvePolicyCancellation(opts: { actor: Actor; policyId: number; input: unknown }) {
    const { actor } = opts
    const seen = await loadPolicy(actor, opts.policyId)
    if (await hasUnverifiedPayment(seen.id)) throw paymentVerificationPending()
    const parsed = CancellationApproveSchema.safeParse(opts.input ?? {})
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues)
      throw new DomainError('VALIDATION', Object.values(errors)[0]?.[0] ?? 'Invalid input', errors)
    }
    const date = parsed.data.policy_cancellation_date ?? isoDate(clock.now())
    const method = parsed.data.refund_method
    const policy = await getDb().transaction(async (tx) => {
      const locked = await lockPolicyFor(tx, seen.id, 'progressCancellation')
      if (await hasUnverifiedPayment(seen.id, tx)) throw paymentVerificationPending()
      if (locked.cancellation_request_status === 'IN_CANCELLATION')
        throw conflict('The cancellation of this policy is already approved')
      if (locked.cancellation_request_status !== 'READY_FOR_CANCELLATION')
        throw conflict('Every cancellation step must be done before the cancellation is approved')
      await transitionPolicy(tx, locked, 'progressCancellation', {
        actor,
        set: {
          cancellation_request_status: 'IN_CANCELLATION',
          policy_cancellation_date: date,
          refund_method: method,
        },
        note: `Cancellation approved from ${formatDate(date)}: ${REFUND_METHOD_LABELS[method]}`,
        meta: { policy_cancellation_date: date, refund_method: method },
      })
      const refund = await latestRefund(locked.id, tx)
      if (refund)
        await tx.update(fullRefunds).set({ refund_method: method }).where(eq(fullRefunds.id, refund.id))
      await notify(
        tx,
        {
          eventType: 'POLICY_CANCELLATION_APPROVED',
          title: `Cancellation of ${locked.ref} approved`,
          message: `Cancelled from ${formatDate(date)}: ${REFUND_METHOD_LABELS[method]}`,
          link: agencyPolicyPath(locked.id),
          meta: { policy_id: locked.id },
        },
        { agencyId: locked.agency_id },
      )
      return {
        ...locked,
        cancellation_request_status: 'IN_CANCELLATION' as const,
        policy_cancellation_date: date,
        refund_method: method,
      }
    })
    return { ...presentCancellation(policy), steps: await stepsOf(policy) }
  },
)
