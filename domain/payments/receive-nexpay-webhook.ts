import { clock } from '../shared/clock'
import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { getDb, type DbOrTx } from '../../db/client'
import { policies, policyPremiumPayments, tasks, webhookDeliveries } from '../../db/schema'
import { recordInvoicePayment } from '../finance/invoices/invoice-payments'
import type { PolicyStatus } from '../policies/policies.rules'
import { formatCents } from '../shared/format'
import { config } from '../shared/config'
import { hmac, safeEqual } from '../shared/crypto'
import { DomainError, validation } from '../shared/errors'
import { lockPolicyFor, recordPolicyHistory } from '../policies/policy-history'
import { closeWorkflowTasks } from '../tasks/workflow-tasks'
import { isNexpayPaid, NEXPAY_TOLERANCE_SECONDS, parseSignatureHeader } from './payments.rules'
import { policyPaymentWorkflowId } from './purchase-policy'
import { openPremiumInvoices, settlePremiumPayment } from './settle-premium'
import { postDeliveryExcess, postPremiumDelivery } from './money-postings'
import { staffLinks } from '../shared/links'

export const NEXPAY_ACTOR = 'webhook:nexpay'
const PROVIDER = 'nexpay'

/** The fields we read of a NexPay delivery; everything else is kept in the stored payload. */
const DeliverySchema = z.object({
  Id: z.union([z.string().trim().min(1), z.number()]).transform(String),
  Status: z.string().optional().nullable(),
  CreatedOn: z.unknown().optional(),
  PaidDate: z.unknown().optional(),
  PayoutDetails: z
    .object({
      Reference: z.union([z.string(), z.number()]).transform(String).optional().nullable(),
      Amount: z.unknown().optional(),
      Currency: z.unknown().optional(),
    })
    .passthrough()
    .optional()
    .nullable(),
  StudentDetails: z.unknown().optional(),
})

/**
 * The money a delivery says arrived, in cents of its currency; null when the amount is missing,
 * not a number or not positive, or the currency is not a 3-letter code (nothing is settled then).
 */
export function deliveredMoney(details: { Amount?: unknown; Currency?: unknown } | null | undefined) {
  const raw = details?.Amount
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : ''
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text)
  const currency = typeof details?.Currency === 'string' ? details.Currency.trim().toUpperCase() : ''
  if (!m || !/^[A-Z]{3}$/.test(currency)) return null
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  if (!Number.isSafeInteger(cents) || cents <= 0) return null
  return { cents, currency }
}

/** The one currency premiums are due in; NexPay reports no conversion rate of its own. */
const SETTLEMENT_CURRENCY = 'AUD'

/** `v1` is hex HMAC-SHA256 of "<t>.<raw body>"; 401 unless it matches and t is within 300 s. */
export function verifyNexpaySignature(rawBody: string, header: string | null, nowMs = clock.now().getTime()) {
  const sig = parseSignatureHeader(header)
  const refuse = (why: string) => new DomainError('UNAUTHENTICATED', `Invalid NexPay signature: ${why}`)
  if (!sig) throw refuse('missing or malformed x-nexpay-signature header')
  if (Math.abs(nowMs / 1000 - sig.t) > NEXPAY_TOLERANCE_SECONDS)
    throw refuse('timestamp outside the tolerance')
  const expected = hmac(config().nexpayWebhookSecret, `${sig.t}.${rawBody}`)
  if (!safeEqual(expected, sig.v1)) throw refuse('signature does not match')
}

/**
 * POST /webhook/nexpay/v1 (public, authenticated by the signature): records the delivery once
 * per Id and, when its Status is PAID or COMPLETED, applies PayoutDetails.Amount (in
 * PayoutDetails.Currency) to the NEXPAY premium payment of the policy whose ref is
 * PayoutDetails.Reference, in one transaction:
 * - short of what is still due: recorded as a partial payment (received_amount, a COMPLETED
 *   NEXPAY invoice payment, a history row, the premium part posted clearing:nexpay -> the
 *   policy's premium received); the policy stays PURCHASED, the commission unbanked;
 * - the rest of the premium or more: settled (PURCHASED -> PAYMENT_APPROVED, actor
 *   webhook:nexpay, commission banked, verification task closed; the journal receives the rest
 *   of the premium); an excess is recorded as suspense (delivery meta, history row, a transfer
 *   clearing:nexpay -> suspense) and opens an inbox task `nexpay-<Id>` for staff;
 * - no valid amount, or a currency other than AUD (no rate is recorded for it): held, nothing
 *   settled, an inbox task for staff. The answer is still 200 so NexPay does not retry.
 * Other statuses and unknown references are recorded only. A repeated Id answers the first
 * outcome and changes nothing.
 */
