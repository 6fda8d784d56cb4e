// Allocating money held in suspense to a policy's premium waiting for a bank transfer (issue 25):
// the money moves from `suspense` to the policy's premium received through the one writer of a
// premium's parts (premium-parts.ts); all of what is due pays the premium as a verification would.
import { and, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { policies, policyPremiumPayments } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { conflict, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { account } from '../../money/accounts'
import { postPremiumDelivery } from '../../money/money-postings'
import { lockPolicyFor } from '../../policies/policy-history'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { lockWaitingPayment } from '../policy-payments/policy-payment-loading'
import { receivePremiumPart } from '../policy-payments/premium-parts'
import { settlePremiumPayment } from '../policy-payments/settle-premium'
import type { SuspenseClearing } from './suspense-store'
import { SUSPENSE_MESSAGES } from './suspense.rules'

type Waiting = { ref: string; payment: typeof policyPremiumPayments.$inferSelect | undefined }

/** What the payment still needs; 409 unless it is a bank payment waiting for no more than `cents`. */
function dueOf(w: Waiting, cents: number) {
  const p = w.payment
  if (!p || p.status !== 'REQUESTED' || p.payment_type !== 'BANK')
    throw conflict(SUSPENSE_MESSAGES.noPremium(w.ref))
  const due = p.amount + p.surcharge_amount - p.received_amount
  if (cents > due) throw conflict(SUSPENSE_MESSAGES.overPremium(w.ref, due))
  return due
}

/** The policy of `ref` whose bank payment waits for at least `cents` (a proposal's target); its id. */
export async function allocationTarget(tx: DbOrTx, ref: string, cents: number) {
  const [policy] = await tx.select({ id: policies.id }).from(policies).where(eq(policies.ref, ref))
  if (!policy) throw notFound('Policy')
  const [payment] = await tx
    .select()
    .from(policyPremiumPayments)
    .where(and(eq(policyPremiumPayments.policy_id, policy.id), eq(policyPremiumPayments.status, 'REQUESTED')))
    .orderBy(desc(policyPremiumPayments.id))
    .limit(1)
  dueOf({ ref, payment }, cents)
  return policy.id
}

/**
 * An approved allocation, in the approving transaction with the policy and its payment locked:
 * less than is due is a part of the premium (the payment keeps waiting); all of it pays the
 * premium (settled, its commission banked, its inbox task closed). 409 when the payment no longer
 * waits for that much.
 */
export async function allocateToPremium(tx: DbOrTx, row: SuspenseClearing, actor: StaffActor) {
  const policy = await lockPolicyFor(tx, row.policy_id!, 'approvePayment')
  const payment = await lockWaitingPayment(tx, policy.id)
  const due = dueOf({ ref: policy.ref, payment }, row.amount)
  const key = `suspense-clearing-${row.id}`
  const note = `${formatCents(row.amount)} held in suspense allocated to the premium (decision #${row.id}): ${row.reason}`
  if (row.amount < due)
    return receivePremiumPart(tx, {
      policy,
      payment,
      cents: row.amount,
      actor,
      key,
      invoiceRef: key,
      invoiceMeta: { suspense_clearing_id: row.id },
      from: account.suspense,
      journalNote: note,
      history: {
        action: 'SUSPENSE_ALLOCATED',
        note: `${note}; ${formatCents(due - row.amount)} still due`,
        meta: { payment_id: payment.id, suspense_clearing_id: row.id, due: due - row.amount },
      },
    })
  await postPremiumDelivery(tx, payment, {
    deliveryId: key,
    cents: row.amount,
    actor,
    from: account.suspense,
    note,
  })
  await settlePremiumPayment(tx, {
    policyId: policy.id,
    paymentId: payment.id,
    action: 'approvePayment',
    actor,
    decidedBy: actor.identityId,
    note,
  })
  await closeWorkflowTasks(`policy-payment-${policy.id}`, 'approved', tx)
}
