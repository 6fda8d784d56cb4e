// The rows of accounting_periods and their events (issue 25): written only here, in the use cases'
// transactions. A month without a row is OPEN.
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import {
  accountingPeriodEvents,
  accountingPeriods,
  FROZEN_PERIOD_STATUSES,
  type PeriodEventKind,
  type PeriodStatus,
} from '../../../db/schema/periods'
import { clock } from '../../shared/clock'
import { conflict } from '../../shared/errors'
import { monthBounds } from './month-trial-balance'
import { monthDate, monthOfDate, PERIOD_MESSAGES } from './periods.rules'

export type PeriodRow = typeof accountingPeriods.$inferSelect

/** The month's row, created OPEN when missing, locked for the caller's transaction. */
export async function lockPeriod(tx: DbOrTx, month: string): Promise<PeriodRow> {
  await tx
    .insert(accountingPeriods)
    .values({ month: monthDate(month) })
    .onConflictDoNothing({ target: accountingPeriods.month })
  const [row] = await tx
    .select()
    .from(accountingPeriods)
    .where(eq(accountingPeriods.month, monthDate(month)))
    .for('update')
  return row!
}

/** Moves the month to `status` with `patch`, and records the step in its audit. */
export async function movePeriod(
  tx: DbOrTx,
  row: PeriodRow,
  status: PeriodStatus,
  patch: Partial<typeof accountingPeriods.$inferInsert>,
  event: { kind: PeriodEventKind; identityId: number; reason?: string | null },
) {
  const now = clock.now()
  const [updated] = await tx
    .update(accountingPeriods)
    .set({ ...patch, status, updated_at: now })
    .where(eq(accountingPeriods.id, row.id))
    .returning()
  await tx.insert(accountingPeriodEvents).values({
    period_id: row.id,
    kind: event.kind,
    identity_id: event.identityId,
    reason: event.reason ?? null,
    created_at: now,
  })
  return updated!
}

/**
 * Months close in order: refused (409) while an earlier month that has money transfers is not
 * closed, since the closing position of this one would still move with it.
 */
export async function assertEarlierMonthsClosed(tx: DbOrTx, month: string) {
  const { start } = monthBounds(month)
  const { rows } = await tx.execute<{ month: string }>(sql`
    select to_char(m, 'YYYY-MM') as month from (
      select distinct date_trunc('month', t.created_at at time zone 'Australia/Sydney')::date as m
      from money_transfers t where t.created_at < ${start}
    ) months
    where not exists (
      select 1 from accounting_periods p where p.month = months.m
        and p.status in (${sql.join(
          FROZEN_PERIOD_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}))
    order by m limit 1`)
  if (rows[0]) throw conflict(PERIOD_MESSAGES.earlierOpen(month, rows[0].month))
}

/** Months reopen in reverse order: refused (409) while a later month is closed. */
export async function assertLaterMonthsOpen(tx: DbOrTx, month: string) {
  const [later] = await tx
    .select({ month: accountingPeriods.month })
    .from(accountingPeriods)
    .where(
      and(
        gt(accountingPeriods.month, monthDate(month)),
        inArray(accountingPeriods.status, [...FROZEN_PERIOD_STATUSES]),
      ),
    )
    .orderBy(desc(accountingPeriods.month))
    .limit(1)
  if (later) throw conflict(PERIOD_MESSAGES.laterClosed(month, monthOfDate(later.month)))
}

/** Every month with a row, newest first (at most `limit`), before `beforeMonth` when given. */
export function listPeriodRows(tx: DbOrTx, limit: number, beforeMonth?: string) {
  return tx
    .select()
    .from(accountingPeriods)
    .where(beforeMonth ? lt(accountingPeriods.month, monthDate(beforeMonth)) : undefined)
    .orderBy(desc(accountingPeriods.month))
    .limit(limit)
}

/** The audit of one month, oldest first, with who did each step. */
export async function periodEvents(tx: DbOrTx, periodId: number) {
  return tx
    .select()
    .from(accountingPeriodEvents)
    .where(eq(accountingPeriodEvents.period_id, periodId))
    .orderBy(accountingPeriodEvents.id)
}
