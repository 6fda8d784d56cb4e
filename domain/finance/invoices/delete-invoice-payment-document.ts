import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { invoicePaymentDocuments } from '../../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../../shared/actor'
import { conflict, forbidden } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { lockPaymentDocumentFor } from './invoice-loading'
import { recordInvoiceHistory } from './invoice-payments'

/**
 * invoice-payment-document/deleteInvoicePaymentDocument: removes an UNVERIFIED document (a
 * decided one is part of the record: 409). The agency side (finance or purchase) for its own
 * (another agency's: 404), staff with finance for any. The invoice history keeps a row.
 */
export const deleteInvoicePaymentDocument = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function deleteInvoicePaymentDocument(opts: { actor: Actor; documentId: number }) {
    const { actor } = opts
    if (!isStaff(actor) && !isAgencySide(actor)) throw forbidden()
    return getDb().transaction(async (tx) => {
      const doc = await lockPaymentDocumentFor(actor, opts.documentId, tx)
      if (doc.status !== 'UNVERIFIED')
        throw conflict(`This document is ${doc.status}; only an UNVERIFIED document can be deleted`)
      await tx.delete(invoicePaymentDocuments).where(eq(invoicePaymentDocuments.id, doc.id))
      await recordInvoiceHistory(tx, {
        invoiceId: doc.invoice_id,
        invoicePaymentId: doc.invoice_payment_id,
        action: 'DOCUMENT_DELETED',
        message: `Payment document "${doc.name}" deleted`,
        actor,
      })
      return { id: doc.id, deleted: true }
    })
  },
)
