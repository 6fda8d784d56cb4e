// The one way to record money against an invoice and to keep its status true: every invoice
// payment goes through recordInvoicePayment (or completeInvoicePayment for one that waited for
// staff), which recomputes the invoice from its COMPLETED payments and writes its history row.
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { invoiceHistories, invoicePayments, invoices } from '../../../db/schema'
import type { PAYMENT_METHODS } from '../../../db/schema/enums'
import { actorLabel, type Actor } from '../../shared/actor'
import { clock } from '../../shared/clock'
import { conflict, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { INVOICE_STATUS_LABELS, paymentMethodInText } from '../../shared/labels'
import type { InvoiceStatus } from './invoices'

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Statuses whose invoice takes no more payments and whose line items are frozen. */
export const CLOSED_INVOICE_STATUSES: readonly InvoiceStatus[] = ['PAID', 'OVER_PAID', 'CANCELLED']

const identityOf = (actor: Actor | string) =>
  typeof actor !== 'string' && 'identityId' in actor ? actor.identityId : null
const labelOf = (actor: Actor | string) => (typeof actor === 'string' ? actor : actorLabel(actor))

/** One row of an invoice's history (payment history and interactions). */
export async function recordInvoiceHistory(
  tx: DbOrTx,
  h: {
    invoiceId: number
    action: string
    message: string
    actor: Actor | string
    invoicePaymentId?: number | null
    note?: string | null
    noteTitle?: string | null
    fromStatus?: string | null
    toStatus?: string | null
    meta?: Record<string, unknown>
  },
) {
  const [row] = await tx
    .insert(invoiceHistories)
    .values({
      invoice_id: h.invoiceId,
      invoice_payment_id: h.invoicePaymentId ?? null,
      action: h.action,
      message: h.message,
      note: h.note ?? null,
      note_title: h.noteTitle ?? null,
      from_status: h.fromStatus ?? null,
      to_status: h.toStatus ?? null,
      actor: labelOf(h.actor),
      actor_id: identityOf(h.actor),
      meta: h.meta ?? null,
    })
    .returning()
  return row
}

/** The status an invoice has once `paid` cents of `due` are in (OVERDUE stays while unpaid). */
export function statusAfterPayments(current: InvoiceStatus, due: number, paid: number): InvoiceStatus {
  if (paid <= 0) return current === 'OVERDUE' || current === 'DRAFT' ? current : 'PENDING'
  if (paid < due) return 'PARTIALLY_PAID'
  return paid === due ? 'PAID' : 'OVER_PAID'
}

/**
 * Recomputes an invoice (locked by the caller or here) from its COMPLETED payments: outstanding,
 * owed back, status. Writes a history row when the status changes. Answers the invoice after it
 * and the over-payment in cents (for the caller to credit).
 */
export async function settleInvoice(tx: DbOrTx, invoiceId: number, actor: Actor | string) {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update')
  if (!inv) throw notFound('Invoice')
  const [{ paid }] = await tx
    .select({ paid: sql<number>`coalesce(sum(${invoicePayments.payment_amount}), 0)::bigint` })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoice_id, invoiceId), eq(invoicePayments.status, 'COMPLETED')))
  const paidCents = Number(paid)
  const status =
    inv.status === 'CANCELLED' ? inv.status : statusAfterPayments(inv.status, inv.total_amount_due, paidCents)
  const [after] = await tx
    .update(invoices)
    .set({
      status,
      total_outstanding_amount: Math.max(0, inv.total_amount_due - paidCents),
      total_amount_owed: Math.max(0, paidCents - inv.total_amount_due),
      updated_at: clock.now(),
    })
    .where(eq(invoices.id, invoiceId))
    .returning()
  if (status !== inv.status) {
    await recordInvoiceHistory(tx, {
      invoiceId,
      action: 'STATUS_CHANGED',
      message: `Invoice ${INVOICE_STATUS_LABELS[inv.status].toLowerCase()} → ${INVOICE_STATUS_LABELS[status].toLowerCase()}`,
      actor,
      fromStatus: inv.status,
      toStatus: status,
    })
  }
  const overpaid = Math.max(0, paidCents - inv.total_amount_due) - Math.max(0, inv.total_amount_owed)
  return { invoice: after, overpaidCents: Math.max(0, overpaid) }
}

