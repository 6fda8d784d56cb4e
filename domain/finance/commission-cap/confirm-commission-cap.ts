import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { forbidden, invalidTransition } from '../../shared/errors'
import { MAKER_CHECKER_MSG } from '../finance.rules'
import { activeSameDay, lockCap, moveCap, recordCapEvent } from './cap-store'
import { capView, CAP_STATUS_LABELS } from './cap-view'
import { CapParamsSchema } from './commission-cap.schemas'

/**
 * Confirms a proposed commission cap (staff with finance and a fresh second factor; issue 25): the
 * checker, so whoever proposed it may not (403). It is in force from its effective date for sales
 * purchased from that day; a setting already in force for the same line and day is replaced
 * (SUPERSEDED). 409 unless the setting is PROPOSED.
 */
export const confirmCommissionCap = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function confirmCommissionCap(opts: { actor: StaffActor; id: number }) {
    const { id } = CapParamsSchema.parse({ id: opts.id })
    return getDb().transaction(async (tx) => {
      const row = await lockCap(tx, id)
      if (row.status !== 'PROPOSED')
        throw invalidTransition(
          `This setting is ${CAP_STATUS_LABELS[row.status].toLowerCase()}; only a proposal can be confirmed`,
        )
      if (row.proposed_by_identity_id === opts.actor.identityId) throw forbidden(MAKER_CHECKER_MSG)
      const same = await activeSameDay(tx, row)
      if (same) {
        await moveCap(tx, same, 'SUPERSEDED')
        await recordCapEvent(
          tx,
          same.id,
          'SUPERSEDED',
          opts.actor.identityId,
          `Replaced by setting #${row.id}`,
        )
      }
      const moved = await moveCap(tx, row, 'ACTIVE', {
        confirmed_by_identity_id: opts.actor.identityId,
        confirmed_at: clock.now(),
      })
      await recordCapEvent(tx, row.id, 'CONFIRMED', opts.actor.identityId)
      return capView(tx, moved)
    })
  },
)
