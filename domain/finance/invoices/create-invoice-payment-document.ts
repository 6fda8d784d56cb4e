import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { isAgencySide, isStaff, type Actor } from '../../shared/actor'
import { conflict, forbidden } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { lockInvoiceFor, lockInvoicePaymentFor } from './invoice-loading'
import { addPaymentDocument, assertProofUsable } from './invoice-payment-parts'
import { presentPaymentDocument } from './invoice-payment-presenter'
import type { CreatePaymentDocumentSchema } from './invoices.schemas'

/**
 * invoice-payment-document/createInvoicePaymentDocument: attaches a proof (an uploaded file key)
 * to a PENDING invoice payment, UNVERIFIED until staff finance decide; staff finance are told.
 * The agency side (finance or purchase) for its own payments (another agency's: 404), staff with
 * finance for any. A COMPLETED payment, or one of a cancelled invoice: 409.
 */
export const createInvoicePaymentDocument = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function createInvoicePaymentDocument(opts: {
    actor: Actor
    input: z.infer<typeof CreatePaymentDocumentSchema>
  }) {
    const { actor, input } = opts
    if (!isStaff(actor) && !isAgencySide(actor)) throw forbidden()
    const db = getDb()
    const doc = await db.transaction(async (tx) => {
      const pay = await lockInvoicePaymentFor(actor, input.invoice_payment_id, tx)
      const inv = await lockInvoiceFor(actor, pay.invoice_id, tx)
      if (pay.status !== 'PENDING')
        throw conflict(`This payment is ${pay.status}; documents are added to a PENDING payment only`)
      if (inv.status === 'CANCELLED') throw conflict('This invoice is CANCELLED')
      await assertProofUsable(input.url, actor, inv.agency_id, 'url')
      return addPaymentDocument(tx, {
        invoice: inv,
        paymentId: pay.id,
        name: input.name,
        url: input.url,
        uploadedBy: actor,
      })
    })
    return presentPaymentDocument(doc)
  },
)
