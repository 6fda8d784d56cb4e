import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { invoiceHistories } from '../../../db/schema'
import { isAgencySide, type Actor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { paymentsWithDocuments, presentInvoiceHistory } from './invoice-payment-presenter'

/**
 * invoice-payment/getInvoicePaymentById/{id}: one invoice payment with its documents and its
 * history rows. Staff with finance; the agency side (finance or purchase) for its own (else 404).
 */
export const getInvoicePayment = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getInvoicePayment(opts: { actor: Actor; id: number }) {
    const db = getDb()
    const [payment] = await paymentsWithDocuments(db, { paymentIds: [opts.id] })
    if (!payment) throw notFound('Invoice payment')
    if (isAgencySide(opts.actor) && opts.actor.agencyId !== payment.agency_id)
      throw notFound('Invoice payment')
    const histories = await db
      .select()
      .from(invoiceHistories)
      .where(eq(invoiceHistories.invoice_payment_id, payment.id))
      .orderBy(asc(invoiceHistories.created_at), asc(invoiceHistories.id))
    return { ...payment, histories: histories.map(presentInvoiceHistory) }
  },
)
