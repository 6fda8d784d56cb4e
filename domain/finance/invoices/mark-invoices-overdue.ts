import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { notify, recipients } from '../../notifications/notify'
import { businessDay } from '../../shared/clock'
import { formatCents, formatDate } from '../../shared/format'
import { recordInvoiceHistory } from './invoice-payments'
import { agencyLinks, staffLinks } from '../../shared/links'

/** Who the history rows name for this job. */
export const INVOICES_OVERDUE_ACTOR = 'schedule:invoices-overdue'

const BATCH = 500

/** The calendar date (YYYY-MM-DD) that `now` falls on in `timeZone`. */
export const businessDate = (now: Date, timeZone: string): string => businessDay(now, timeZone)

type Moved = {
  id: number
  agency_id: number
  agency_name: string | null
  from_status: string
  due_date: string
  total_outstanding_amount: number
}

/**
 * The daily overdue job (schedule `invoices-overdue`): every PENDING or PARTIALLY_PAID invoice
 * whose due_date is before today's business date becomes OVERDUE, with its history row and a
 * notification to the agency and one to the staff holding `finance`, in one transaction per batch. Idempotent: an OVERDUE invoice is
 * no longer selected, so a retried or repeated run changes nothing. The row lock makes a payment
 * that lands at the same moment win (the row is re-checked once the payment commits).
 */
export async function markInvoicesOverdue(deps: { db: Db; now: Date; timeZone: string }) {
  const today = businessDate(deps.now, deps.timeZone)
  let overdue = 0
  for (;;) {
    const moved = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.execute<Moved>(sql`
        with due as (
          select id, status from invoices
          where due_date < ${today}::date and status in ('PENDING', 'PARTIALLY_PAID')
          order by id
          limit ${BATCH}
          for update
        )
        update invoices i
        set status = 'OVERDUE', updated_at = ${deps.now.toISOString()}::timestamptz
        from due
        where i.id = due.id
        returning i.id, i.agency_id, due.status::text as from_status, i.due_date::text as due_date,
          i.total_outstanding_amount,
          (select a.full_company_name from agencies a where a.id = i.agency_id) as agency_name`)
      const finance = rows.length ? await recipients(tx, { staffPermission: 'finance' }) : []
      for (const inv of rows) {
        await recordInvoiceHistory(tx, {
          invoiceId: inv.id,
          action: 'STATUS_CHANGED',
          message: `Invoice ${inv.from_status} -> OVERDUE`,
          actor: INVOICES_OVERDUE_ACTOR,
          fromStatus: inv.from_status,
          toStatus: 'OVERDUE',
          note: `Not settled by its due date, ${formatDate(inv.due_date)}`,
        })
        await notify(
          tx,
          {
            eventType: 'INVOICE_OVERDUE',
            title: `Invoice #${inv.id} is overdue`,
            message: `Invoice #${inv.id} was due on ${formatDate(inv.due_date)}; ${formatCents(Number(inv.total_outstanding_amount))} is outstanding.`,
            link: agencyLinks.invoice(inv.id),
            meta: { invoice_id: inv.id },
          },
          { agencyId: inv.agency_id },
        )
        await notify(
          tx,
          {
            eventType: 'INVOICE_OVERDUE',
            title: `Invoice #${inv.id} of ${inv.agency_name ?? 'an agency'} is overdue`,
            message: `Due on ${formatDate(inv.due_date)}; ${formatCents(Number(inv.total_outstanding_amount))} is outstanding.`,
            link: staffLinks.invoice(inv.id),
            meta: { invoice_id: inv.id, agency_id: inv.agency_id },
          },
          { identityIds: finance },
        )
      }
      return rows.length
    })
    overdue += moved
    if (moved < BATCH) return { overdue }
  }
}
