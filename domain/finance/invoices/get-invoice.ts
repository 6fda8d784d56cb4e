import { asc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  agencies,
  commissionPayouts,
  invoiceHistories,
  invoiceLineItems,
  invoices,
  policies,
} from '../../../db/schema'
import { isAgencySide, type Actor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { fromCents } from '../../shared/money'
import { pendingApprovalSql, presentInvoice } from './invoice-listing'
import { defineUseCase } from '../../shared/authorize'
import { paymentsWithDocuments, presentInvoiceHistory } from './invoice-payment-presenter'

type LineItemRow = typeof invoiceLineItems.$inferSelect

/** A line item with amounts as AUD decimals. */
export function presentLineItem(li: LineItemRow, policyRef: string | null = null) {
  return {
    id: li.id,
    agency_id: li.agency_id,
    policy_id: li.policy_id,
    policy_ref: policyRef,
    invoice_id: li.invoice_id,
    line_item_type: li.line_item_type,
    line_item_type_id: li.line_item_type_id,
    description: li.description,
    discount_rate: li.discount_rate,
    tax_rate: li.tax_rate,
    tax_amount: fromCents(li.tax_amount),
    net_amount: fromCents(li.net_amount),
    total_amount: fromCents(li.total_amount),
    is_tax_inclusive: li.is_tax_inclusive,
    is_linked_to_invoice: li.is_linked_to_invoice,
    link: li.link,
    meta: li.meta,
    payer: li.payer,
    receiver: li.receiver,
    is_commission_banked: li.is_commission_banked,
    created_at: li.created_at,
  }
}

/**
 * getInvoiceById: an invoice with its agency, line items (with policy refs), payments (newest
 * first, with their documents), history (oldest first) and the payout it bills, if any. Staff
 * with finance for any; the agency side (finance or purchase) for its own, otherwise 404.
 */
export const getInvoice = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getInvoice(opts: { actor: Actor; invoiceId: number }) {
    const db = getDb()
    const [row] = await db
      .select({
        invoice: invoices,
        agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
        pending_approval: sql<boolean>`${pendingApprovalSql}`,
      })
      .from(invoices)
      .innerJoin(agencies, eq(agencies.id, invoices.agency_id))
      .where(eq(invoices.id, opts.invoiceId))
    if (!row) throw notFound('Invoice')
    if (isAgencySide(opts.actor) && opts.actor.agencyId !== row.invoice.agency_id) throw notFound('Invoice')
    const [items, payments, histories, payouts] = await Promise.all([
      db
        .select({ li: invoiceLineItems, policy_ref: policies.ref })
        .from(invoiceLineItems)
        .leftJoin(policies, eq(policies.id, invoiceLineItems.policy_id))
        .where(eq(invoiceLineItems.invoice_id, row.invoice.id))
        .orderBy(asc(invoiceLineItems.id)),
      paymentsWithDocuments(db, { invoiceId: row.invoice.id }),
      db
        .select()
        .from(invoiceHistories)
        .where(eq(invoiceHistories.invoice_id, row.invoice.id))
        .orderBy(asc(invoiceHistories.created_at), asc(invoiceHistories.id)),
      db
        .select({ id: commissionPayouts.id })
        .from(commissionPayouts)
        .where(eq(commissionPayouts.invoice_id, row.invoice.id))
        .orderBy(asc(commissionPayouts.id))
        .limit(1),
    ])
    return {
      ...presentInvoice(row.invoice),
      agency: row.agency,
      pending_approval: row.pending_approval,
      line_items: items.map((r) => presentLineItem(r.li, r.policy_ref)),
      payments,
      histories: histories.map(presentInvoiceHistory),
      /** The commission payout this invoice bills (a COMMISSION invoice), null otherwise. */
      payout_id: payouts[0]?.id ?? null,
    }
  },
)
