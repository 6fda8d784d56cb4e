import { and, desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { invoicePayments, invoices } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { fromCents } from '../shared/money'
import { pageInfo } from '../shared/pagination'
import { assertAgencyAccess } from '../agencies/agency-access'

/**
 * getClawbackTransactionForAgency/{agency_id}: the ledger of clawback payments, newest first: every
 * completed payment on the agency's CLAWBACK invoices (bank transfers, balance debits, banked
 * commission netted, payout offsets) with its method, amount, receipt and what was left due after it.
 */
export const findClawbackTransactions = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findClawbackTransactions(opts: {
    actor: Actor
    agencyId: number
    input: { page: number; perPage: number }
  }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    const { page, perPage } = opts.input
    const rows = await getDb()
      .select({
        p: invoicePayments,
        invoice_id: invoices.id,
        total: sql<number>`count(*) over()::int`,
      })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoice_id))
      .where(
        and(
          eq(invoices.agency_id, agency.id),
          eq(invoices.invoice_type, 'CLAWBACK'),
          eq(invoicePayments.status, 'COMPLETED'),
        ),
      )
      .orderBy(desc(invoicePayments.id))
      .limit(perPage)
      .offset((page - 1) * perPage)
    return {
      items: rows.map((r) => ({
        id: r.p.id,
        invoice_id: r.invoice_id,
        method: r.p.method,
        transaction_amount: fromCents(r.p.payment_amount),
        balance_due: fromCents(r.p.balance_due ?? 0),
        ref: r.p.ref,
        notes: r.p.notes,
        clawback_id: (r.p.meta as { clawback_id?: number } | null)?.clawback_id ?? null,
        paid_at: r.p.paid_at,
      })),
      pageInfo: pageInfo(page, perPage, rows[0]?.total ?? 0),
    }
  },
)