export async function receiveNexpayWebhook(opts: {
  rawBody: string
  signature: string | null
  nowMs?: number
}) {
  verifyNexpaySignature(opts.rawBody, opts.signature, opts.nowMs)
  let json: unknown
  try {
    json = JSON.parse(opts.rawBody)
  } catch {
    throw validation('body', 'The request body is not valid JSON')
  }
  const parsed = DeliverySchema.safeParse(json)
  if (!parsed.success) throw validation('Id', 'Id is required')
  const d = parsed.data
  const reference = d.PayoutDetails?.Reference?.trim() || null

  const result = await getDb().transaction(async (tx) => {
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ provider: PROVIDER, delivery_id: d.Id, payload: json as object, outcome: 'received' })
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id })
    if (!delivery) {
      const [first] = await tx
        .select({ outcome: webhookDeliveries.outcome })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.provider, PROVIDER), eq(webhookDeliveries.delivery_id, d.Id)))
      return { duplicate: true, outcome: first?.outcome ?? 'received' }
    }
    let outcome: string
    let meta: Record<string, unknown> | null = null
    const [policy] = reference
      ? await tx
          .select({ id: policies.id, ref: policies.ref, agency_id: policies.agency_id })
          .from(policies)
          .where(eq(policies.ref, reference))
      : []
    const money = deliveredMoney(d.PayoutDetails)
    if (!isNexpayPaid(d.Status)) {
      outcome = `recorded: status ${d.Status ?? 'missing'}`
    } else if (!policy) {
      outcome = 'ignored: no policy with this reference'
    } else {
      meta = {
        policy_id: policy.id,
        paid_amount: money?.cents ?? null,
        paid_currency: money?.currency ?? null,
      }
      try {
        // A savepoint: a refused settlement leaves the delivery recorded with its reason.
        outcome = await tx.transaction(async (sp) => {
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
          if (!money)
            throw new HeldDelivery('the delivery names no valid Amount and Currency; nothing was settled')
          // No recorded rate for what NexPay converted at: money in another currency is not
          // guessed into AUD (exchange_rates are the rates quoted to clients, not what NexPay
          // paid out). Staff settle it by hand from NexPay's statement.
          if (money.currency !== SETTLEMENT_CURRENCY)
            throw new HeldDelivery(
              `the delivery is in ${money.currency}, premiums are settled in ${SETTLEMENT_CURRENCY} and no rate is recorded for it; nothing was settled`,
            )
          const due = payment.amount + payment.surcharge_amount
          const before = payment.received_amount
          const total = before + money.cents
          const applied = Math.min(money.cents, Math.max(0, due - before))
          const over = money.cents - applied
          meta = { ...meta, aud_applied: applied, suspense: over, premium_due: due, received_before: before }
          if (total < due) {
            await recordPartial(sp, {
              policy: locked,
              paymentId: payment.id,
              cents: applied,
              total,
              due,
              deliveryId: d.Id,
            })
            await postPremiumDelivery(sp, payment, { deliveryId: d.Id, cents: applied, actor: NEXPAY_ACTOR })
            return `partial: ${formatCents(applied)} received, ${formatCents(due - total)} of ${formatCents(due)} still due`
          }
          await sp
            .update(policyPremiumPayments)
            .set({ received_amount: due })
            .where(eq(policyPremiumPayments.id, payment.id))
          await settlePremiumPayment(sp, {
            policyId: locked.id,
            paymentId: payment.id,
            action: 'approvePayment',
            actor: NEXPAY_ACTOR,
            note:
              before > 0
                ? `NexPay delivery ${d.Id}: ${formatCents(applied)} completes the premium of ${formatCents(due)}`
                : `NexPay delivery ${d.Id}`,
          })
          await closeWorkflowTasks(policyPaymentWorkflowId(locked.id), 'approved', sp)
          if (over <= 0) return 'settled'
          await postDeliveryExcess(sp, payment, { deliveryId: d.Id, cents: over, actor: NEXPAY_ACTOR })
          await recordPolicyHistory(sp, {
            policyId: locked.id,
            action: 'NEXPAY_OVERPAYMENT',
            actor: NEXPAY_ACTOR,
            note: `NexPay delivery ${d.Id} paid ${formatCents(over)} more than the premium; held in suspense for staff`,
            meta: { delivery_id: d.Id, suspense: over },
          })
          return `settled: ${formatCents(over)} over the premium held in suspense`
        })
      } catch (err) {
        if (err instanceof HeldDelivery) outcome = `held: ${err.message}`
        else if (err instanceof DomainError) outcome = `ignored: ${err.message}`
        else throw err
      }
      // Money that arrived but did not (or not all) go to a premium is staff's to resolve.
      if (
        money &&
        (outcome.startsWith('held') || outcome.includes('suspense') || outcome.startsWith('ignored'))
      )
        await openDeliveryTask(tx, {
          deliveryId: d.Id,
          policy,
          outcome,
          // The money staff must place: the suspense part of a settlement, else all of it (AUD).
          cents:
            money.currency !== SETTLEMENT_CURRENCY
              ? null
              : typeof meta?.suspense === 'number' && meta.suspense > 0
                ? meta.suspense
                : money.cents,
        })
    }
    await tx.update(webhookDeliveries).set({ outcome, meta }).where(eq(webhookDeliveries.id, delivery.id))
    return { duplicate: false, outcome }
  })
  return { received: true, delivery_id: d.Id, duplicate: result.duplicate, outcome: result.outcome }
}

