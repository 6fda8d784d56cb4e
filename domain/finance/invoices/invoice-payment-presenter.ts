// How invoice payments, their documents and an invoice's history read in API answers and screens
// (amounts as AUD decimals).
import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { invoicePaymentDocuments, invoicePayments, type invoiceHistories } from '../../../db/schema'
import { fromCents } from '../../shared/money'

type PaymentRow = typeof invoicePayments.$inferSelect
type DocumentRow = typeof invoicePaymentDocuments.$inferSelect
type HistoryRow = typeof invoiceHistories.$inferSelect

export function presentPaymentDocument(d: DocumentRow) {
  return {
    id: d.id,
    invoice_payment_id: d.invoice_payment_id,
    invoice_id: d.invoice_id,
    name: d.name,
    url: d.url,
    status: d.status,
    rejection_reason: d.rejection_reason,
    uploaded_by: d.uploaded_by,
    decided_by: d.decided_by,
    created_at: d.created_at,
  }
}

export function presentInvoicePayment(p: PaymentRow, documents: DocumentRow[] = []) {
  return {
    id: p.id,
    agency_id: p.agency_id,
    invoice_id: p.invoice_id,
    method: p.method,
    ref: p.ref,
    status: p.status,
    payment_amount: fromCents(p.payment_amount),
    balance_due: p.balance_due === null ? null : fromCents(p.balance_due),
    balance_owed: p.balance_owed === null ? null : fromCents(p.balance_owed),
    paid_at: p.paid_at,
    notes: p.notes,
    meta: p.meta,
    card_payment_id: p.card_payment_id,
    created_by: p.created_by,
    decided_by: p.decided_by,
    created_at: p.created_at,
    documents: documents.map(presentPaymentDocument),
  }
}

export function presentInvoiceHistory(h: HistoryRow) {
  return {
    id: h.id,
    invoice_id: h.invoice_id,
    invoice_payment_id: h.invoice_payment_id,
    action: h.action,
    message: h.message,
    note_title: h.note_title,
    note: h.note,
    from_status: h.from_status,
    to_status: h.to_status,
    actor: h.actor,
    actor_id: h.actor_id,
    created_at: h.created_at,
  }
}

/** Payments (newest first) with their documents, for the given invoices or payment ids. */
export async function paymentsWithDocuments(
  db: DbOrTx,
  where: { invoiceId: number } | { paymentIds: number[] },
) {
  const payments =
    'invoiceId' in where
      ? await db
          .select()
          .from(invoicePayments)
          .where(eq(invoicePayments.invoice_id, where.invoiceId))
          .orderBy(desc(invoicePayments.created_at), desc(invoicePayments.id))
      : where.paymentIds.length
        ? await db.select().from(invoicePayments).where(inArray(invoicePayments.id, where.paymentIds))
        : []
  const docs = payments.length
    ? await db
        .select()
        .from(invoicePaymentDocuments)
        .where(
          inArray(
            invoicePaymentDocuments.invoice_payment_id,
            payments.map((p) => p.id),
          ),
        )
        .orderBy(asc(invoicePaymentDocuments.id))
    : []
  return payments.map((p) =>
    presentInvoicePayment(
      p,
      docs.filter((d) => d.invoice_payment_id === p.id),
    ),
  )
}

export type PresentedInvoicePayment = ReturnType<typeof presentInvoicePayment>
