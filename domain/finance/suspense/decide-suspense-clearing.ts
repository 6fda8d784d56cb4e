import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { forbidden, invalidTransition } from '../../shared/errors'
import { MAKER_CHECKER_MSG } from '../finance.rules'
import { postClearing } from './suspense-postings'
import { assertPlaceable, decideClearing, clearingById, lockSuspenseItem } from './suspense-store'
import { clearingTaskId, SUSPENSE_MESSAGES } from './suspense.rules'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import {
  DecideSuspenseClearingSchema,
  SuspenseClearingIdSchema,
  type DecideSuspenseClearingInput,
} from './suspense.schemas'

/**
 * Approves or rejects a proposed decision on money in suspense (staff with finance and a fresh
 * second factor; issue 25). Approving is the checker's: whoever proposed it gets 403; the item's
 * money is checked again (what it still holds, the write-off limit) and the movement posted in the
 * same transaction (suspense-postings). Anyone with finance may reject, the proposer included
 * (withdrawing it). The item is locked before the decision, as a proposal locks it, so decisions on
 * the same money queue. 404 for an unknown decision; 409 unless PROPOSED.
 */
export const decideSuspenseClearing = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function decideSuspenseClearing(opts: {
    actor: StaffActor
    id: number
    input: DecideSuspenseClearingInput
  }) {
    const { id } = SuspenseClearingIdSchema.parse({ id: opts.id })
    const { decision, note } = DecideSuspenseClearingSchema.parse(opts.input)
    return getDb().transaction(async (tx) => {
      const item = await lockSuspenseItem(tx, (await clearingById(tx, id)).transfer_id)
      const row = await clearingById(tx, id, true)
      if (row.status !== 'PROPOSED') throw invalidTransition(SUSPENSE_MESSAGES.decided(row.status))
      if (decision === 'approve') {
        if (row.proposed_by_identity_id === opts.actor.identityId) throw forbidden(MAKER_CHECKER_MSG)
        assertPlaceable(item, row.action, row.amount)
        await postClearing(tx, row, item, opts.actor)
      }
      await closeWorkflowTasks(clearingTaskId(id), decision === 'approve' ? 'approved' : 'rejected', tx)
      return decideClearing(tx, row, {
        status: decision === 'approve' ? 'APPROVED' : 'REJECTED',
        by: opts.actor.identityId,
        at: clock.now(),
        note: note ?? null,
      })
    })
  },
)
