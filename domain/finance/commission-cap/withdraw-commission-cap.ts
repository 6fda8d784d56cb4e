import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { invalidTransition } from '../../shared/errors'
import { lockCap, moveCap, recordCapEvent } from './cap-store'
import { capView, CAP_STATUS_LABELS } from './cap-view'
import { CapParamsSchema, WithdrawCapSchema, type WithdrawCapInput } from './commission-cap.schemas'

/**
 * Withdraws a proposed commission cap (staff with finance; issue 25): its proposer takes it back,
 * or a checker declines it, with an optional reason kept in the audit. Nothing in force changes.
 * 409 unless the setting is PROPOSED.
 */
export const withdrawCommissionCap = defineUseCase(
  { staff: ['finance'] },
  async function withdrawCommissionCap(opts: { actor: StaffActor; id: number; input: WithdrawCapInput }) {
    const { id } = CapParamsSchema.parse({ id: opts.id })
    const { reason } = WithdrawCapSchema.parse(opts.input ?? {})
    return getDb().transaction(async (tx) => {
      const row = await lockCap(tx, id)
      if (row.status !== 'PROPOSED')
        throw invalidTransition(
          `This setting is ${CAP_STATUS_LABELS[row.status].toLowerCase()}; only a proposal can be withdrawn`,
        )
      const moved = await moveCap(tx, row, 'WITHDRAWN')
      await recordCapEvent(tx, row.id, 'WITHDRAWN', opts.actor.identityId, reason)
      return capView(tx, moved)
    })
  },
)
