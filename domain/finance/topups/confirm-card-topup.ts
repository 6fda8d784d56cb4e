import { and, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyTopups, cardPayments } from '../../../db/schema'
import { actorLabel, isAgencySide, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { forbidden } from '../../shared/errors'
import { fromCents } from '../../shared/money'
import { findReturningCheckout } from '../../card-payments/card-settlement'
import { settleCardTopup } from './card-topups'
import { presentTopup } from './topup-listing'

/**
 * The return from the card gateway (agency side with purchase or finance): asks the gateway
 * whether the top-up's checkout is paid and, if so, credits it (once: a webhook that came first,
 * or a second return, answers `already_confirmed`). 409 while unpaid or cancelled; another
 * agency's checkout is a 404.
 */
export const confirmCardTopup = defineUseCase(
  { agency: ['finance', 'purchase'] },
  async function confirmCardTopup(opts: { actor: Actor; sessionId: string }) {
    const { actor } = opts
    if (!isAgencySide(actor)) throw forbidden()
    const row = await findReturningCheckout(
      'topup',
      and(eq(cardPayments.gateway_session_id, opts.sessionId), eq(cardPayments.agency_id, actor.agencyId)),
    )
    const { card, alreadySettled } = await settleCardTopup({ cardPaymentId: row.id, by: actorLabel(actor) })
    const [topup] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, card.topup_id!))
    return {
      already_confirmed: alreadySettled,
      topup: presentTopup(topup),
      card_payment: {
        id: card.id,
        ref: card.ref,
        status: card.status,
        amount: fromCents(card.amount),
        amount_paid: card.amount_paid === null ? null : fromCents(card.amount_paid),
      },
    }
  },
)
