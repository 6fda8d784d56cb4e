// A month as the screens and the API show it: status with its words, who did each step (e-mail).
import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { identities } from '../../../db/schema'
import type { PeriodStatus } from '../../../db/schema/periods'
import type { MonthTrialBalance } from './month-trial-balance'
import type { PeriodRow } from './period-store'
import { isFrozen, monthLabel, monthOfDate, PERIOD_STATUS_LABELS } from './periods.rules'

export type PeriodView = ReturnType<typeof present>

const present = (r: PeriodRow, email: (id: number | null) => string | null) => ({
  month: monthOfDate(r.month),
  label: monthLabel(monthOfDate(r.month)),
  status: r.status as PeriodStatus,
  status_label: PERIOD_STATUS_LABELS[r.status as PeriodStatus],
  closed: isFrozen(r.status as PeriodStatus),
  /** The trial balance proposed (cents); for a closed month, the one it closed with. */
  trial_balance: (r.trial_balance ?? null) as MonthTrialBalance | null,
  proposed_by: email(r.proposed_by_identity_id),
  proposed_at: r.proposed_at,
  closed_by: email(r.closed_by_identity_id),
  closed_at: r.closed_at,
  reopen_requested_by: email(r.reopen_requested_by_identity_id),
  reopen_reason: r.reopen_reason,
})

/** The rows presented, with the e-mails of the people named on them. */
export async function periodViews(tx: DbOrTx, rows: PeriodRow[]) {
  const ids = [
    ...new Set(
      rows.flatMap((r) => [
        r.proposed_by_identity_id,
        r.closed_by_identity_id,
        r.reopen_requested_by_identity_id,
      ]),
    ),
  ].filter((id): id is number => id !== null)
  const people = ids.length
    ? await tx
        .select({ id: identities.id, email: identities.email })
        .from(identities)
        .where(inArray(identities.id, ids))
    : []
  const emails = new Map(people.map((p) => [p.id, p.email]))
  return rows.map((r) => present(r, (id) => (id === null ? null : (emails.get(id) ?? null))))
}

export async function periodView(tx: DbOrTx, row: PeriodRow) {
  return (await periodViews(tx, [row]))[0]!
}
