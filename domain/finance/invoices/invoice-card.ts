// Paying an invoice by card through the configured gateway (domain/payments/card-gateway.ts): the
// checkout is opened first (no money moves), its card_payments row (invoice_id set) is stored with
// the rest of the payment, and the money is recorded against the invoice only once the gateway
// says it is paid, once, whoever confirms (return page or webhook).
import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { cardPayments, invoices } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { config } from '../../shared/config'
import { randomToken } from '../../shared/crypto'
import { notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { fromCents } from '../../shared/money'
import { cardGateway, SESSION_PLACEHOLDER } from '../../payments/card-gateway'
import { postBalanceEntry } from '../ledger/ledger'
import { CLOSED_INVOICE_STATUSES, recordInvoicePayment } from './invoice-payments'
import { creditOverpayment, type InvoiceRow } from './invoice-loading'
import { notifyInvoicePaid } from './invoice-notices'
import { assertCheckoutPaid } from '../../payments/checkout-paid'
import { agencyLinks } from '../../shared/links'

const CURRENCY = 'AUD'

/** Where the agency lands after the hosted checkout of an invoice. */
export const invoiceCheckoutReturn = (invoiceId: number) => {
  const base = new URL(agencyLinks.invoice(invoiceId), config().APP_URL).toString()
  return {
    successUrl: `${base}?checkout=success&session_id=${SESSION_PLACEHOLDER}`,
    cancelUrl: `${base}?checkout=cancel`,
  }
}

/** Opens the gateway checkout (outside any transaction: nothing is stored or moved yet). */
export async function openInvoiceCheckout(invoice: InvoiceRow, amountCents: number) {
  const gateway = cardGateway()
  const ref = `CI-${randomToken(12)}`
  const urls = invoiceCheckoutReturn(invoice.id)
  const session = await gateway.createCheckout({
    reference: ref,
    amountCents,
    currency: CURRENCY,
    description: `Invoice #${invoice.id}`,
    ...urls,
  })
  return {
    ref,
    gateway: gateway.name,
    session,
    amountCents,
    successUrl: urls.successUrl,
    cancelUrl: urls.cancelUrl,
  }
}

export type OpenedCheckout = Awaited<ReturnType<typeof openInvoiceCheckout>>

/**
 * Stores an opened checkout (PENDING) in `tx` and answers the card intent: payment_secret (the
 * gateway's checkout session id, which the hosted page completes), currency and the checkout URL.
 */
export async function storeInvoiceCheckout(
  tx: DbOrTx,
  c: { opened: OpenedCheckout; invoice: InvoiceRow; createdBy: number | null },
) {
  const [card] = await tx
    .insert(cardPayments)
    .values({
      ref: c.opened.ref,
      gateway: c.opened.gateway,
      gateway_session_id: c.opened.session.sessionId,
      agency_id: c.invoice.agency_id,
      invoice_id: c.invoice.id,
      amount: c.opened.amountCents,
      currency: CURRENCY,
      status: 'PENDING',
      created_by: c.createdBy,
    })
    .returning()
  return {
    payment_secret: c.opened.session.sessionId,
    currency: card.currency,
    amount: fromCents(card.amount),
    url: c.opened.session.url,
    success_url: c.opened.successUrl.replace(SESSION_PLACEHOLDER, c.opened.session.sessionId),
    cancel_url: c.opened.cancelUrl,
    card_payment_id: card.id,
    checkout_session_id: c.opened.session.sessionId,
    gateway: c.opened.gateway,
  }
}

export type CardIntent = Awaited<ReturnType<typeof storeInvoiceCheckout>>

/**
 * Records a paid invoice checkout: a COMPLETED CARD invoice payment (over-payment credited to the
 * balance) and the card payment PAID, in one transaction. Idempotent: an already PAID card
 * payment is answered as it is. If the invoice was closed meanwhile, the card money is credited
 * to the agency balance instead (never lost). 409 while the gateway has not been paid.
 */
export async function settleInvoiceCardPayment(c: { cardPaymentId: number; by: Actor | string }) {
  const db = getDb()
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.id, c.cardPaymentId))
  // Only a checkout opened for an invoice itself: a policy's or a top-up's card payment settles elsewhere.
  if (!row || !row.invoice_id || row.policy_id !== null || row.topup_id !== null)
    throw notFound('Card payment')
  if (row.status === 'PAID') return { card: row, alreadySettled: true }
  const state = await assertCheckoutPaid(row)
  const invoiceId = row.invoice_id
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(cardPayments).where(eq(cardPayments.id, row.id)).for('update')
    if (locked.status === 'PAID') return { card: locked, alreadySettled: true }
    const [card] = await tx
      .update(cardPayments)
      .set({
        status: 'PAID',
        amount_paid: state.amountPaidCents,
        gateway_payment_id: state.paymentId ?? null,
      })
      .where(eq(cardPayments.id, locked.id))
      .returning()
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update')
    if (CLOSED_INVOICE_STATUSES.includes(inv.status) || inv.status === 'DRAFT') {
      await postBalanceEntry(tx, {
        agencyId: inv.agency_id,
        type: 'INVOICE_PAYMENT',
        amount: locked.amount,
        actor: c.by,
        invoiceId: inv.id,
        note: `Card payment ${locked.ref} for invoice #${inv.id} (${inv.status}) credited (${formatCents(locked.amount)})`,
      })
      return { card, alreadySettled: false }
    }
    const paid = await recordInvoicePayment(tx, {
      invoiceId: inv.id,
      method: 'CARD',
      amount: locked.amount,
      status: 'COMPLETED',
      actor: c.by,
      ref: locked.ref,
      cardPaymentId: locked.id,
    })
    await creditOverpayment(tx, { invoice: paid.invoice, cents: paid.overpaidCents, actor: c.by })
    await notifyInvoicePaid(tx, inv, paid.invoice)
    return { card, alreadySettled: false }
  })
}
