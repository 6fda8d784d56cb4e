import { and, eq } from 'drizzle-orm'
import { cardPayments } from '../../db/schema'
import { findPaymentLink, getPaymentLink } from './get-payment-link'
import { settleCardPayment } from './settle-card-payment'
import { findReturningCheckout } from '../card-payments/card-settlement'

/**
 * Back from the card checkout of a payment link (anyone holding the reference): when the gateway
 * says paid, the premium is settled, the link turns PAID and its expiry workflow is told.
 * Idempotent (reloading the page settles nothing twice); 409 while the checkout is unpaid.
 */
export async function confirmPaymentLinkCheckout(opts: { reference: string; sessionId: string }) {
  const r = await findPaymentLink(opts.reference)
  const card = await findReturningCheckout(
    'premium',
    and(eq(cardPayments.gateway_session_id, opts.sessionId), eq(cardPayments.payment_link_id, r.link.id)),
  )
  await settleCardPayment({ cardPaymentId: card.id, actor: `payment-link:${r.link.id}`, createdBy: null })
  return getPaymentLink({ reference: opts.reference })
}
