import { clock } from '../shared/clock'
import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '../../db/client'
import { policies, policyPremiumPayments, webhookDeliveries } from '../../db/schema'
import { config } from '../shared/config'
import { hmac, safeEqual } from '../shared/crypto'
import { DomainError, validation } from '../shared/errors'
import { lockPolicyFor } from '../policies/policy-history'
import { closeWorkflowTasks } from '../tasks/workflow-tasks'
import { isNexpayPaid, NEXPAY_TOLERANCE_SECONDS, parseSignatureHeader } from './payments.rules'
import { policyPaymentWorkflowId } from './purchase-policy'
import { settlePremiumPayment } from './settle-premium'

export const NEXPAY_ACTOR = 'webhook:nexpay'
const PROVIDER = 'nexpay'

/** The fields we read of a NexPay delivery; everything else is kept in the stored payload. */
const DeliverySchema = z.object({
  Id: z.union([z.string().trim().min(1), z.number()]).transform(String),
  Status: z.string().optional().nullable(),
  CreatedOn: z.unknown().optional(),
  PaidDate: z.unknown().optional(),
  PayoutDetails: z
    .object({ Reference: z.union([z.string(), z.number()]).transform(String).optional().nullable() })
    .passthrough()
    .optional()
    .nullable(),
  StudentDetails: z.unknown().optional(),
})

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
 * per Id and, when its Status is PAID or COMPLETED, settles the NEXPAY premium payment of the
 * policy whose ref is PayoutDetails.Reference (PURCHASED -> PAYMENT_APPROVED, actor
 * webhook:nexpay) and closes its verification task, in one transaction. Other statuses and unknown references are
 * recorded only. A repeated Id answers the first outcome and changes nothing.
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
    const [policy] = reference
      ? await tx.select({ id: policies.id }).from(policies).where(eq(policies.ref, reference))
      : []
    if (!isNexpayPaid(d.Status)) {
      outcome = `recorded: status ${d.Status ?? 'missing'}`
    } else if (!policy) {
      outcome = 'ignored: no policy with this reference'
    } else {
      try {
        // A savepoint: a refused settlement leaves the delivery recorded with its reason.
        await tx.transaction(async (sp) => {
          const locked = await lockPolicyFor(sp, policy.id, 'approvePayment')
          const [payment] = await sp
            .select({ id: policyPremiumPayments.id })
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
          await settlePremiumPayment(sp, {
            policyId: locked.id,
            paymentId: payment.id,
            action: 'approvePayment',
            actor: NEXPAY_ACTOR,
            note: `NexPay delivery ${d.Id}`,
          })
          await closeWorkflowTasks(policyPaymentWorkflowId(locked.id), 'approved', sp)
        })
        outcome = 'settled'
      } catch (err) {
        if (!(err instanceof DomainError)) throw err
        outcome = `ignored: ${err.message}`
      }
    }
    await tx.update(webhookDeliveries).set({ outcome }).where(eq(webhookDeliveries.id, delivery.id))
    return { duplicate: false, outcome }
  })
  return { received: true, delivery_id: d.Id, duplicate: result.duplicate, outcome: result.outcome }
}
