import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { invoicePayments } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { pageInfo } from '../../shared/pagination'
import { defineUseCase } from '../../shared/authorize'
import { invoiceScope } from './invoice-listing'
import { paymentsWithDocuments } from './invoice-payment-presenter'
import type { InvoicePaymentListInput } from './invoices.schemas'

/**
 * invoice-payment/getAllInvoicePayments: invoice payments with their documents, newest first by
 * default, filtered by agency, invoice, status and method, paged. Staff with finance: any agency;
 * the agency side (finance or purchase): its own (naming another agency is 404).
 */
export const findInvoicePayments = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findInvoicePayments(opts: {
    actor: Actor
    input: InvoicePaymentListInput & { page: number; perPage: number }
  }) {
    const { input } = opts
    const agencyId = await invoiceScope(opts.actor, input.agency_id)
    const w: (SQL | undefined)[] = []
    if (agencyId !== undefined) w.push(eq(invoicePayments.agency_id, agencyId))
    if (input.invoice_id) w.push(eq(invoicePayments.invoice_id, input.invoice_id))
    if (input.status) w.push(eq(invoicePayments.status, input.status))
    if (input.method) w.push(eq(invoicePayments.method, input.method))
    const dir = input.sort_direction === 'asc' ? asc : desc
    const db = getDb()
    const rows = await db
      .select({ id: invoicePayments.id, total: sql<number>`count(*) over()::int` })
      .from(invoicePayments)
      .where(and(...w))
      .orderBy(dir(invoicePayments.created_at), dir(invoicePayments.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    const payments = await paymentsWithDocuments(db, { paymentIds: rows.map((r) => r.id) })
    const byId = new Map(payments.map((p) => [p.id, p]))
    return {
      items: rows.flatMap((r) => byId.get(r.id) ?? []),
      pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0),
    }
  },
)
