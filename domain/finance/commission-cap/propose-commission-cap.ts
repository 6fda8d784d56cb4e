import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { conflictOnDuplicate } from '../../shared/errors'
import { insertProposal } from './cap-store'
import { capView } from './cap-view'
import { ProposeCapSchema, type ProposeCapInput } from './commission-cap.schemas'

/**
 * Proposes a commission cap for a product line (staff with finance; issue 25): at most `max_rate`
 * percent of the base commission uses, for sales whose purchase date (Australia/Sydney) is on or
 * after `effective_from`; a null rate turns the cap off from that day. Nothing changes until
 * another person with finance confirms it (confirmCommissionCap). 409 while the line already has a
 * proposal waiting; 400 on a bad rate or date.
 */
export const proposeCommissionCap = defineUseCase(
  { staff: ['finance'] },
  async function proposeCommissionCap(opts: { actor: StaffActor; input: ProposeCapInput }) {
    const input = ProposeCapSchema.parse(opts.input)
    return getDb()
      .transaction(async (tx) => {
        const row = await insertProposal(
          tx,
          {
            product_line: input.product_line,
            max_rate: input.max_rate,
            effective_from: input.effective_from,
            note: input.note,
          },
          opts.actor.identityId,
        )
        return capView(tx, row)
      })
      .catch(
        conflictOnDuplicate(
          `A ${input.product_line} commission cap proposal is waiting for confirmation: confirm or withdraw it first`,
        ),
      )
  },
)
