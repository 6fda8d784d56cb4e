import type { z } from 'zod'
import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { invoicePaymentDocuments } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { conflict } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { defineUseCase } from '../../shared/authorize'
import { assertNotMaker } from '../finance-guards'
import { presentInvoice } from './invoice-listing'
import {
  creditOverpayment,
  lockInvoiceFor,
  lockInvoicePaymentFor,
  lockPaymentDocumentFor,
  type InvoiceRow,
} from './invoice-loading'
import { notifyDocumentRejected, notifyInvoicePaid } from './invoice-notices'
import { presentInvoicePayment, presentPaymentDocument } from './invoice-payment-presenter'
import { CLOSED_INVOICE_STATUSES, completeInvoicePayment, recordInvoiceHistory } from './invoice-payments'
import type { UpdatePaymentDocumentStatusSchema } from './invoices.schemas'

/**
 * A pending BANK part is verified only while the invoice still owes at least its amount: once the
 * invoice was paid another way (or the part would pay more than is left) verifying it would credit
 * the excess to the spendable balance on a proof alone. 409 with the reason; staff reject the
 * proof instead (or the agency sends a new payment of what is left).
 */
function assertVerifiable(
  inv: Pick<InvoiceRow, 'status' | 'total_outstanding_amount'>,
  pay: { payment_amount: number },
) {
  if (CLOSED_INVOICE_STATUSES.includes(inv.status))
    throw conflict(
      `This invoice is already ${inv.status}; verifying this bank payment of ${formatCents(pay.payment_amount)} would credit nothing that is owed. Reject the proof instead`,
    )
  if (pay.payment_amount > inv.total_outstanding_amount)
    throw conflict(
      `This bank payment of ${formatCents(pay.payment_amount)} is more than the ${formatCents(inv.total_outstanding_amount)} still outstanding on the invoice; verifying it would credit the difference. Reject the proof instead`,
    )
}

/**
 * invoice-payment-document/updateInvoicePaymentDocumentStatus (staff with finance): an UNVERIFIED
 * document becomes VERIFIED or REJECTED (reason required). VERIFIED completes its PENDING invoice
 * payment (completeInvoicePayment: the invoice settles to PARTIALLY_PAID, PAID or OVER_PAID, an
 * excess credited to the agency balance through the ledger) in the same transaction. REJECTED
 * keeps the payment PENDING for a new proof and tells the agency why. Already decided: 409.
 * VERIFIED on an invoice already closed, or for more than it still owes: 409 with the reason.
 * Maker-checker: whoever made the payment or uploaded the document gets 403.
 */
export const updateInvoicePaymentDocumentStatus = defineUseCase(
  { staff: ['finance'] },
  async function updateInvoicePaymentDocumentStatus(opts: {
    actor: StaffActor
    input: z.infer<typeof UpdatePaymentDocumentStatusSchema>
  }) {
    const { actor, input } = opts
    return getDb().transaction(async (tx) => {
      const doc = await lockPaymentDocumentFor(actor, input.id, tx)
      const inv = await lockInvoiceFor(actor, doc.invoice_id, tx)
      const pay = await lockInvoicePaymentFor(actor, doc.invoice_payment_id, tx)
      if (doc.status !== 'UNVERIFIED')
        throw conflict(`This document is ${doc.status}; only an UNVERIFIED document can be decided`)
      assertNotMaker(actor.identityId, { created_by: pay.created_by, updated_by: doc.uploaded_by })
      if (input.status === 'VERIFIED' && pay.status === 'PENDING') assertVerifiable(inv, pay)
      const [decided] = await tx
        .update(invoicePaymentDocuments)
        .set({
          status: input.status,
          rejection_reason: input.status === 'REJECTED' ? input.rejection_reason : null,
          decided_by: actor.identityId,
        })
        .where(eq(invoicePaymentDocuments.id, doc.id))
        .returning()
      await recordInvoiceHistory(tx, {
        invoiceId: inv.id,
        invoicePaymentId: pay.id,
        action: input.status === 'VERIFIED' ? 'DOCUMENT_VERIFIED' : 'DOCUMENT_REJECTED',
        message: `Payment document "${doc.name}" ${input.status === 'VERIFIED' ? 'verified' : 'rejected'}`,
        note: input.status === 'REJECTED' ? input.rejection_reason : null,
        actor,
      })
      if (input.status === 'REJECTED') await notifyDocumentRejected(tx, inv, input.rejection_reason ?? '')
      if (input.status === 'REJECTED' || pay.status !== 'PENDING') return answer(decided, pay, inv)
      const done = await completeVerifiedPayment(tx, { actor, doc, inv, pay })
      return answer(decided, done.payment, done.invoice)
    })
  },
)

/** The answer: the decided document, its payment and the invoice, as the API shows them. */
const answer = (
  document: typeof invoicePaymentDocuments.$inferSelect,
  payment: Parameters<typeof presentInvoicePayment>[0],
  invoice: InvoiceRow,
) => ({
  document: presentPaymentDocument(document),
  payment: presentInvoicePayment(payment),
  invoice: presentInvoice(invoice),
})

/**
 * A verified document's PENDING payment is completed (the invoice settles), an excess is credited
 * to the balance and the agency told the invoice is paid.
 */
async function completeVerifiedPayment(
  tx: DbOrTx,
  v: {
    actor: StaffActor
    doc: typeof invoicePaymentDocuments.$inferSelect
    inv: InvoiceRow
    pay: { id: number; created_by: number | null }
  },
) {
  const done = await completeInvoicePayment(tx, v.pay.id, v.actor)
  // The writer's backstop: the payment's maker, the proof's uploader and whoever made or last
  // changed the invoice's amounts (an edit is a change) may not credit an excess themselves.
  await creditOverpayment(tx, {
    invoice: done.invoice,
    cents: done.overpaidCents,
    actor: v.actor,
    decision: {
      by: v.actor,
      makers: [v.pay.created_by, v.doc.uploaded_by, v.inv.created_by, v.inv.updated_by],
    },
  })
  await notifyInvoicePaid(tx, v.inv, done.invoice)
  return done
}
