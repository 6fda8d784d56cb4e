import { eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { invoiceLineItems, invoices } from '../../../db/schema'
import type { INVOICE_STATUSES, INVOICE_TYPES, LINE_ITEM_TYPES } from '../../../db/schema/enums'
import { clock } from '../../shared/clock'
import { businessDate } from '../../shared/business-date'
import { formatCents } from '../../shared/format'
import { INVOICE_TYPE_LABELS } from '../../shared/labels'
import { notify } from '../../notifications/notify'
import { agencyLinks } from '../../shared/links'

export type InvoiceType = (typeof INVOICE_TYPES)[number]
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export type LineItemType = (typeof LINE_ITEM_TYPES)[number]

/** The provider's side of an invoice ("{product}" in spec/02). */
export const PRODUCT_PARTY = 'OSHC'
export const AGENCY_PARTY = 'AGENCY'

export type NewLineItem = {
  line_item_type: LineItemType
  line_item_type_id?: number | null
  policy_id?: number | null
  description: string
  /** Gross amount in cents (tax inclusive). */
  total_amount: number
  /** Tax inside total_amount, in cents. */
  tax_amount?: number
  tax_rate?: string
  discount_rate?: string | null
  payer: string
  receiver: string
  link?: string | null
  meta?: Record<string, unknown>
}

/** An invoice to create: its parties, line items and dates. */
export type NewInvoice = {
  agencyId: number
  type: InvoiceType
  from: string
  to: string
  status?: InvoiceStatus
  items: NewLineItem[]
  createdBy?: number | null
  dueDate?: string | null
  notes?: string | null
  amendmentId?: number | null
  externalInvoiceId?: string | null
  /**
   * Tell the agency (INVOICE_CREATED): only for an invoice a person raised for the agency to act
   * on. The invoices the system raises by itself, as a by-product of a purchase, payout, refund,
   * clawback, top-up or amendment, notify nobody: the action that raised them has its own notice.
   */
  announce?: boolean
}

/**
 * The one way to create an invoice: the invoice and its line items in `tx`, totals computed from
 * the items (cents). `from`/`to` are the parties; a PENDING invoice is due in full.
 */
export async function createInvoice(tx: DbOrTx, inv: NewInvoice) {
  const subTotal = inv.items.reduce((s, i) => s + i.total_amount, 0)
  const tax = inv.items.reduce((s, i) => s + (i.tax_amount ?? 0), 0)
  const status = inv.status ?? 'PENDING'
  const [invoice] = await tx
    .insert(invoices)
    .values({
      agency_id: inv.agencyId,
      invoice_type: inv.type,
      from: inv.from,
      to: inv.to,
      status,
      sub_total: subTotal,
      tax_total: tax,
      total_amount_due: subTotal,
      total_outstanding_amount: status === 'PAID' ? 0 : subTotal,
      invoice_date: businessDate(clock.now()),
      due_date: inv.dueDate ?? null,
      notes: inv.notes ?? null,
      amendment_id: inv.amendmentId ?? null,
      external_invoice_id: inv.externalInvoiceId ?? null,
      created_by: inv.createdBy ?? null,
    })
    .returning()
  const items = await insertLineItems(tx, invoice, inv.items)
  // INVOICE_CREATED (spec/03 section 4): the agency learns of an issued invoice someone raised for it.
  if (inv.announce && status !== 'DRAFT')
    await notify(
      tx,
      {
        eventType: 'INVOICE_CREATED',
        title: `Invoice #${invoice.id}`,
        message: `${INVOICE_TYPE_LABELS[inv.type]} invoice of ${formatCents(subTotal)}`,
        link: agencyLinks.invoice(invoice.id),
        meta: { invoice_id: invoice.id },
      },
      { agencyId: inv.agencyId },
    )
  return { invoice, items }
}

/** The new invoice's line items (net = gross - tax), in `tx`; none for an empty list. */
async function insertLineItems(tx: DbOrTx, invoice: { id: number; agency_id: number }, items: NewLineItem[]) {
  if (!items.length) return []
  return tx
    .insert(invoiceLineItems)
    .values(
      items.map((i) => ({
        agency_id: invoice.agency_id,
        invoice_id: invoice.id,
        policy_id: i.policy_id ?? null,
        line_item_type: i.line_item_type,
        line_item_type_id: i.line_item_type_id ?? null,
        description: i.description,
        total_amount: i.total_amount,
        tax_amount: i.tax_amount ?? 0,
        net_amount: i.total_amount - (i.tax_amount ?? 0),
        tax_rate: i.tax_rate ?? '0',
        discount_rate: i.discount_rate ?? null,
        payer: i.payer,
        receiver: i.receiver,
        link: i.link ?? null,
        meta: i.meta ?? null,
      })),
    )
    .returning()
}

/**
 * After a line item changed (in `tx`, invoice locked by the caller): the invoice's sub-total, tax
 * and amount due become the sums of its line items again. Outstanding and status are then the
 * payments' business (settleInvoice).
 */
export async function recomputeInvoiceTotals(
  tx: DbOrTx,
  invoiceId: number,
  /** The person whose edit changed the amounts: recorded as the invoice's last changer (maker-checker). */
  changedBy?: number | null,
) {
  const [sums] = await tx
    .select({
      total: sql<number>`coalesce(sum(${invoiceLineItems.total_amount}), 0)::bigint`,
      tax: sql<number>`coalesce(sum(${invoiceLineItems.tax_amount}), 0)::bigint`,
    })
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoice_id, invoiceId))
  const total = Number(sums.total)
  const [invoice] = await tx
    .update(invoices)
    .set({
      sub_total: total,
      tax_total: Number(sums.tax),
      total_amount_due: total,
      ...(changedBy ? { updated_by: changedBy } : {}),
      updated_at: clock.now(),
    })
    .where(eq(invoices.id, invoiceId))
    .returning()
  return invoice
}

/** A DRAFT or CANCELLED invoice changes status without payments (void); nothing else may. */
export async function setInvoiceStatus(
  tx: DbOrTx,
  invoiceId: number,
  set: { status: 'PENDING' | 'CANCELLED'; cancellation_reasons?: string | null },
) {
  const [invoice] = await tx
    .update(invoices)
    .set({
      ...set,
      ...(set.status === 'CANCELLED' ? { total_outstanding_amount: 0 } : {}),
      updated_at: clock.now(),
    })
    .where(eq(invoices.id, invoiceId))
    .returning()
  return invoice
}

/**
 * Invoices that will not be paid (a re-priced policy's premium invoices) are CANCELLED with the
 * reason and owe nothing more; the caller picks the unpaid ones.
 */
export async function cancelUnpaidInvoices(tx: DbOrTx, invoiceIds: number[], reason: string) {
  await tx
    .update(invoices)
    .set({ status: 'CANCELLED', cancellation_reasons: reason, total_outstanding_amount: 0 })
    .where(inArray(invoices.id, invoiceIds))
}
