import { and, eq, gt, inArray } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { policies, policyPremiumPayments } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { conflict, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { canTransition, STATUS_LABELS } from '../../policies/policies.rules'
import { transitionPolicy } from '../../policies/policy-history'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { financeMails } from '../../mail/finance-mails'
import { mailAgency } from '../agency-mail'
import { defineUseCase } from '../../shared/authorize'

/**
 * 409 when a payment to reject already holds money (a part received by bank transfer or NexPay):
 * the journal holds it for the policy, so the payment is not rejected from under it.
 */
async function assertNothingReceived(tx: DbOrTx, rows: { id: number; ref: string }[]) {
  const [held] = await tx
    .select({ policyId: policyPremiumPayments.policy_id, received: policyPremiumPayments.received_amount })
    .from(policyPremiumPayments)
    .where(
      and(
        inArray(
          policyPremiumPayments.policy_id,
          rows.map((r) => r.id),
        ),
        eq(policyPremiumPayments.status, 'REQUESTED'),
        gt(policyPremiumPayments.received_amount, 0),
      ),
    )
    .limit(1)
  if (!held) return
  const ref = rows.find((r) => r.id === held.policyId)?.ref
  throw conflict(
    `Policy ${ref} has ${formatCents(held.received)} of its premium received: its payment cannot be rejected, it is verified when the rest arrives. Nothing was rejected.`,
  )
}

/**
 * paymentReject (staff with finance): rejects the waiting payment of each listed PURCHASED policy
 * with the reason: policy PAYMENT_REJECTED (the agency may pay again), payment REJECTED with
 * rejection_reason, task closed as rejected, agency mailed after commit. All or nothing: one
 * policy not in PURCHASED, or whose payment already holds part of the premium, is a 409 naming it
 * and nothing changes.
 */
export const rejectPolicyPayments = defineUseCase(
  { staff: ['finance'] },
  async function rejectPolicyPayments(opts: { actor: StaffActor; policyIds: number[]; reason: string }) {
    const { actor, reason } = opts
    // Lock in id order so that two overlapping rejections cannot deadlock.
    const ids = [...new Set(opts.policyIds)].sort((a, b) => a - b)
    const rejected = await getDb().transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(policies)
        .where(inArray(policies.id, ids))
        .orderBy(policies.id)
        .for('update')
      for (const id of ids) if (!rows.some((r) => r.id === id)) throw notFound(`Policy ${id}`)
      const wrong = rows.find((r) => !canTransition('rejectPayment', r.status))
      if (wrong) {
        throw conflict(
          `Policy ${wrong.ref} is "${STATUS_LABELS[wrong.status]}" (${wrong.status}): only policies waiting for payment verification can be rejected. Nothing was rejected.`,
        )
      }
      await assertNothingReceived(tx, rows)
      const out: { id: number; ref: string; agencyId: number; paymentIds: number[] }[] = []
      for (const policy of rows) {
        const payments = await tx
          .update(policyPremiumPayments)
          .set({ status: 'REJECTED', rejection_reason: reason, decided_by: actor.identityId })
          .where(
            and(
              eq(policyPremiumPayments.policy_id, policy.id),
              eq(policyPremiumPayments.status, 'REQUESTED'),
            ),
          )
          .returning({ id: policyPremiumPayments.id })
        await transitionPolicy(tx, policy, 'rejectPayment', {
          actor,
          note: reason,
          meta: { payment_ids: payments.map((p) => p.id) },
        })
        await closeWorkflowTasks(`policy-payment-${policy.id}`, 'rejected', tx)
        out.push({
          id: policy.id,
          ref: policy.ref,
          agencyId: policy.agency_id,
          paymentIds: payments.map((p) => p.id),
        })
      }
      return out
    })
    for (const p of rejected)
      await mailAgency(p.agencyId, financeMails.policyPaymentRejected(p.ref, p.id, reason))
    return rejected.map((p) => ({
      policyId: p.id,
      ref: p.ref,
      status: 'PAYMENT_REJECTED' as const,
      rejectedPaymentIds: p.paymentIds,
    }))
  },
)
