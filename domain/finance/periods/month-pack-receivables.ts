// The month-end pack's open receivables with ageing (issue 25, ADR 0019): what agencies owed at the
// month's end (Australia/Sydney). An invoice the agency pays (PREMIUM, TOPUP, BNPL_PAYMENT,
// CLAWBACK) dated on or before the month's last day and not a draft or cancelled counts; what was
// paid is what its journal account (`invoice:<id>:payments`) received by the month's end (posted
// credits less debits, decided before the end), so payments after the close do not move it. Aged
// by days past its due date (its invoice date without one) at the month's last day.
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { monthBounds } from './month-trial-balance'
import { monthDate } from './periods.rules'

export const RECEIVABLE_INVOICE_TYPES = ['PREMIUM', 'TOPUP', 'BNPL_PAYMENT', 'CLAWBACK'] as const

/** The ageing bucket of `days` past due. */
export function ageingBucket(days: number) {
  if (days <= 0) return 'Current'
  if (days <= 30) return '1-30 days'
  if (days <= 60) return '31-60 days'
  if (days <= 90) return '61-90 days'
  return 'Over 90 days'
}

export async function openReceivables(tx: DbOrTx, month: string) {
  const { end } = monthBounds(month)
  const lastDay = sql`((${monthDate(month)}::date + interval '1 month')::date - 1)`
  const { rows } = await tx.execute<Record<string, string | number | null>>(sql`
    select i.id as invoice_id, i.agency_id, coalesce(ag.full_company_name, ag.email) as agency, i.invoice_type,
      to_char(i.invoice_date, 'YYYY-MM-DD') as invoice_date, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
      i.total_amount_due as total_due, coalesce(paid.cents, 0) as paid,
      (${lastDay} - coalesce(i.due_date, i.invoice_date))::int as days_past_due
    from invoices i
    join agencies ag on ag.id = i.agency_id
    left join lateral (
      select sum(case when t.credit_account_id = a.id then t.amount else -t.amount end) as cents
      from money_accounts a join money_transfers t on a.id in (t.debit_account_id, t.credit_account_id)
      where a.code = 'invoice:' || i.id || ':payments' and t.state = 'POSTED' and t.decided_at < ${end}
    ) paid on true
    where i.invoice_type in (${sql.join(
      RECEIVABLE_INVOICE_TYPES.map((t) => sql`${t}`),
      sql`, `,
    )})
      and i.status not in ('DRAFT', 'CANCELLED') and i.invoice_date <= ${lastDay}
      and i.total_amount_due > coalesce(paid.cents, 0)
    order by days_past_due desc, i.id`)
  return rows.map((r) => {
    const [due, paid] = [Number(r.total_due), Number(r.paid)]
    const days = Number(r.days_past_due)
    return {
      ...r,
      total_due: due,
      paid,
      outstanding: due - paid,
      days_past_due: days,
      bucket: ageingBucket(days),
    }
  })
}
