// Loading invoices, invoice payments and payment documents as a caller may act on them (staff:
// any; the agency side: its own, another agency's is 404), locked in the caller's transaction,
// and the ledger side of an invoice payment (balance debit, over-payment credit).
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import {
  invoiceLineItems,
  invoicePaymentDocuments,
  invoicePayments,
  invoices,
  policies,
} from '../../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../../shared/actor'
import { conflict, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { postBalanceEntry } from '../ledger/ledger'
import type { MoneyDecision } from '../../money/authority'
import { AGENCY_PARTY } from './invoices'
import { CLOSED_INVOICE_STATUSES } from './invoice-payments'

export type InvoiceRow = typeof invoices.$inferSelect

const visible = (actor: Actor, agencyId: number) =>
  isStaff(actor) || (isAgencySide(actor) && actor.agencyId === agencyId)

/** The invoice, locked (FOR UPDATE) in `tx`; 404 when missing or another agency's. */
export async function lockInvoiceFor(actor: Actor, invoiceId: number, tx: DbOrTx) {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update')
  if (!inv || !visible(actor, inv.agency_id)) throw notFound('Invoice')
  return inv
}

/** An invoice payment, locked in `tx`; 404 when missing or another agency's. */
export async function lockInvoicePaymentFor(actor: Actor, paymentId: number, tx: DbOrTx) {
  const [pay] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, paymentId)).for('update')
  if (!pay || !visible(actor, pay.agency_id)) throw notFound('Invoice payment')
  return pay
}

/** A payment document, locked in `tx`; 404 when missing or another agency's. */
export async function lockPaymentDocumentFor(actor: Actor, documentId: number, tx: DbOrTx) {
  const [doc] = await tx
    .select()
    .from(invoicePaymentDocuments)
    .where(eq(invoicePaymentDocuments.id, documentId))
    .for('update')
  if (!doc || !visible(actor, doc.agency_id)) throw notFound('Invoice payment document')
  return doc
}

/** An invoice the agency pays: issued to the agency and open (not a draft, not closed); else 409. */
export function assertPayableByAgency(inv: InvoiceRow) {
  if (inv.to !== AGENCY_PARTY) throw conflict('This invoice is paid by OSHC to the agency, not by the agency')
  assertTakesPayments(inv)
}

/** Open for payments: not a DRAFT (not issued yet) and not PAID, OVER_PAID or CANCELLED; else 409. */
export function assertTakesPayments(inv: InvoiceRow) {
  if (inv.status === 'DRAFT') throw conflict('This invoice is a DRAFT; it takes payments once issued')
  if (CLOSED_INVOICE_STATUSES.includes(inv.status))
    throw conflict(`This invoice is ${inv.status}; it takes no more payments`)
}

/** Policy statuses whose premium is still being paid through the purchase (policy payment page). */
const PURCHASING = ['INITIATED', 'PURCHASED', 'PAYMENT_REJECTED', 'PAYMENT_BY_BUY_NOW_PAY_LATER'] as const

/**
 * A policy's own PREMIUM invoice (no amendment) is paid by purchasing the policy, which settles
 * the invoice (settle-premium); paying it here as well would charge the premium twice: 409.
 */
export async function assertNotPurchasePremium(tx: DbOrTx, inv: InvoiceRow) {
  if (inv.invoice_type !== 'PREMIUM' || inv.amendment_id !== null) return
  const [row] = await tx
    .select({ ref: policies.ref })
    .from(invoiceLineItems)
    .innerJoin(policies, eq(policies.id, invoiceLineItems.policy_id))
    .where(and(eq(invoiceLineItems.invoice_id, inv.id), inArray(policies.status, [...PURCHASING])))
    .limit(1)
  if (row)
    throw conflict(`The premium of policy ${row.ref} is paid by purchasing the policy, from its payment page`)
}

/**
 * The excess of an over-paid invoice goes back to the agency balance through the ledger
 * (INVOICE_PAYMENT credit), in the transaction that recorded the payment. No-op for 0.
 * `decision`: the staff decision that completed the payment (a verified bank part), for the
 * journal writer's maker-checker (assertMoneyAuthority); an agency's or a gateway's has none.
 */
export async function creditOverpayment(
  tx: DbOrTx,
  e: { invoice: InvoiceRow; cents: number; actor: Actor | string; decision?: MoneyDecision | null },
) {
  if (e.cents <= 0) return null
  return postBalanceEntry(tx, {
    agencyId: e.invoice.agency_id,
    type: 'INVOICE_PAYMENT',
    amount: e.cents,
    actor: e.actor,
    invoiceId: e.invoice.id,
    note: `Over-payment of invoice #${e.invoice.id} credited (${formatCents(e.cents)})`,
    decision: e.decision,
  })
}
