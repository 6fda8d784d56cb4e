import { getDb } from '../../db/client'
import type { Actor } from '../shared/actor'
import { fromCents } from '../shared/money'
import { SESSION_PLACEHOLDER } from '../card-payments/card-gateway'
import { checkoutReturnUrls, openGatewayCheckout, storeCardPayment } from '../card-payments/card-checkout'
import {
  assertDeclarationsMade,
  assertMethodAvailable,
  assertNotProtectedByRule,
  assertPurchasable,
  assertPurchaser,
} from './purchase-guards'
import { identityOf } from './purchase-booking'
import { loadPolicyFor, type PolicyRow } from './purchase-loading'
import { paymentOptions } from './payment-options'
import { defineUseCase } from '../shared/authorize'
import { agencyLinks } from '../shared/links'

/**
 * Opens a checkout with the configured card gateway and stores its card_payments row (PENDING).
 * Amounts in cents (AUD). The policy does not change until the gateway confirms the payment.
 */
export async function openCardCheckout(p: {
  policy: PolicyRow
  amountCents: number
  surchargeCents: number
  surchargeRate: string | null
  successUrl: string
  cancelUrl: string
  createdBy: number | null
  paymentLinkId?: number | null
}) {
  const { ref, gateway, session } = await openGatewayCheckout('CP', {
    amountCents: p.amountCents,
    currency: p.policy.premium_currency,
    description: `Overseas student health cover, policy ${p.policy.ref}`,
    successUrl: p.successUrl,
    cancelUrl: p.cancelUrl,
  })
  const card = await storeCardPayment(getDb(), {
    ref,
    gateway,
    gateway_session_id: session.sessionId,
    agency_id: p.policy.agency_id,
    policy_id: p.policy.id,
    payment_link_id: p.paymentLinkId ?? null,
    amount: p.amountCents,
    surcharge_rate: p.surchargeRate,
    surcharge_amount: p.surchargeCents,
    currency: p.policy.premium_currency,
    created_by: p.createdBy,
  })
  return {
    url: session.url,
    success_url: p.successUrl.replace(SESSION_PLACEHOLDER, session.sessionId),
    cancel_url: p.cancelUrl,
    card_payment_id: card.id,
    checkout_session_id: session.sessionId,
    gateway,
    amount: fromCents(card.amount),
    surcharge_amount: fromCents(card.surcharge_amount),
    surcharge_rate: card.surcharge_rate === null ? null : Number(card.surcharge_rate),
    currency: card.currency,
  }
}

/**
 * stripeCheckout / purchasePolicy with CARD (agency side with `purchase`): a card checkout for
 * the policy's premium plus the card surcharge when the agency has it enabled. 409 when the
 * policy cannot be bought now, card is not available or a purchase rule protects the quote.
 */
export const createCardCheckout = defineUseCase(
  { agency: ['purchase'] },
  async function createCardCheckout(opts: { actor: Actor; policyId: number }) {
    const actor = assertPurchaser(opts.actor)
    const { policy, agency } = await loadPolicyFor(actor, opts.policyId)
    const { providerId, policyType } = assertPurchasable(policy)
    await assertDeclarationsMade(getDb(), policy)
    const options = await paymentOptions(getDb(), policy, agency)
    assertMethodAvailable(options, 'CARD')
    if (!policy.purchased_at)
      await assertNotProtectedByRule(getDb(), { agencyId: agency.id, providerId, policyType })
    return openCardCheckout({
      policy,
      amountCents: options.card.total,
      surchargeCents: options.card.surcharge,
      surchargeRate: options.card.rate,
      ...checkoutReturnUrls(agencyLinks.policyPay(policy.id)),
      createdBy: identityOf(actor),
    })
  },
)
