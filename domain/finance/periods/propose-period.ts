import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict, invalidTransition } from '../../shared/errors'
import { monthTrialBalance } from './month-trial-balance'
import { assertEarlierMonthsClosed, lockPeriod, movePeriod } from './period-store'
import { periodView } from './period-view'
import { MonthSchema } from './periods.schemas'
import { PERIOD_MESSAGES, sydneyMonth } from './periods.rules'

/**
 * Proposes an ended month (Australia/Sydney) for closing, with its trial balance from the journal
 * as the snapshot the closer checks (staff with finance; issue 25). The maker of the close: another
 * person closes it. An OPEN or PROPOSED month (proposing again takes a fresh snapshot); 409 for a
 * month not ended, closed, or with an earlier month that has transfers still open.
 */
export const proposePeriod = defineUseCase(
  { staff: ['finance'] },
  async function proposePeriod(opts: { actor: StaffActor; month: string }) {
    const month = MonthSchema.parse(opts.month)
    if (month >= sydneyMonth(clock.now())) throw conflict(PERIOD_MESSAGES.notEnded(month))
    return getDb().transaction(async (tx) => {
      const row = await lockPeriod(tx, month)
      if (row.status !== 'OPEN' && row.status !== 'PROPOSED')
        throw invalidTransition(PERIOD_MESSAGES.state(month, row.status, 'proposed'))
      await assertEarlierMonthsClosed(tx, month)
      const trial = await monthTrialBalance(tx, month)
      const moved = await movePeriod(
        tx,
        row,
        'PROPOSED',
        {
          trial_balance: trial,
          proposed_by_identity_id: opts.actor.identityId,
          proposed_at: clock.now(),
          closed_by_identity_id: null,
          closed_at: null,
        },
        { kind: 'PROPOSED', identityId: opts.actor.identityId },
      )
      return periodView(tx, moved)
    })
  },
)
