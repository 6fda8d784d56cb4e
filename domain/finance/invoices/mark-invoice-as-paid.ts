import { and, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { invoicePayments } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { conflict } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { assertNotMaker } from '../finance-guards'
import { presentInvoice } from './invoice-listing'
import { assertNotPurchasePremium, assertTakesPayments, lockInvoiceFor } from './invoice-loading'
import { notifyInvoicePaid } from './invoice-notices'
import { presentInvoicePayment } from './invoice-payment-presenter'
import { recordInvoicePayment } from './invoice-payments'

/**
 * invoice-payment/markAsPaid (staff with finance): the invoice's outstanding amount is recorded
 * as a COMPLETED payment (BANK, received outside the system) and the invoice becomes PAID, with
 * its history row. 409 for a draft or closed invoice, or while a payment of it waits for
 * verification (verify or reject it first). Maker-checker: whoever created the invoice or last changed
 * its amounts (updateInvoiceLineItem) gets 403.
 */
export const markInvoiceAsPaid = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function markInvoiceAsPaid(opts: { actor: StaffActor; invoiceId: number; note?: string | null }) {
    const { actor } = opts
    return getDb().transaction(async (tx) => {
      const inv = await lockInvoiceFor(actor, opts.invoiceId, tx)
      assertTakesPayments(inv)
      await assertNotPurchasePremium(tx, inv)
      assertNotMaker(actor.identityId, inv)
      const [waiting] = await tx
        .select({ id: invoicePayments.id })
        .from(invoicePayments)
        .where(and(eq(invoicePayments.invoice_id, inv.id), eq(invoicePayments.status, 'PENDING')))
        .limit(1)
      if (waiting)
        throw conflict(
          'A payment of this invoice waits for verification; verify or reject its document first',
        )
      if (inv.total_outstanding_amount <= 0) throw conflict('This invoice has nothing outstanding')
      const paid = await recordInvoicePayment(tx, {
        invoiceId: inv.id,
        method: 'BANK',
        amount: inv.total_outstanding_amount,
        status: 'COMPLETED',
        actor,
        notes: opts.note ?? 'Marked as paid by staff',
        meta: { marked_as_paid: true },
      })
      await notifyInvoicePaid(tx, inv, paid.invoice)
      return { invoice: presentInvoice(paid.invoice), payment: presentInvoicePayment(paid.payment) }
    })
  },
)
