import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cardDisputes, cardPayments } from '../../db/schema'
import { conflict, DomainError } from '../shared/errors'
import type { DisputeReport } from './card-disputes.rules'
import { gatewayNamed } from './card-gateway'

/**
 * Before a dispute is recorded: when no card payment carries the payment it names (one settled
 * before card payments recorded it), asks the gateway which checkout session made that payment and
 * records it on the PAID card payment of that session. Outside any transaction (it calls the
 * gateway); a gateway that cannot answer is a 409, so Stripe delivers the event again later.
 */
export async function linkDisputedPayment(r: DisputeReport) {
  if (!r.paymentId) return
  const db = getDb()
  const [known] = await db
    .select({ id: cardDisputes.id })
    .from(cardDisputes)
    .where(eq(cardDisputes.gateway_dispute_id, r.gatewayDisputeId))
  if (known) return
  const [card] = await db
    .select({ id: cardPayments.id })
    .from(cardPayments)
    .where(and(eq(cardPayments.gateway, r.gateway), eq(cardPayments.gateway_payment_id, r.paymentId)))
  if (card) return
  let gateway
  try {
    gateway = gatewayNamed(r.gateway)
  } catch {
    return
  }
  if (!gateway.findCheckoutByPayment) return
  const sessionId = await gateway.findCheckoutByPayment(r.paymentId).catch((err: unknown) => {
    throw err instanceof DomainError
      ? conflict(
          `The card gateway could not say which payment dispute ${r.gatewayDisputeId} is about: ${err.message}`,
        )
      : err
  })
  if (!sessionId) return
  await db
    .update(cardPayments)
    .set({ gateway_payment_id: r.paymentId })
    .where(
      and(
        eq(cardPayments.gateway, r.gateway),
        eq(cardPayments.gateway_session_id, sessionId),
        eq(cardPayments.status, 'PAID'),
        isNull(cardPayments.gateway_payment_id),
      ),
    )
}
