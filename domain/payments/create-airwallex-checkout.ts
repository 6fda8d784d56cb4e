import { and, eq, isNotNull } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../db/client'
import { invoiceLineItems, invoices } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { conflict, notFound, validation } from '../shared/errors'
import { fromCents, toCents } from '../shared/money'
import { createCardCheckout } from './create-card-checkout'
import type { AirwallexCheckoutSchema } from './payments.schemas'
import {
  assertDeclarationsMade,
  assertMethodAvailable,
  assertPurchasable,
  assertPurchaser,
} from './purchase-guards'
import { loadPolicyFor } from './purchase-loading'
import { paymentOptions } from './payment-options'
import { defineUseCase } from '../shared/authorize'

/**
 * airwallexCheckout (agency side with `purchase`): served by the configured card gateway (the
 * sandbox, or Stripe), for one policy of the caller's agency named in `policies` or through its
 * PREMIUM invoice (`invoice_id`). The checkout is in AUD, the premium's currency; `total_amount`,
 * when sent, must match the amount due (409 otherwise). `is_create_payment: false` only answers
 * the amount. BNPL settlements by card and several policies at once are refused.
 */
export const createAirwallexCheckout = defineUseCase(
  { agency: ['purchase'] },
  async function createAirwallexCheckout(opts: {
    actor: Actor
    input: z.infer<typeof AirwallexCheckoutSchema>
  }) {
    const actor = assertPurchaser(opts.actor)
    const { input } = opts
    if (input.is_bnpl_payment) throw conflict('Buy now, pay later settlements cannot be paid by card here')
    let ids = input.policies
    if (!ids.length && input.invoice_id) {
      const [invoice] = await getDb()
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.id, input.invoice_id), eq(invoices.agency_id, actor.agencyId)))
      if (!invoice) throw notFound('Invoice')
      const lines = await getDb()
        .selectDistinct({ policy_id: invoiceLineItems.policy_id })
        .from(invoiceLineItems)
        .where(and(eq(invoiceLineItems.invoice_id, invoice.id), isNotNull(invoiceLineItems.policy_id)))
      ids = lines.map((l) => l.policy_id!).filter(Boolean)
    }
    if (!ids.length) throw validation('policies', 'Choose the policy to pay')
    if (ids.length > 1) throw validation('policies', 'Pay one policy per card checkout')
    const { policy, agency } = await loadPolicyFor(actor, ids[0])
    assertPurchasable(policy)
    await assertDeclarationsMade(getDb(), policy)
    const options = await paymentOptions(getDb(), policy, agency)
    assertMethodAvailable(options, 'CARD')
    if (input.total_amount !== undefined && toCents(input.total_amount) !== options.card.total)
      throw conflict(
        `The amount due is ${policy.premium_currency} ${fromCents(options.card.total).toFixed(2)}, not ${input.total_amount.toFixed(2)}`,
      )
    const amountDue = {
      policies: [policy.id],
      amount: fromCents(options.card.total),
      premium: fromCents(options.premium),
      surcharge_amount: fromCents(options.card.surcharge),
      currency: policy.premium_currency,
      requested_currency: input.currency,
    }
    if (!input.is_create_payment) return amountDue
    return { ...amountDue, ...(await createCardCheckout({ actor, policyId: policy.id })) }
  },
)
