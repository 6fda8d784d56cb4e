import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cardPayments, policies } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { fromCents } from '../shared/money'
import { assertPurchaser } from './purchase-guards'
import { identityOf } from './purchase-booking'
import { settleCardPayment } from './settle-card-payment'
import { findReturningCheckout } from '../card-payments/card-settlement'
import { defineUseCase } from '../shared/authorize'

/**
 * stripeConfirmCheckout (agency side with `purchase`): asks the gateway whether the checkout of
 * this policy is paid and settles the premium (policy PAYMENT_APPROVED). Idempotent: a second
 * confirmation answers the same result without settling again. 409 while the checkout is unpaid;
 * another agency's checkout or policy is a 404.
 */
export const confirmCardCheckout = defineUseCase(
  { agency: ['purchase'] },
  async function confirmCardCheckout(opts: { actor: Actor; sessionId: string; policyId: number }) {
    const actor = assertPurchaser(opts.actor)
    const row = await findReturningCheckout(
      'premium',
      and(
        eq(cardPayments.gateway_session_id, opts.sessionId),
        eq(cardPayments.policy_id, opts.policyId),
        eq(cardPayments.agency_id, actor.agencyId),
      ),
    )
    const { card, alreadySettled } = await settleCardPayment({
      cardPaymentId: row.id,
      actor,
      createdBy: identityOf(actor),
    })
    const [policy] = await getDb()
      .select({ id: policies.id, ref: policies.ref, status: policies.status })
      .from(policies)
      .where(eq(policies.id, opts.policyId))
    return {
      policy_id: policy.id,
      ref: policy.ref,
      status: policy.status,
      already_confirmed: alreadySettled,
      card_payment: {
        id: card.id,
        ref: card.ref,
        status: card.status,
        amount: fromCents(card.amount),
        amount_paid: card.amount_paid === null ? null : fromCents(card.amount_paid),
        surcharge_amount: fromCents(card.surcharge_amount),
        surcharge_rate: card.surcharge_rate === null ? null : Number(card.surcharge_rate),
      },
    }
  },
)
