import { and, eq, inArray } from 'drizzle-orm'
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
import { returnPremiumParts } from './premium-parts'

type Rejected = { id: number; ref: string; agencyId: number; paymentIds: number[]; held: number }

/** One locked policy's waiting payment rejected, what it received held in suspense, its task closed. */
async function rejectOne(
  tx: DbOrTx,
  policy: typeof policies.$inferSelect,
  actor: StaffActor,
  reason: string,
): Promise<Rejected> {
  const payments = await tx
    .update(policyPremiumPayments)
    .set({ status: 'REJECTED', rejection_reason: reason, decided_by: actor.identityId })
    .where(and(eq(policyPremiumPayments.policy_id, policy.id), eq(policyPremiumPayments.status, 'REQUESTED')))
    .returning()
  let held = 0
  for (const payment of payments) held += await returnPremiumParts(tx, { policy, payment, actor, reason })
  await transitionPolicy(tx, policy, 'rejectPayment', {
    actor,
    note: held ? `${reason} (${formatCents(held)} received is held in suspense)` : reason,
    meta: { payment_ids: payments.map((p) => p.id), ...(held ? { held_in_suspense: held } : {}) },
  })
  await closeWorkflowTasks(`policy-payment-${policy.id}`, 'rejected', tx)
  const paymentIds = payments.map((p) => p.id)
  return { id: policy.id, ref: policy.ref, agencyId: policy.agency_id, paymentIds, held }
}

/**
 * paymentReject (staff with finance): rejects the waiting payment of each listed PURCHASED policy
 * with the reason: policy PAYMENT_REJECTED (the agency may pay again), payment REJECTED with
 * rejection_reason, task closed as rejected, agency mailed after commit. Parts of the premium
 * already received (by bank lines, NexPay) are held in suspense for a decision and the premium
 * invoice is issued afresh (returnPremiumParts). All or nothing: one policy not in PURCHASED is a
 * 409 naming it and nothing changes.
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
      const out: Rejected[] = []
      for (const policy of rows) out.push(await rejectOne(tx, policy, actor, reason))
      return out
    })
    for (const p of rejected)
      await mailAgency(p.agencyId, financeMails.policyPaymentRejected(p.ref, p.id, reason, p.held))
    return rejected.map((p) => ({
      policyId: p.id,
      ref: p.ref,
      status: 'PAYMENT_REJECTED' as const,
      rejectedPaymentIds: p.paymentIds,
      heldInSuspenseCents: p.held,
    }))
  },
)
