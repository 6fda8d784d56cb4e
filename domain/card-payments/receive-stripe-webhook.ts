import { and, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { getDb } from '../../db/client'
import { cardPayments } from '../../db/schema'
import { config } from '../shared/config'
import { DomainError } from '../shared/errors'
import { settleByPurpose } from './card-purposes'
import { closeCardDispute, openCardDispute, updateCardDispute, type DisputeReport } from './card-disputes'
import { linkDisputedPayment } from './link-disputed-payment'

export const STRIPE_ACTOR = 'webhook:stripe'

/** Stripe's events that say a Checkout Session may now be paid. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])

/** Stripe's events about a dispute (chargeback) of a payment: what each one does here. */
const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
])

/** The fields we read of Stripe's Dispute object; a malformed one is a 400 (Stripe retries). */
function disputeReport(event: Stripe.Event): DisputeReport {
  const d = event.data.object as Partial<Stripe.Dispute>
  const intent = d.payment_intent
  const paymentId = typeof intent === 'string' ? intent : (intent?.id ?? null)
  if (typeof d.id !== 'string' || !d.id || !Number.isSafeInteger(d.amount) || (d.amount ?? 0) <= 0)
    throw new DomainError('VALIDATION', `Stripe event ${event.id} carries no dispute with an amount`)
  const due = d.evidence_details?.due_by
  return {
    gateway: 'stripe',
    gatewayDisputeId: d.id,
    paymentId,
    amount: d.amount!,
    currency: typeof d.currency === 'string' && /^[a-z]{3}$/i.test(d.currency) ? d.currency : 'aud',
    reason: typeof d.reason === 'string' ? d.reason : null,
    gatewayStatus: typeof d.status === 'string' ? d.status : 'needs_response',
    evidenceDueAt: typeof due === 'number' ? new Date(due * 1000) : null,
    openedAt: typeof d.created === 'number' ? new Date(d.created * 1000) : new Date(event.created * 1000),
  }
}

/**
 * A dispute event: created holds what the card holder takes back (domain/card-payments/card-disputes.ts),
 * closed decides it, the others keep the dispute's gateway status; each idempotent.
 */
async function receiveDispute(event: Stripe.Event) {
  const report = disputeReport(event)
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed')
    await linkDisputedPayment(report)
  if (event.type === 'charge.dispute.created') {
    const { dispute, created } = await openCardDispute(report, STRIPE_ACTOR)
    return { event: event.id, handled: true, card_dispute_id: dispute.id, created, status: dispute.status }
  }
  if (event.type === 'charge.dispute.closed') {
    const { dispute, closed } = await closeCardDispute(report, STRIPE_ACTOR)
    return { event: event.id, handled: true, card_dispute_id: dispute.id, closed, status: dispute.status }
  }
  const dispute = await updateCardDispute(report)
  return { event: event.id, handled: dispute !== null, card_dispute_id: dispute?.id ?? null }
}

/**
 * POST /webhook/stripe (public, authenticated by the `stripe-signature` header through the SDK's
 * `webhooks.constructEvent`, 300 s tolerance; 401 otherwise): when a Checkout Session completes,
 * settles its card payment by its purpose exactly as the redirect confirmation does (`settleCard` asks
 * Stripe again and is idempotent, so a repeated or late event changes nothing). A dispute
 * (charge.dispute.created / closed / updated...) is recorded and held or decided on the money
 * journal, once per event, in one transaction (openCardDispute, closeCardDispute). Other events and
 * sessions we did not create are acknowledged and ignored. 404 while STRIPE_WEBHOOK_SECRET is unset.
 */
export async function receiveStripeWebhook(opts: { rawBody: string; signature: string | null }) {
  const secret = config().STRIPE_WEBHOOK_SECRET
  if (!secret) throw new DomainError('NOT_FOUND', 'The Stripe webhook is not configured')
  let event: Stripe.Event
  try {
    event = Stripe.webhooks.constructEvent(opts.rawBody, opts.signature ?? '', secret)
  } catch (err) {
    throw new DomainError('UNAUTHENTICATED', `Invalid Stripe signature: ${(err as Error).message}`)
  }
  if (DISPUTE_EVENTS.has(event.type)) return receiveDispute(event)
  if (!PAID_EVENTS.has(event.type)) return { event: event.id, handled: false }
  const session = event.data.object as Stripe.Checkout.Session
  const [card] = await getDb()
    .select({
      id: cardPayments.id,
      topup_id: cardPayments.topup_id,
      invoice_id: cardPayments.invoice_id,
      policy_id: cardPayments.policy_id,
    })
    .from(cardPayments)
    .where(and(eq(cardPayments.gateway, 'stripe'), eq(cardPayments.gateway_session_id, session.id)))
  if (!card) return { event: event.id, handled: false }
  // Settled once, whichever of this event and the return page comes first, by the card payment's purpose.
  const { card: settled } = await settleByPurpose(card, { actor: STRIPE_ACTOR, createdBy: null })
  return { event: event.id, handled: true, card_payment_status: settled.status }
}
