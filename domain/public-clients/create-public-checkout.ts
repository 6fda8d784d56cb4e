import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cardPayments, policies, publicClients } from '../../db/schema'
import type { WidgetActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { config } from '../shared/config'
import { notFound } from '../shared/errors'
import { SESSION_PLACEHOLDER } from '../card-payments/card-gateway'
import { openCardCheckout } from '../payments/create-card-checkout'
import { paymentOptions } from '../payments/payment-options'
import {
  assertDeclarationsMade,
  assertMethodAvailable,
  assertNotProtectedByRule,
  assertPurchasable,
} from '../payments/purchase-guards'
import { settleCardPayment } from '../payments/settle-card-payment'
import { loadWidgetPolicy } from './widget-policy-loading'
import type { PublicCheckoutInput } from './public-clients.schemas'

/** The page a widget checkout comes back to (it settles the payment and says what happens next). */
export const widgetReturnPath = (clientId: string, policyId: number) => `/embed/${clientId}/paid/${policyId}`

/**
 * POST /wordpress/airwallexCheckout (a public client's token, a policy of that client, and its
 * purchase secret in `x-purchase-secret`; otherwise 404): a card
 * checkout with the configured gateway (the sandbox by default; Stripe when configured) for the
 * premium plus any card surcharge, in the premium's currency (AUD). 409 when the policy cannot be
 * paid now or card is not available. The checkout comes back to the widget's "paid" page.
 */
export const createPublicCheckout = defineUseCase(
  { widget: true },
  async function createPublicCheckout(opts: {
    actor: WidgetActor
    input: PublicCheckoutInput
    purchaseSecret: string | null
  }) {
    const { actor, input } = opts
    const { policy, agency } = await loadWidgetPolicy(actor, input.policy_id, opts.purchaseSecret)
    const { providerId, policyType } = assertPurchasable(policy)
    await assertDeclarationsMade(getDb(), policy)
    const options = await paymentOptions(getDb(), policy, agency)
    assertMethodAvailable(options, 'CARD')
    await assertNotProtectedByRule(getDb(), { agencyId: agency.id, providerId, policyType })
    const page = new URL(widgetReturnPath(actor.clientId, policy.id), config().APP_URL)
    const success = new URL(page)
    success.searchParams.set('session_id', SESSION_PLACEHOLDER)
    const cancel = new URL(page)
    cancel.searchParams.set('checkout', 'cancel')
    const checkout = await openCardCheckout({
      policy,
      amountCents: options.card.total,
      surchargeCents: options.card.surcharge,
      surchargeRate: options.card.rate,
      // The placeholder must reach the gateway unescaped.
      successUrl: success.toString().replace(encodeURIComponent(SESSION_PLACEHOLDER), SESSION_PLACEHOLDER),
      cancelUrl: cancel.toString(),
      createdBy: null,
    })
    return { ...checkout, requested_currency: input.currency, policy_id: policy.id }
  },
)

/**
 * Back from a widget checkout (anyone holding the gateway's session id, which only the payer's
 * browser has: it is answered by airwallexCheckout, which needs the purchase secret): when the
 * gateway says it is paid, the purchase is settled as any card purchase is. Idempotent; 404 for a
 * session that is not this policy's or a policy not sold through this client, 409 while unpaid.
 * It answers nothing of the policy.
 */
export async function confirmWidgetCheckout(opts: { clientId: string; policyId: number; sessionId: string }) {
  const [card] = await getDb()
    .select({ id: cardPayments.id })
    .from(cardPayments)
    .innerJoin(policies, eq(policies.id, cardPayments.policy_id))
    .innerJoin(publicClients, eq(publicClients.id, policies.public_client_id))
    .where(
      and(
        eq(cardPayments.gateway_session_id, opts.sessionId),
        eq(cardPayments.policy_id, opts.policyId),
        eq(publicClients.client_id, opts.clientId),
      ),
    )
  if (!card) throw notFound('Checkout session')
  return settleCardPayment({ cardPaymentId: card.id, actor: `widget:${opts.clientId}`, createdBy: null })
}
