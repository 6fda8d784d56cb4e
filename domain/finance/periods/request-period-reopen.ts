import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { invalidTransition } from '../../shared/errors'
import { assertLaterMonthsOpen, lockPeriod, movePeriod } from './period-store'
import { periodView } from './period-view'
import { MonthSchema, ReopenRequestSchema, type ReopenRequestInput } from './periods.schemas'
import { PERIOD_MESSAGES } from './periods.rules'

/**
 * Asks to reopen a CLOSED month, with the reason (staff with finance; issue 25). The month stays
 * closed until another person confirms (confirmPeriodReopen). 409 unless CLOSED or while a later
 * month is closed (months reopen newest first); 400 without a reason.
 */
export const requestPeriodReopen = defineUseCase(
  { staff: ['finance'] },
  async function requestPeriodReopen(opts: { actor: StaffActor; month: string; input: ReopenRequestInput }) {
    const month = MonthSchema.parse(opts.month)
    const { reason } = ReopenRequestSchema.parse(opts.input)
    return getDb().transaction(async (tx) => {
      const row = await lockPeriod(tx, month)
      if (row.status !== 'CLOSED')
        throw invalidTransition(PERIOD_MESSAGES.state(month, row.status, 'reopened'))
      await assertLaterMonthsOpen(tx, month)
      const moved = await movePeriod(
        tx,
        row,
        'REOPEN_REQUESTED',
        { reopen_requested_by_identity_id: opts.actor.identityId, reopen_reason: reason },
        { kind: 'REOPEN_REQUESTED', identityId: opts.actor.identityId, reason },
      )
      return periodView(tx, moved)
    })
  },
)
