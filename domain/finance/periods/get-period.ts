import { eq, inArray } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { accountingPeriods, identities } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { monthTrialBalance } from './month-trial-balance'
import { periodEvents } from './period-store'
import { periodView } from './period-view'
import { MonthSchema } from './periods.schemas'
import { monthDate, monthLabel } from './periods.rules'

const EVENT_LABELS: Record<string, string> = {
  PROPOSED: 'Proposed for closing',
  CLOSED: 'Closed',
  REOPEN_REQUESTED: 'Reopening requested',
  REOPENED: 'Reopened',
}

/**
 * One month (staff with finance; issue 25): its status, the trial balance from the journal now
 * (`trial`, cents) beside the one proposed or closed with (`period.trial_balance`), and its audit.
 */
export const getPeriod = defineUseCase(
  { staff: ['finance'] },
  async function getPeriod(opts: { actor: Actor; month: string }) {
    const month = MonthSchema.parse(opts.month)
    const db = getDb()
    const [row] = await db
      .select()
      .from(accountingPeriods)
      .where(eq(accountingPeriods.month, monthDate(month)))
    const trial = await monthTrialBalance(db, month)
    if (!row)
      return {
        period: null,
        month,
        label: monthLabel(month),
        trial,
        events: [],
        can_close: false,
        can_confirm_reopen: false,
      }
    const events = await periodEvents(db, row.id)
    const ids = [...new Set(events.map((e) => e.identity_id))]
    const people = ids.length
      ? await db
          .select({ id: identities.id, email: identities.email })
          .from(identities)
          .where(inArray(identities.id, ids))
      : []
    const email = new Map(people.map((p) => [p.id, p.email]))
    const me = 'identityId' in opts.actor ? opts.actor.identityId : null
    return {
      period: await periodView(db, row),
      /** Maker-checker: whoever proposed may not close, whoever asked to reopen may not confirm. */
      can_close: row.status === 'PROPOSED' && row.proposed_by_identity_id !== me,
      can_confirm_reopen: row.status === 'REOPEN_REQUESTED' && row.reopen_requested_by_identity_id !== me,
      month,
      label: monthLabel(month),
      trial,
      events: events.map((e) => ({
        kind: e.kind,
        label: EVENT_LABELS[e.kind] ?? e.kind,
        by: email.get(e.identity_id) ?? null,
        reason: e.reason,
        at: e.created_at,
      })),
    }
  },
)
