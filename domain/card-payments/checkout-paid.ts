import { conflict } from '../shared/errors'
import { gatewayNamed } from './card-gateway'

/**
 * Asks the gateway whether a card checkout was paid in full before anything is settled on it:
 * 409 while it is unpaid, cancelled, expired or short. Every card settlement (policy, top-up,
 * invoice) calls this first.
 */
export async function assertCheckoutPaid(card: {
  gateway: string
  gateway_session_id: string
  amount: number
}) {
  const state = await gatewayNamed(card.gateway).getCheckout(card.gateway_session_id)
  if (state.status !== 'paid')
    throw conflict(
      state.status === 'expired'
        ? 'The card checkout was cancelled or has expired'
        : 'The card payment has not been completed yet',
    )
  if (state.amountPaidCents < card.amount)
    throw conflict('The amount paid by card is less than the amount due')
  return state
}
