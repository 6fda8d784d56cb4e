import { and, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { payoutBatchItems } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { lockBatch, updateBatch } from './payout-batch-loading'

/**
 * Cancels a batch before its file left (DRAFT or APPROVED; staff with finance): its payouts are
 * released (still REQUESTED, free for another batch or a decision of their own). A SENT batch is
 * at the bank and cannot be cancelled here (409).
 */
export const cancelPayoutBatch = defineUseCase(
  { staff: ['finance'] },
  async function cancelPayoutBatch(opts: { actor: StaffActor; batchId: number }) {
    return getDb().transaction(async (tx) => {
      const batch = await lockBatch(tx, opts.batchId, ['DRAFT', 'APPROVED'])
      const now = clock.now()
      await tx
        .update(payoutBatchItems)
        .set({ state: 'RELEASED' })
        .where(and(eq(payoutBatchItems.batch_id, batch.id), eq(payoutBatchItems.state, 'INCLUDED')))
      return updateBatch(
        tx,
        batch,
        { status: 'CANCELLED', cancelled_by_identity_id: opts.actor.identityId, cancelled_at: now },
        now,
      )
    })
  },
)
