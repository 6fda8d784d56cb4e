import { getDb } from '../../db/client'
import type { WidgetActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { fromCents } from '../shared/money'
import { paymentOptions } from '../payments/payment-options'
import { loadWidgetPolicy } from './widget-policy-loading'

/**
 * GET /wordpress/getPublicAvailablePaymentMethodsForAgency/{policy_id} (a public client's token,
 * a policy of that client, and its purchase secret in `x-purchase-secret`; otherwise 404): the methods a student can pay with through the widget. A student pays
 * by card only (the agency's balance, bank transfers and buy-now-pay-later are the agency's own
 * instruments); card is listed when the agency has it enabled for the insurer, with the amount
 * including any card surcharge.
 */
export const getPublicPaymentMethods = defineUseCase(
  { widget: true },
  async function getPublicPaymentMethods(opts: {
    actor: WidgetActor
    policyId: number
    purchaseSecret: string | null
  }) {
    const { policy, agency } = await loadWidgetPolicy(opts.actor, opts.policyId, opts.purchaseSecret)
    const options = await paymentOptions(getDb(), policy, agency)
    const card = !!options.providerConfig && options.methods.CARD
    return {
      policy_id: policy.id,
      currency: policy.premium_currency,
      premium: fromCents(options.premium),
      methods: card
        ? [
            {
              method: 'CARD' as const,
              amount: fromCents(options.card.total),
              surcharge_amount: fromCents(options.card.surcharge),
              surcharge_rate: options.card.rate === null ? null : Number(options.card.rate),
            },
          ]
        : [],
    }
  },
)
