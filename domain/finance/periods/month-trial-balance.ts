// The trial balance of one month from the money journal (issue 25, ADR 0019), per account kind, in
// integer cents. A transfer counts in the month of its decided_at: a POSTED transfer written by
// postTransfers is decided when created, and a PENDING one posted later counts on the day it was
// posted (an open month). So once a month is closed (the trigger of migration 0041 refuses
// anything created or decided in it) and every earlier month is too, these figures never change.
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { MONEY_ACCOUNT_KINDS } from '../../../db/schema/journal'
import { accountKindLabel } from '../../money/labels'
import { monthDate } from './periods.rules'

export type MonthFigures = {
  /** Posted in the month (decided_at within it). */
  month_debits: number
  month_credits: number
  /** Posted up to the month's end: the closing position. */
  closing_debits: number
  closing_credits: number
  /** Pending at the month's end: created before it ends and not decided by then. */
  pending_debits: number
  pending_credits: number
}
export type MonthTrialBalance = {
  month: string
  kinds: (MonthFigures & { kind: string; label: string })[]
  total: MonthFigures
  balanced: boolean
}

const FIGURES = [
  'month_debits',
  'month_credits',
  'closing_debits',
  'closing_credits',
  'pending_debits',
  'pending_credits',
] as const

/** `[start, end)` of a month in Australia/Sydney, as SQL timestamptz expressions. */
export const monthBounds = (month: string) => ({
  start: sql`(${monthDate(month)}::date)::timestamp at time zone 'Australia/Sydney'`,
  end: sql`((${monthDate(month)}::date + interval '1 month')::date)::timestamp at time zone 'Australia/Sydney'`,
})

const kindOrder = (kind: string) => {
  const i = (MONEY_ACCOUNT_KINDS as readonly string[]).indexOf(kind)
  return i < 0 ? MONEY_ACCOUNT_KINDS.length : i
}

/** The month's trial balance (see the file comment); `month` is `YYYY-MM`. */
export async function monthTrialBalance(tx: DbOrTx, month: string): Promise<MonthTrialBalance> {
  const { start, end } = monthBounds(month)
  const { rows } = await tx.execute<{ kind: string } & Record<(typeof FIGURES)[number], string>>(sql`
    with s as (
      select a.kind, t.amount, t.state, t.created_at, t.decided_at, (a.id = t.debit_account_id) as debit
      from money_transfers t
      join money_accounts a on a.id in (t.debit_account_id, t.credit_account_id)
      where t.created_at < ${end}
    )
    select kind,
      coalesce(sum(amount) filter (where debit and state = 'POSTED' and decided_at >= ${start} and decided_at < ${end}), 0) as month_debits,
      coalesce(sum(amount) filter (where not debit and state = 'POSTED' and decided_at >= ${start} and decided_at < ${end}), 0) as month_credits,
      coalesce(sum(amount) filter (where debit and state = 'POSTED' and decided_at < ${end}), 0) as closing_debits,
      coalesce(sum(amount) filter (where not debit and state = 'POSTED' and decided_at < ${end}), 0) as closing_credits,
      coalesce(sum(amount) filter (where debit and (decided_at is null or decided_at >= ${end})), 0) as pending_debits,
      coalesce(sum(amount) filter (where not debit and (decided_at is null or decided_at >= ${end})), 0) as pending_credits
    from s group by kind`)
  const total = Object.fromEntries(FIGURES.map((f) => [f, 0])) as MonthFigures
  const kinds = rows
    .map((r) => {
      const figures = Object.fromEntries(FIGURES.map((f) => [f, Number(r[f])])) as MonthFigures
      for (const f of FIGURES) total[f] += figures[f]
      return { kind: r.kind, label: accountKindLabel(r.kind), ...figures }
    })
    .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.kind.localeCompare(b.kind))
  const balanced =
    total.month_debits === total.month_credits &&
    total.closing_debits === total.closing_credits &&
    total.pending_debits === total.pending_credits
  return { month, kinds, total, balanced }
}

/** The figures alone, to compare a proposal's snapshot with the journal now. */
export const sameFigures = (a: MonthTrialBalance, b: MonthTrialBalance) => {
  const key = (t: MonthTrialBalance) =>
    JSON.stringify(t.kinds.map((k) => [k.kind, ...FIGURES.map((f) => k[f])]))
  return key(a) === key(b)
}
