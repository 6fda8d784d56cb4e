// One payout as its pages read it: the payout with its agency, lines, invoice and timeline.
import { and, asc, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { agencies, commissionPayouts, financeRequestHistories, invoices } from '../../../db/schema'
import { notFound } from '../../shared/errors'
import { fromCents } from '../../shared/money'
import { payoutLinesQuery, presentPayout, presentPayoutLine } from './payout-listing'

/**
 * A payout with its agency, lines, invoice and history. `agencyVisibleOnly` keeps the timeline
 * rows meant for the agency. 404 when missing or (`agencyId`) of another agency.
 */
export async function loadPayoutDetail(
  payoutId: number,
  opts: { agencyId?: number; agencyVisibleOnly: boolean },
  db: DbOrTx = getDb(),
) {
  const [row] = await db
    .select({
      payout: commissionPayouts,
      agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
      invoice: { id: invoices.id, status: invoices.status, total_amount_due: invoices.total_amount_due },
    })
    .from(commissionPayouts)
    .innerJoin(agencies, eq(agencies.id, commissionPayouts.agency_id))
    .leftJoin(invoices, eq(invoices.id, commissionPayouts.invoice_id))
    .where(eq(commissionPayouts.id, payoutId))
  if (!row || (opts.agencyId !== undefined && row.payout.agency_id !== opts.agencyId))
    throw notFound('Commission payout')
  const [lines, history] = await Promise.all([
    payoutLinesQuery({ commission_payout_payment_id: payoutId }, row.payout.agency_id),
    payoutHistory(payoutId, opts.agencyVisibleOnly, db),
  ])
  return {
    ...presentPayout(row.payout),
    agency: row.agency,
    invoice: row.invoice
      ? { ...row.invoice, total_amount_due: fromCents(row.invoice.total_amount_due) }
      : null,
    lines: lines.map(presentPayoutLine),
    history,
  }
}

/** The payout's timeline, oldest first. */
export async function payoutHistory(payoutId: number, agencyVisibleOnly: boolean, db: DbOrTx = getDb()) {
  const rows = await db
    .select()
    .from(financeRequestHistories)
    .where(
      and(
        eq(financeRequestHistories.request_type, 'COMMISSION_PAYOUT'),
        eq(financeRequestHistories.request_id, payoutId),
        agencyVisibleOnly ? eq(financeRequestHistories.agency_visible, true) : undefined,
      ),
    )
    .orderBy(asc(financeRequestHistories.created_at), asc(financeRequestHistories.id))
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    from_status: h.from_status,
    to_status: h.to_status,
    actor: h.actor,
    note: h.note,
    meta: h.meta,
    created_at: h.created_at,
  }))
}
