import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict, forbidden, invalidTransition } from '../../shared/errors'
import { MAKER_CHECKER_MSG } from '../finance.rules'
import { monthTrialBalance, sameFigures, type MonthTrialBalance } from './month-trial-balance'
import { assertEarlierMonthsClosed, lockPeriod, movePeriod } from './period-store'
import { periodView } from './period-view'
import { MonthSchema } from './periods.schemas'
import { PERIOD_MESSAGES } from './periods.rules'

/**
 * Closes a PROPOSED month (staff with finance and a fresh second factor; issue 25): the checker, so
 * whoever proposed it may not (403). The journal's trial balance must still be the proposed one
 * (409 otherwise: propose again), and every earlier month with transfers closed. From then on the
 * trigger of migration 0041 refuses any transfer created or decided in the month.
 */
export const closePeriod = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function closePeriod(opts: { actor: StaffActor; month: string }) {
    const month = MonthSchema.parse(opts.month)
    return getDb().transaction(async (tx) => {
      const row = await lockPeriod(tx, month)
      if (row.status !== 'PROPOSED')
        throw invalidTransition(PERIOD_MESSAGES.state(month, row.status, 'closed'))
      if (row.proposed_by_identity_id === opts.actor.identityId) throw forbidden(MAKER_CHECKER_MSG)
      await assertEarlierMonthsClosed(tx, month)
      const trial = await monthTrialBalance(tx, month)
      if (!sameFigures(trial, row.trial_balance as MonthTrialBalance))
        throw conflict(PERIOD_MESSAGES.changed(month))
      const moved = await movePeriod(
        tx,
        row,
        'CLOSED',
        { closed_by_identity_id: opts.actor.identityId, closed_at: clock.now() },
        { kind: 'CLOSED', identityId: opts.actor.identityId },
      )
      return periodView(tx, moved)
    })
  },
)
