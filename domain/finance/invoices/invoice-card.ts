// Paying an invoice by card through the configured gateway (domain/card-payments/card-gateway.ts): the
// checkout is opened first (no money moves), its card_payments row (invoice_id set) is stored with
// the rest of the payment, and the money is recorded against the invoice only once the gateway
// says it is paid, once, whoever confirms (return page or webhook).
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { invoices } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { formatCents } from '../../shared/format'
import { fromCents } from '../../shared/money'
import { SESSION_PLACEHOLDER } from '../../card-payments/card-gateway'
import {
  checkoutReturnUrls,
  openGatewayCheckout,
  storeCardPayment,
  type CardPaymentRow,
} from '../../card-payments/card-checkout'
import { settleCard, type CardPurpose } from '../../card-payments/card-settlement'
import { postBalanceEntry } from '../ledger/ledger'
import { CLOSED_INVOICE_STATUSES, recordInvoicePayment } from './invoice-payments'
import { creditOverpayment, type InvoiceRow } from './invoice-loading'
import { notifyInvoicePaid } from './invoice-notices'
import { agencyLinks } from '../../shared/links'

const CURRENCY = 'AUD'

/** Where the agency lands after the hosted checkout of an invoice. */
export const invoiceCheckoutReturn = (invoiceId: number) => checkoutReturnUrls(agencyLinks.invoice(invoiceId))

/** Opens the gateway checkout (outside any transaction: nothing is stored or moved yet). */
export async function openInvoiceCheckout(invoice: InvoiceRow, amountCents: number) {
  const urls = invoiceCheckoutReturn(invoice.id)
  const opened = await openGatewayCheckout('CI', {
    amountCents,
    currency: CURRENCY,
    description: `Invoice #${invoice.id}`,
    ...urls,
  })
  return { ...opened, amountCents, successUrl: urls.successUrl, cancelUrl: urls.cancelUrl }
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
  const card = await storeCardPayment(tx, {
    ref: c.opened.ref,
    gateway: c.opened.gateway,
    gateway_session_id: c.opened.session.sessionId,
    agency_id: c.invoice.agency_id,
    invoice_id: c.invoice.id,
    amount: c.opened.amountCents,
    currency: CURRENCY,
    created_by: c.createdBy,
  })
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
 * The invoice's part of a card settlement (domain/card-payments/card-settlement.ts), in its
 * transaction: a COMPLETED CARD invoice payment (over-payment credited to the balance). If the
 * invoice was closed meanwhile, the card money is credited to the agency balance instead (never
 * lost).
 */
export const invoiceCardPurpose: CardPurpose<void> = {
  name: 'invoice',
  async settle(tx, card, _paid, { actor }) {
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, card.invoice_id!)).for('update')
    if (CLOSED_INVOICE_STATUSES.includes(inv.status) || inv.status === 'DRAFT')
      return creditClosedInvoiceCard(tx, card, inv, actor)
    const paid = await recordInvoicePayment(tx, {
      invoiceId: inv.id,
      method: 'CARD',
      amount: card.amount,
      status: 'COMPLETED',
      actor,
      ref: card.ref,
      cardPaymentId: card.id,
    })
    await creditOverpayment(tx, { invoice: paid.invoice, cents: paid.overpaidCents, actor })
    await notifyInvoicePaid(tx, inv, paid.invoice)
  },
}

/** A card payment for an invoice closed (or back in draft) meanwhile goes to the agency balance. */
async function creditClosedInvoiceCard(
  tx: DbOrTx,
  card: CardPaymentRow,
  inv: InvoiceRow,
  actor: Actor | string,
) {
  await postBalanceEntry(tx, {
    agencyId: inv.agency_id,
    type: 'INVOICE_PAYMENT',
    amount: card.amount,
    actor,
    invoiceId: inv.id,
    note: `Card payment ${card.ref} for invoice #${inv.id} (${inv.status}) credited (${formatCents(card.amount)})`,
  })
}

/**
 * Records a paid invoice checkout once (the invoice purpose above) and the card payment PAID.
 * Only a checkout opened for an invoice itself: a policy's or a top-up's card payment is a 404.
 * Idempotent: an already PAID card payment is answered as it is. 409 while the gateway has not
 * been paid.
 */
export function settleInvoiceCardPayment(c: { cardPaymentId: number; by: Actor | string }) {
  return settleCard(invoiceCardPurpose, { cardPaymentId: c.cardPaymentId, actor: c.by, createdBy: null })
}
