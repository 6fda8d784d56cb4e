// The verification of a premium payment waiting for it, in the caller's transaction: by staff who
// saw the proof (approvePolicyPayment) or by a bank statement line (confirmStatementMatch). A line
// may carry less or more than is still due (DESIGN.md §14: short stays due, over goes to suspense).
import type { DbOrTx } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { conflict } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { lockPolicyFor } from '../../policies/policy-history'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { assertNotMaker } from '../finance-guards'
import { lockWaitingPayment } from './policy-payment-loading'
import { holdPremiumExcess, receivePremiumPart } from './premium-parts'
import { settlePremiumPayment } from './settle-premium'

/** Money a bank statement line received for the payment: its amount (cents) and the line. */
export type LineReceipt = { cents: number; lineId: number }

type Locked = {
  policy: Awaited<ReturnType<typeof lockPolicyFor>>
  payment: Awaited<ReturnType<typeof lockWaitingPayment>>
}

/** The journal key part and the invoice reference of a statement line's receipt. */
const lineKey = (lineId: number) => `statement-line-${lineId}`

/**
 * Verifies the policy's waiting payment in `tx` (PURCHASED, REQUESTED; else 409). Maker-checker:
 * whoever created or last changed the payment gets 403. Without a receipt, or with one that
 * covers what is still due, the payment is settled (settlePremiumPayment) and its inbox task
 * closed as approved; a receipt over what is due holds the excess in suspense. A receipt short of
 * it is recorded as a part payment: the payment keeps waiting for the rest and the commission
 * stays unbanked. `outcome` says which; `still_due` and `excess` are in cents.
 */
export async function verifyWaitingPayment(
  tx: DbOrTx,
  actor: StaffActor,
  policyId: number,
  receipt?: LineReceipt,
) {
  const policy = await lockPolicyFor(tx, policyId, 'approvePayment')
  const payment = await lockWaitingPayment(tx, policy.id)
  assertNotMaker(actor.identityId, payment)
  const due = payment.amount + payment.surcharge_amount - payment.received_amount
  if (receipt && payment.payment_type !== 'BANK')
    throw conflict(`Policy ${policy.ref} waits for a ${payment.payment_type} payment, not a bank transfer`)
  if (receipt && receipt.cents < due) {
    await receivePart({ tx, actor, policy, payment }, receipt, due)
    return { policy, payment, outcome: 'part' as const, still_due: due - receipt.cents, excess: 0 }
  }
  await settlePremiumPayment(tx, {
    policyId: policy.id,
    paymentId: payment.id,
    action: 'approvePayment',
    actor,
    decidedBy: actor.identityId,
    note: receipt
      ? `Bank transfer of ${formatCents(receipt.cents)} matched on statement line #${receipt.lineId}`
      : `${payment.payment_type} payment verified`,
  })
  await closeWorkflowTasks(`policy-payment-${policy.id}`, 'approved', tx)
  const excess = receipt ? receipt.cents - due : 0
  if (receipt && excess > 0) await holdExcess({ tx, actor, policy, payment }, receipt, excess)
  return {
    policy,
    payment,
    outcome: excess > 0 ? ('over' as const) : ('paid' as const),
    still_due: 0,
    excess,
  }
}

/** A line short of what is due: a part of the premium received by bank transfer. */
function receivePart(c: Locked & { tx: DbOrTx; actor: StaffActor }, r: LineReceipt, due: number) {
  return receivePremiumPart(c.tx, {
    policy: c.policy,
    payment: c.payment,
    cents: r.cents,
    actor: c.actor,
    key: lineKey(r.lineId),
    invoiceRef: lineKey(r.lineId),
    invoiceMeta: { statement_line_id: r.lineId },
    journalNote: `Part of the premium by bank transfer (statement line #${r.lineId})`,
    history: {
      action: 'BANK_PARTIAL_PAYMENT',
      note: `Part payment by bank transfer: ${formatCents(r.cents)} received on statement line #${r.lineId}; ${formatCents(due - r.cents)} still due`,
      meta: {
        payment_id: c.payment.id,
        statement_line_id: r.lineId,
        received: c.payment.received_amount + r.cents,
        due: due - r.cents,
      },
    },
  })
}

/** What a line paid over the premium: held in suspense for staff, with a history row. */
function holdExcess(c: Locked & { tx: DbOrTx; actor: StaffActor }, r: LineReceipt, cents: number) {
  return holdPremiumExcess(c.tx, {
    policyId: c.policy.id,
    payment: c.payment,
    cents,
    actor: c.actor,
    key: lineKey(r.lineId),
    journalNote: `Statement line #${r.lineId} paid more than the premium`,
    history: {
      action: 'BANK_OVERPAYMENT',
      note: `The bank transfer on statement line #${r.lineId} paid ${formatCents(cents)} more than was due; held in suspense for staff`,
      meta: { payment_id: c.payment.id, statement_line_id: r.lineId, suspense: cents },
    },
  })
}
