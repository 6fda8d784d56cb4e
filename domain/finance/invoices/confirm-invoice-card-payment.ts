import { and, eq } from 'drizzle-orm'
import { cardPayments } from '../../../db/schema'
import { isAgencySide, type Actor } from '../../shared/actor'
import { forbidden } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { findReturningCheckout } from '../../card-payments/card-settlement'
import { settleInvoiceCardPayment } from './invoice-card'

/**
 * The return from an invoice's card checkout (agency side with finance or purchase): asks the
 * gateway whether the session is paid and records the payment against the invoice, once (the
 * Stripe webhook may have done it already: then it answers already_confirmed). 409 while unpaid;
 * another agency's session or invoice: 404.
 */
export const confirmInvoiceCardPayment = defineUseCase(
  { agency: ['finance', 'purchase'] },
  async function confirmInvoiceCardPayment(opts: { actor: Actor; invoiceId: number; sessionId: string }) {
    const { actor } = opts
    if (!isAgencySide(actor)) throw forbidden()
    const row = await findReturningCheckout(
      'invoice',
      and(
        eq(cardPayments.gateway_session_id, opts.sessionId),
        eq(cardPayments.invoice_id, opts.invoiceId),
        eq(cardPayments.agency_id, actor.agencyId),
      ),
    )
    const { card, alreadySettled } = await settleInvoiceCardPayment({ cardPaymentId: row.id, by: actor })
    return {
      invoice_id: opts.invoiceId,
      card_payment_id: card.id,
      status: card.status,
      already_confirmed: alreadySettled,
    }
  },
)
