// Applying one NexPay delivery to the policy it names (receive-nexpay-webhook.ts records the
// delivery once and calls this in the same transaction): partial, settled, held or ignored.
import { and, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { policies, policyPremiumPayments } from '../../db/schema'
import { clock } from '../shared/clock'
import { formatCents } from '../shared/format'
import { DomainError } from '../shared/errors'
import { lockPolicyFor } from '../policies/policy-history'
import { closeWorkflowTasks, openTask } from '../tasks/workflow-tasks'
import { isNexpayPaid } from './payments.rules'
import { fxWords, postExchangeDifference } from './nexpay-exchange'
import { NEXPAY_ACTOR } from './nexpay-actor'
import { policyPaymentWorkflowId } from './purchase-payments'
import { settlePremiumPayment } from '../finance/policy-payments/settle-premium'
import { setPremiumReceived } from '../finance/policy-payments/premium-payments'
import { holdPremiumExcess, receivePremiumPart } from '../finance/policy-payments/premium-parts'
import { staffLinks } from '../shared/links'

/** The one currency premiums are due in; NexPay reports no conversion rate of its own. */
const SETTLEMENT_CURRENCY = 'AUD'

/** What a delivery carries that is applied: its Id, Status, the reference and the money. */
export type Delivery = {
  id: string
  status: string | null | undefined
  reference: string | null
  money: { cents: number; currency: string } | null
}
type DeliveryPolicy = { id: number; ref: string; agency_id: number }

/**
 * Applies a delivery in `tx` and answers its outcome and meta: other statuses and unknown
 * references are recorded only; a paid delivery is settled in a savepoint (a refused settlement
 * leaves the delivery recorded with its reason), and money that did not (or not all) go to a
 * premium opens an inbox task for staff.
 */
export async function applyDelivery(tx: DbOrTx, d: Delivery) {
  const [policy] = d.reference
    ? await tx
        .select({ id: policies.id, ref: policies.ref, agency_id: policies.agency_id })
        .from(policies)
        .where(eq(policies.ref, d.reference))
    : []
  if (!isNexpayPaid(d.status)) return { outcome: `recorded: status ${d.status ?? 'missing'}`, meta: null }
  if (!policy) return { outcome: 'ignored: no policy with this reference', meta: null }
  const { money } = d
  const meta: Record<string, unknown> = {
    policy_id: policy.id,
    paid_amount: money?.cents ?? null,
    paid_currency: money?.currency ?? null,
  }
  let outcome: string
  try {
    outcome = await tx.transaction((sp) => settleDelivery(sp, policy, d, meta))
  } catch (err) {
    if (err instanceof HeldDelivery) outcome = `held: ${err.message}`
    else if (err instanceof DomainError) outcome = `ignored: ${err.message}`
    else throw err
  }
  // Money that arrived but did not (or not all) go to a premium is staff's to resolve.
  if (money && (outcome.startsWith('held') || outcome.includes('suspense') || outcome.startsWith('ignored')))
    await openDeliveryTask(tx, {
      deliveryId: d.id,
      policy,
      outcome,
      // The money staff must place: the suspense part of a settlement, else all of it (AUD).
      cents:
        money.currency !== SETTLEMENT_CURRENCY
          ? null
          : typeof meta.suspense === 'number' && meta.suspense > 0
            ? meta.suspense
            : money.cents,
    })
  return { outcome, meta }
}

/**
 * The savepoint's work: the policy's waiting NEXPAY payment receives the money, partly (the rest
 * stays due) or in full (settled; an excess held in suspense). `meta` gains what was applied.
 */
async function settleDelivery(
  sp: DbOrTx,
  policy: DeliveryPolicy,
  d: Delivery,
  meta: Record<string, unknown>,
) {
  const locked = await lockPolicyFor(sp, policy.id, 'approvePayment')
  const [payment] = await sp
    .select()
    .from(policyPremiumPayments)
    .where(
      and(
        eq(policyPremiumPayments.policy_id, locked.id),
        eq(policyPremiumPayments.payment_type, 'NEXPAY'),
        eq(policyPremiumPayments.status, 'REQUESTED'),
      ),
    )
    .orderBy(desc(policyPremiumPayments.id))
    .limit(1)
  if (!payment) throw new DomainError('CONFLICT', 'the policy has no NexPay payment waiting')
  const money = settleableMoney(d.money)
  const due = payment.amount + payment.surcharge_amount
  const before = payment.received_amount
  // A premium quoted in another currency settles at what was quoted when the AUD is close to it.
  const fx = await postExchangeDifference(sp, { payment, deliveryId: d.id, cents: money.cents, meta })
  const cents = money.cents - (fx?.diff ?? 0)
  const total = before + cents
  const applied = Math.min(cents, Math.max(0, due - before))
  const over = cents - applied
  Object.assign(meta, { aud_applied: applied, suspense: over, premium_due: due, received_before: before })
  if (total < due) {
    await receivePart(sp, { policy: locked, payment, delivery: d, applied, total, due })
    return `partial: ${formatCents(applied)} received, ${formatCents(due - total)} of ${formatCents(due)} still due`
  }
  await setPremiumReceived(sp, payment.id, due)
  await settlePremiumPayment(sp, {
    policyId: locked.id,
    paymentId: payment.id,
    action: 'approvePayment',
    actor: NEXPAY_ACTOR,
    note:
      (before > 0
        ? `NexPay delivery ${d.id}: ${formatCents(applied)} completes the premium of ${formatCents(due)}`
        : `NexPay delivery ${d.id}`) + (fx ? `; ${fxWords(fx.diff)} on the ${fx.currency} quote` : ''),
  })
  await closeWorkflowTasks(policyPaymentWorkflowId(locked.id), 'approved', sp)
  if (fx) return `settled: ${fxWords(fx.diff)} on the ${fx.currency} quote`
  if (over <= 0) return 'settled'
  await holdExcess(sp, { policyId: locked.id, payment, deliveryId: d.id, cents: over })
  return `settled: ${formatCents(over)} over the premium held in suspense`
}

/**
 * The money a delivery can settle: a valid amount in AUD, else HeldDelivery. No recorded rate for
 * what NexPay converted at: money in another currency is not guessed into AUD (exchange_rates are
 * the rates quoted to clients, not what NexPay paid out). Staff settle it by hand from NexPay's
 * statement.
 */
function settleableMoney(money: Delivery['money']) {
  if (!money) throw new HeldDelivery('the delivery names no valid Amount and Currency; nothing was settled')
  if (money.currency !== SETTLEMENT_CURRENCY)
    throw new HeldDelivery(
      `the delivery is in ${money.currency}, premiums are settled in ${SETTLEMENT_CURRENCY} and no rate is recorded for it; nothing was settled`,
    )
  return money
}

type Payment = Parameters<typeof receivePremiumPart>[1]['payment']

/** Short of the premium: what arrived is received on the payment; the rest stays due. */
function receivePart(
  sp: DbOrTx,
  r: {
    policy: Parameters<typeof receivePremiumPart>[1]['policy']
    payment: Payment
    delivery: Delivery
    applied: number
    total: number
    due: number
  },
) {
  const id = r.delivery.id
  return receivePremiumPart(sp, {
    policy: r.policy,
    payment: r.payment,
    cents: r.applied,
    actor: NEXPAY_ACTOR,
    key: id,
    invoiceRef: `NEXPAY-${id}`,
    invoiceMeta: { nexpay_delivery_id: id },
    history: {
      action: 'NEXPAY_PARTIAL_PAYMENT',
      note: `Partial NexPay payment: ${formatCents(r.applied)} received (${formatCents(r.total)} of ${formatCents(r.due)}); ${formatCents(r.due - r.total)} still due`,
      meta: { payment_id: r.payment.id, delivery_id: id, received: r.total, due: r.due },
    },
  })
}

/** What a delivery paid over the premium: held in suspense for staff, with a history row. */
function holdExcess(
  sp: DbOrTx,
  e: { policyId: number; payment: Payment; deliveryId: string; cents: number },
) {
  return holdPremiumExcess(sp, {
    policyId: e.policyId,
    payment: e.payment,
    cents: e.cents,
    actor: NEXPAY_ACTOR,
    key: e.deliveryId,
    history: {
      action: 'NEXPAY_OVERPAYMENT',
      note: `NexPay delivery ${e.deliveryId} paid ${formatCents(e.cents)} more than the premium; held in suspense for staff`,
      meta: { delivery_id: e.deliveryId, suspense: e.cents },
    },
  })
}

/** A delivery refused for its money (no amount, another currency): recorded, not settled. */
class HeldDelivery extends Error {}

/** An inbox task for staff finance: a delivery whose money was held, ignored or partly in suspense. */
async function openDeliveryTask(
  tx: DbOrTx,
  t: {
    deliveryId: string
    policy: { id: number; ref: string; agency_id: number }
    outcome: string
    cents: number | null
  },
) {
  await openTask(tx, nexpayDeliveryTaskId(t.deliveryId), {
    kind: 'nexpay_delivery',
    audience: 'staff',
    subject: `NexPay delivery ${t.deliveryId} for policy ${t.policy.ref}: ${t.outcome}`,
    agencyId: t.policy.agency_id,
    link: staffLinks.policy(t.policy.id),
    dueAt: new Date(clock.now().getTime() + 24 * 3_600_000),
    amount: t.cents,
  })
}

/** Inbox task id of a NexPay delivery staff must resolve (unowned: the inbox job reminds). */
export const nexpayDeliveryTaskId = (deliveryId: string) => `nexpay-${deliveryId}`
