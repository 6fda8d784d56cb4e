import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { invoices } from '../../../db/schema'
import { isAgencySide, type Actor, type AgencyActor } from '../../shared/actor'
import { conflict, forbidden, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { defineUseCase } from '../../shared/authorize'
import { presentInvoice } from '../invoices/invoice-listing'
import {
  assertNotPurchasePremium,
  assertPayableByAgency,
  lockInvoiceFor,
  type InvoiceRow,
} from '../invoices/invoice-loading'
import { openInvoiceCheckout, storeInvoiceCheckout, type CardIntent } from '../invoices/invoice-card'
import {
  assertBankPartWithinOutstanding,
  assertProofUsable,
  payByBalance,
  payByBank,
} from '../invoices/invoice-payment-parts'
import { presentInvoicePayment, type PresentedInvoicePayment } from '../invoices/invoice-payment-presenter'
import { recordInvoiceHistory } from '../invoices/invoice-payments'
import type { MakePayment } from '../invoices/invoices.schemas'
import { paymentMethodInText } from '../../shared/labels'

/** Fails fast, before a card checkout is opened: the BANK parts together within the outstanding. */
function assertBankParts(inv: { total_outstanding_amount: number }, input: MakePayment) {
  let claimed = 0
  for (const [i, m] of input.payment_methods.entries()) {
    if (m.method !== 'BANK') continue
    assertBankPartWithinOutstanding(inv, m.payment_amount, `payment_methods.${i}.payment_amount`, claimed)
    claimed += m.payment_amount
  }
}

export const BNPL_NOT_FOR_INVOICES =
  'Buy now pay later pays policy premiums only; choose another method to pay an invoice'

/**
 * makePaymentByAgency (agency side with finance or purchase): pays an open invoice addressed to
 * the agency with several methods at once, all or nothing in one transaction (the invoice row
 * locked, so parallel payments queue):
 * - BANK with its document: a PENDING payment and an UNVERIFIED document for staff finance; the
 *   BANK parts together pay at most the outstanding (400 on `payment_methods.<i>.payment_amount`);
 * - AGENCY_BALANCE: the balance debited atomically through the ledger (INVOICE_PAYMENT; 409
 *   "Insufficient agency balance", it never goes below 0) and a COMPLETED payment;
 * - CARD: a gateway checkout (opened before the transaction, stored in it); its money is recorded
 *   when the gateway confirms.
 * What completes moves the invoice to PARTIALLY_PAID, PAID or OVER_PAID; an over-payment's excess
 * is credited back to the balance through the ledger. Another agency's invoice: 404; a draft,
 * closed or OSHC-paid invoice: 409.
 */
export const makePaymentByAgency = defineUseCase(
  { agency: ['finance', 'purchase'] },
  async function makePaymentByAgency(opts: { actor: Actor; input: MakePayment }) {
    const { actor, input } = opts
    if (!isAgencySide(actor)) throw forbidden()
    if (input.payment_methods.some((m) => m.method === 'BUY_NOW_PAY_LATER'))
      throw conflict(BNPL_NOT_FOR_INVOICES)
    const db = getDb()
    const [inv] = await db.select().from(invoices).where(eq(invoices.id, input.invoice_id))
    if (!inv || inv.agency_id !== actor.agencyId) throw notFound('Invoice')
    assertPayableByAgency(inv)
    await assertNotPurchasePremium(db, inv)
    for (const [i, m] of input.payment_methods.entries())
      if (m.method === 'BANK' && m.documentUrl)
        await assertProofUsable(m.documentUrl, actor, actor.agencyId, `payment_methods.${i}.documentUrl`)
    assertBankParts(inv, input)
    const cardRow = input.payment_methods.find((m) => m.method === 'CARD')
    // The gateway is asked first: nothing is stored or moved until the transaction commits.
    const opened = cardRow ? await openInvoiceCheckout(inv, cardRow.payment_amount) : null
    return db.transaction(async (tx) => {
      const locked = await lockInvoiceFor(actor, inv.id, tx)
      assertPayableByAgency(locked)
      const { invoice: current, payments } = await payBankAndBalanceParts(tx, {
        invoice: locked,
        actor,
        input,
      })
      let intent: CardIntent | null = null
      if (opened)
        intent = await storeInvoiceCheckout(tx, { opened, invoice: current, createdBy: actor.identityId })
      const total = input.payment_methods.reduce((s, m) => s + m.payment_amount, 0)
      await recordInvoiceHistory(tx, {
        invoiceId: current.id,
        action: 'PAYMENT_MADE',
        message: `Payment of ${formatCents(total)} submitted by ${input.payment_methods.map((m) => paymentMethodInText(m.method)).join(' and ')}`,
        actor,
        meta: { parts: input.payment_methods.map((m) => ({ method: m.method, cents: m.payment_amount })) },
      })
      const [after] = await tx.select().from(invoices).where(eq(invoices.id, current.id))
      return { invoice: presentInvoice(after), payments, intent }
    })
  },
)

/**
 * The BANK and AGENCY_BALANCE parts in their order, in `tx` on the locked invoice: a BANK part
 * within what is outstanding after the parts before it (a balance part lowers it), a balance part
 * debited through the ledger. Returns the invoice after them and the payments made.
 */
async function payBankAndBalanceParts(
  tx: DbOrTx,
  p: { invoice: InvoiceRow; actor: AgencyActor; input: MakePayment },
) {
  let current = p.invoice
  const payments: PresentedInvoicePayment[] = []
  let bankClaimed = 0
  for (const [i, m] of p.input.payment_methods.entries()) {
    if (m.method === 'BANK') {
      // Against the locked invoice, after the parts before it (a balance part lowers it).
      assertBankPartWithinOutstanding(
        current,
        m.payment_amount,
        `payment_methods.${i}.payment_amount`,
        bankClaimed,
      )
      bankClaimed += m.payment_amount
      const r = await payByBank(tx, {
        invoice: current,
        actor: p.actor,
        amount: m.payment_amount,
        documentUrl: m.documentUrl,
        documentName: m.documentName,
      })
      payments.push(presentInvoicePayment(r.payment, r.document ? [r.document] : []))
    } else if (m.method === 'AGENCY_BALANCE') {
      const r = await payByBalance(tx, { invoice: current, actor: p.actor, amount: m.payment_amount })
      current = r.invoice
      payments.push(presentInvoicePayment(r.payment))
    }
  }
  return { invoice: current, payments }
}
