import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cardPayments } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { forbidden, notFound } from '../shared/errors'
import { settleInvoiceCardPayment } from '../finance/invoices/invoice-card'
import { amendmentStateOf, loadAmendment } from './amendment-loading'
import { amendmentDetails, decideAndPresent } from './amendment-presenter'

/**
 * The return from an amendment's card checkout (agency 'purchase' or 'finance'): the card payment
 * is recorded on the amendment's invoice once (settleInvoiceCardPayment asks the gateway; 409
 * while unpaid), then the amendment's payment is COMPLETED through its workflow. Coming back twice
 * changes nothing more. Another agency's session or amendment: 404.
 */
export const confirmAmendmentCardPayment = defineUseCase(
  { agency: ['purchase', 'finance'] },
  async function confirmAmendmentCardPayment(opts: { actor: Actor; amendmentId: number; sessionId: string }) {
    const { actor } = opts
    if (!isAgencySide(actor)) throw forbidden()
    const a = await loadAmendment(actor, opts.amendmentId)
    if (!a.invoice_id) throw notFound('Checkout session')
    const [row] = await getDb()
      .select({ id: cardPayments.id })
      .from(cardPayments)
      .where(
        and(
          eq(cardPayments.gateway_session_id, opts.sessionId),
          eq(cardPayments.invoice_id, a.invoice_id),
          eq(cardPayments.agency_id, actor.agencyId),
        ),
      )
    if (!row) throw notFound('Checkout session')
    const { card } = await settleInvoiceCardPayment({ cardPaymentId: row.id, by: actor })
    if (amendmentStateOf(a).phase !== 'PAYMENT') return amendmentDetails(a)
    return decideAndPresent(actor, a.id, { kind: 'cardPaid', card_payment_id: card.id })
  },
)