/**
 * Records a payment against an invoice in `tx`: refuses a closed invoice (409), inserts the
 * payment (COMPLETED counts at once; PENDING waits for staff), writes its history row and, for a
 * COMPLETED one, settles the invoice. The ledger entry that explains the money (a balance debit
 * for AGENCY_BALANCE, a credit for an over-payment) is the caller's, in the same `tx`.
 */
export async function recordInvoicePayment(
  tx: DbOrTx,
  p: {
    invoiceId: number
    method: PaymentMethod
    amount: number
    status: 'COMPLETED' | 'PENDING'
    actor: Actor | string
    ref?: string | null
    notes?: string | null
    meta?: Record<string, unknown>
    cardPaymentId?: number | null
  },
) {
  if (!Number.isInteger(p.amount) || p.amount <= 0)
    throw new Error(`Payment amounts are positive cents: ${p.amount}`)
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, p.invoiceId)).for('update')
  if (!inv) throw notFound('Invoice')
  if (CLOSED_INVOICE_STATUSES.includes(inv.status))
    throw conflict(`This invoice is ${inv.status}; it takes no more payments`)
  const [payment] = await tx
    .insert(invoicePayments)
    .values({
      agency_id: inv.agency_id,
      invoice_id: inv.id,
      method: p.method,
      payment_amount: p.amount,
      status: p.status,
      paid_at: p.status === 'COMPLETED' ? clock.now() : null,
      ref: p.ref ?? null,
      notes: p.notes ?? null,
      meta: p.meta ?? null,
      card_payment_id: p.cardPaymentId ?? null,
      created_by: identityOf(p.actor),
    })
    .returning()
  await recordInvoiceHistory(tx, {
    invoiceId: inv.id,
    invoicePaymentId: payment.id,
    action: p.status === 'COMPLETED' ? 'PAYMENT_RECEIVED' : 'PAYMENT_SUBMITTED',
    message: `Payment by ${paymentMethodInText(p.method)} of ${formatCents(p.amount)} ${p.status === 'COMPLETED' ? 'received' : 'submitted for verification'}`,
    actor: p.actor,
  })
  if (p.status === 'PENDING') return { payment, invoice: inv, overpaidCents: 0 }
  const settled = await settleInvoice(tx, inv.id, p.actor)
  const [withBalance] = await tx
    .update(invoicePayments)
    .set({
      balance_due: settled.invoice.total_outstanding_amount,
      balance_owed: settled.invoice.total_amount_owed,
    })
    .where(eq(invoicePayments.id, payment.id))
    .returning()
  return { payment: withBalance, invoice: settled.invoice, overpaidCents: settled.overpaidCents }
}

/**
 * A PENDING invoice payment is verified by staff: COMPLETED, invoice settled. Not PENDING: 409.
 */
export async function completeInvoicePayment(tx: DbOrTx, paymentId: number, actor: Actor | string) {
  const [pay] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, paymentId)).for('update')
  if (!pay) throw notFound('Invoice payment')
  if (pay.status !== 'PENDING')
    throw conflict(`This payment is ${pay.status}; only a PENDING payment can be completed`)
  await tx
    .update(invoicePayments)
    .set({ status: 'COMPLETED', paid_at: clock.now(), decided_by: identityOf(actor) })
    .where(eq(invoicePayments.id, paymentId))
  await recordInvoiceHistory(tx, {
    invoiceId: pay.invoice_id,
    invoicePaymentId: pay.id,
    action: 'PAYMENT_VERIFIED',
    message: `Payment by ${paymentMethodInText(pay.method)} of ${formatCents(pay.payment_amount)} verified`,
    actor,
  })
  const settled = await settleInvoice(tx, pay.invoice_id, actor)
  const [payment] = await tx
    .update(invoicePayments)
    .set({
      balance_due: settled.invoice.total_outstanding_amount,
      balance_owed: settled.invoice.total_amount_owed,
    })
    .where(eq(invoicePayments.id, paymentId))
    .returning()
  return { payment, invoice: settled.invoice, overpaidCents: settled.overpaidCents }
}
