import type { z } from 'zod'
import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { invoices } from '../../../db/schema'
import { isAgencySide, type Actor } from '../../shared/actor'
import { forbidden, notFound } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { formatCents } from '../../shared/format'
import { presentInvoice } from './invoice-listing'
import { assertNotPurchasePremium, assertPayableByAgency, lockInvoiceFor } from './invoice-loading'
import { openInvoiceCheckout, storeInvoiceCheckout } from './invoice-card'
import {
  assertBankPartWithinOutstanding,
  assertProofUsable,
  payByBalance,
  payByBank,
} from './invoice-payment-parts'
import { presentInvoicePayment, presentPaymentDocument } from './invoice-payment-presenter'
import { recordInvoiceHistory } from './invoice-payments'
import type { CreateInvoicePaymentSchema } from './invoices.schemas'

/**
 * invoice-payment/createInvoicePayment (agency side with finance or purchase): pays an open
 * invoice addressed to the agency with one method. BANK: a PENDING payment of at most the
 * outstanding (400 on total_amount; its proof, when bank_document_key is sent, UNVERIFIED for staff). AGENCY_BALANCE: the balance debited through
 * the ledger and a COMPLETED payment, in one transaction (409 "Insufficient agency balance"; an
 * excess over the outstanding is credited back). CARD: answers a card intent (payment_secret,
 * currency, url) from the gateway; the money is recorded when the gateway confirms. Another
 * agency's invoice: 404; a draft, closed or OSHC-paid invoice: 409.
 */
export const createInvoicePayment = defineUseCase(
  { agency: ['finance', 'purchase'] },
  async function createInvoicePayment(opts: {
    actor: Actor
    input: z.infer<typeof CreateInvoicePaymentSchema>
  }) {
    const { actor, input } = opts
    if (!isAgencySide(actor)) throw forbidden()
    const db = getDb()
    if (input.bank_document_key)
      await assertProofUsable(input.bank_document_key, actor, actor.agencyId, 'bank_document_key')
    if (input.payment_method === 'CARD') {
      const [inv] = await db.select().from(invoices).where(eq(invoices.id, input.invoice_id))
      if (!inv || inv.agency_id !== actor.agencyId) throw notFound('Invoice')
      assertPayableByAgency(inv)
      await assertNotPurchasePremium(db, inv)
      const opened = await openInvoiceCheckout(inv, input.total_amount)
      return db.transaction(async (tx) => {
        const locked = await lockInvoiceFor(actor, inv.id, tx)
        assertPayableByAgency(locked)
        const intent = await storeInvoiceCheckout(tx, {
          opened,
          invoice: locked,
          createdBy: actor.identityId,
        })
        await recordInvoiceHistory(tx, {
          invoiceId: locked.id,
          action: 'CARD_CHECKOUT_OPENED',
          message: `Card checkout of ${formatCents(input.total_amount)} opened`,
          actor,
          meta: { card_payment_id: intent.card_payment_id },
        })
        return { method: 'CARD' as const, invoice: presentInvoice(locked), payment: null, intent }
      })
    }
    return db.transaction(async (tx) => {
      const inv = await lockInvoiceFor(actor, input.invoice_id, tx)
      assertPayableByAgency(inv)
      await assertNotPurchasePremium(tx, inv)
      if (input.payment_method === 'BANK')
        assertBankPartWithinOutstanding(inv, input.total_amount, 'total_amount')
      const done =
        input.payment_method === 'BANK'
          ? await payByBank(tx, {
              invoice: inv,
              actor,
              amount: input.total_amount,
              documentUrl: input.bank_document_key,
              documentName: null,
            })
          : await payByBalance(tx, { invoice: inv, actor, amount: input.total_amount })
      return {
        method: input.payment_method,
        invoice: presentInvoice(done.invoice),
        payment: presentInvoicePayment(done.payment, done.document ? [done.document] : []),
        document: done.document ? presentPaymentDocument(done.document) : null,
        intent: null,
      }
    })
  },
)
