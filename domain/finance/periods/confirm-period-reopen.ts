import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { forbidden, invalidTransition } from '../../shared/errors'
import { MAKER_CHECKER_MSG } from '../finance.rules'
import { assertLaterMonthsOpen, lockPeriod, movePeriod } from './period-store'
import { periodView } from './period-view'
import { MonthSchema } from './periods.schemas'
import { PERIOD_MESSAGES } from './periods.rules'

/**
 * Confirms a request to reopen a month (staff with finance and a fresh second factor; issue 25):
 * not by whoever asked (403). The month is OPEN again and must be proposed and closed anew; the
 * request, its reason and this confirmation stay in the month's audit. 409 unless REOPEN_REQUESTED.
 */
export const confirmPeriodReopen = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function confirmPeriodReopen(opts: { actor: StaffActor; month: string }) {
    const month = MonthSchema.parse(opts.month)
    return getDb().transaction(async (tx) => {
      const row = await lockPeriod(tx, month)
      if (row.status !== 'REOPEN_REQUESTED')
        throw invalidTransition(PERIOD_MESSAGES.state(month, row.status, 'reopened'))
      if (row.reopen_requested_by_identity_id === opts.actor.identityId) throw forbidden(MAKER_CHECKER_MSG)
      await assertLaterMonthsOpen(tx, month)
      const moved = await movePeriod(
        tx,
        row,
        'OPEN',
        {
          trial_balance: null,
          proposed_by_identity_id: null,
          proposed_at: null,
          closed_by_identity_id: null,
          closed_at: null,
          reopen_requested_by_identity_id: null,
          reopen_reason: null,
        },
        { kind: 'REOPENED', identityId: opts.actor.identityId, reason: row.reopen_reason },
      )
      return periodView(tx, moved)
    })
  },
)
