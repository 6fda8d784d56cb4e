import { sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { listPeriodRows } from './period-store'
import { periodViews } from './period-view'
import { monthLabel, sydneyMonth } from './periods.rules'

const MAX_MONTHS = 120

/** `2019-03` -> `2019-02`. */
const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
}

/**
 * The months of the journal, newest first (staff with finance; issue 25): every ended month from
 * the first transfer's to the last one ended (Australia/Sydney), at most 120, each OPEN unless a
 * row says otherwise; `current` is the open month now running (it cannot be proposed yet).
 */
export const findPeriods = defineUseCase(
  { staff: ['finance'] },
  async function findPeriods(_opts: { actor: Actor }) {
    const db = getDb()
    const current = sydneyMonth(clock.now())
    const [{ rows: first }, rows] = await Promise.all([
      db.execute<{ month: string | null }>(
        sql`select to_char(min(created_at) at time zone 'Australia/Sydney', 'YYYY-MM') as month from money_transfers`,
      ),
      listPeriodRows(db, MAX_MONTHS, current),
    ])
    const views = new Map((await periodViews(db, rows)).map((v) => [v.month, v]))
    const earliest = [first[0]?.month, ...views.keys()].filter((m): m is string => !!m).sort()[0] ?? current
    const months = []
    for (let m = previousMonth(current); m >= earliest && months.length < MAX_MONTHS; m = previousMonth(m))
      months.push(views.get(m) ?? openMonth(m))
    return { current, current_label: monthLabel(current), months }
  },
)

const openMonth = (month: string) => ({
  month,
  label: monthLabel(month),
  status: 'OPEN' as const,
  status_label: 'Open',
  closed: false,
  trial_balance: null,
  proposed_by: null,
  proposed_at: null,
  closed_by: null,
  closed_at: null,
  reopen_requested_by: null,
  reopen_reason: null,
})
