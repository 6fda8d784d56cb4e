import { and, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { getDb } from '../../db/client'
import { cardPayments } from '../../db/schema'
import { config } from '../shared/config'
import { DomainError } from '../shared/errors'
import { settleCardPayment } from './settle-card-payment'
import { settleCardTopup } from '../finance/card-topups'
import { settleInvoiceCardPayment } from '../finance/invoice-card'

export const STRIPE_ACTOR = 'webhook:stripe'

/** Stripe's events that say a Checkout Session may now be paid. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])

/**
 * POST /webhook/stripe (public, authenticated by the `stripe-signature` header through the SDK's
 * `webhooks.constructEvent`, 300 s tolerance; 401 otherwise): when a Checkout Session completes,
 * settles its card payment exactly as the redirect confirmation does (`settleCardPayment` asks
 * Stripe again and is idempotent, so a repeated or late event changes nothing). Other events and
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
  if (card.topup_id !== null) {
    // A card top-up: credited once, whichever of this event and the return page comes first.
    const { card: settled } = await settleCardTopup({ cardPaymentId: card.id, by: STRIPE_ACTOR })
    return { event: event.id, handled: true, card_payment_status: settled.status }
  }
  if (card.invoice_id !== null && card.policy_id === null && card.topup_id === null) {
    // An invoice paid by card (createInvoicePayment / makePaymentByAgency): recorded once.
    const { card: settled } = await settleInvoiceCardPayment({ cardPaymentId: card.id, by: STRIPE_ACTOR })
    return { event: event.id, handled: true, card_payment_status: settled.status }
  }
  const { card: settled } = await settleCardPayment({
    cardPaymentId: card.id,
    actor: STRIPE_ACTOR,
    createdBy: null,
  })
  return { event: event.id, handled: true, card_payment_status: settled.status }
}