/** A delivery refused for its money (no amount, another currency): recorded, not settled. */
class HeldDelivery extends Error {}

/** A COMPLETED NEXPAY payment of `cents` on the policy's open PREMIUM invoice, when it has one. */
async function recordPremiumReceipt(tx: DbOrTx, r: { policyId: number; cents: number; deliveryId: string }) {
  const [inv] = await openPremiumInvoices(tx, r.policyId)
  if (!inv) return
  await recordInvoicePayment(tx, {
    invoiceId: inv.id,
    method: 'NEXPAY',
    amount: r.cents,
    status: 'COMPLETED',
    actor: NEXPAY_ACTOR,
    ref: `NEXPAY-${r.deliveryId}`,
    meta: { nexpay_delivery_id: r.deliveryId },
  })
}

/**
 * Short of the premium: what arrived is recorded (the payment's received_amount, the invoice
 * PARTIALLY_PAID, a policy history row) and the rest stays due; the policy keeps waiting for
 * payment and the commission stays unbanked.
 */
async function recordPartial(
  tx: DbOrTx,
  r: {
    policy: { id: number; status: PolicyStatus }
    paymentId: number
    cents: number
    total: number
    due: number
    deliveryId: string
  },
) {
  await tx
    .update(policyPremiumPayments)
    .set({ received_amount: r.total })
    .where(eq(policyPremiumPayments.id, r.paymentId))
  await recordPremiumReceipt(tx, { policyId: r.policy.id, cents: r.cents, deliveryId: r.deliveryId })
  await recordPolicyHistory(tx, {
    policyId: r.policy.id,
    action: 'NEXPAY_PARTIAL_PAYMENT',
    actor: NEXPAY_ACTOR,
    fromStatus: r.policy.status,
    status: r.policy.status,
    note: `Partial NexPay payment: ${formatCents(r.cents)} received (${formatCents(r.total)} of ${formatCents(r.due)}); ${formatCents(r.due - r.total)} still due`,
    meta: { payment_id: r.paymentId, delivery_id: r.deliveryId, received: r.total, due: r.due },
  })
}

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
  await tx.insert(tasks).values({
    workflow_id: nexpayDeliveryTaskId(t.deliveryId),
    kind: 'nexpay_delivery',
    audience: 'staff',
    subject: `NexPay delivery ${t.deliveryId} for policy ${t.policy.ref}: ${t.outcome}`,
    agency_id: t.policy.agency_id,
    link: staffLinks.policy(t.policy.id),
    due_at: new Date(clock.now().getTime() + 24 * 3_600_000),
    amount: t.cents,
  })
}

/** Inbox task id of a NexPay delivery staff must resolve (unowned: the inbox job reminds). */
export const nexpayDeliveryTaskId = (deliveryId: string) => `nexpay-${deliveryId}`
