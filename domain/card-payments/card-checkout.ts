// Opening a card payment, whatever it pays for (ADR 0017): the hosted checkout under a new
// reference, the return URLs, and the card_payments row stored PENDING in the caller's transaction.
import type { DbOrTx } from '../../db/client'
import { cardPayments } from '../../db/schema'
import { config } from '../shared/config'
import { randomToken } from '../shared/crypto'
import { cardGateway, SESSION_PLACEHOLDER, type CheckoutRequest } from './card-gateway'

export type CardPaymentRow = typeof cardPayments.$inferSelect

/** The reference prefix of each kind of checkout: premium, top-up, invoice, amendment. */
export type CheckoutPrefix = 'CP' | 'CT' | 'CI' | 'CA'

/**
 * Opens a hosted checkout with the configured gateway (sandbox, or Stripe when configured) under
 * a new reference `<prefix>-<token>`, also the gateway's idempotency key. Nothing is stored yet.
 */
export async function openGatewayCheckout(prefix: CheckoutPrefix, req: Omit<CheckoutRequest, 'reference'>) {
  const gateway = cardGateway()
  const ref = `${prefix}-${randomToken(12)}`
  const session = await gateway.createCheckout({ reference: ref, ...req })
  return { ref, gateway: gateway.name, session }
}

/** The absolute URLs the gateway sends the payer back to on the page at `path`. */
export function checkoutReturnUrls(path: string) {
  const base = new URL(path, config().APP_URL).toString()
  return {
    successUrl: `${base}?checkout=success&session_id=${SESSION_PLACEHOLDER}`,
    cancelUrl: `${base}?checkout=cancel`,
  }
}

/** Stores an opened checkout's card payment (PENDING unless said otherwise) in `tx`. */
export async function storeCardPayment(tx: DbOrTx, values: typeof cardPayments.$inferInsert) {
  const [card] = await tx
    .insert(cardPayments)
    .values({ status: 'PENDING', ...values })
    .returning()
  return card
}
