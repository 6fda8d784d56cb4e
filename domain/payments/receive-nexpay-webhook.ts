import { clock } from '../shared/clock'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '../../db/client'
import { webhookDeliveries } from '../../db/schema'
import { config } from '../shared/config'
import { hmac, safeEqual } from '../shared/crypto'
import { DomainError, validation } from '../shared/errors'
import { NEXPAY_TOLERANCE_SECONDS, parseSignatureHeader } from './payments.rules'
import { applyDelivery } from './nexpay-delivery'

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
  const { json, d } = parseDelivery(opts.rawBody)
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
    const { outcome, meta } = await applyDelivery(tx, {
      id: d.Id,
      status: d.Status,
      reference: d.PayoutDetails?.Reference?.trim() || null,
      money: deliveredMoney(d.PayoutDetails),
    })
    await tx.update(webhookDeliveries).set({ outcome, meta }).where(eq(webhookDeliveries.id, delivery.id))
    return { duplicate: false, outcome }
  })
  return { received: true, delivery_id: d.Id, duplicate: result.duplicate, outcome: result.outcome }
}

/** The body as JSON and the delivery's fields we read: 400 when it is not JSON or has no Id. */
function parseDelivery(rawBody: string) {
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    throw validation('body', 'The request body is not valid JSON')
  }
  const parsed = DeliverySchema.safeParse(json)
  if (!parsed.success) throw validation('Id', 'Id is required')
  return { json, d: parsed.data }
}
