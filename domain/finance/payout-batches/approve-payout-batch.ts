import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { forbidden } from '../../shared/errors'
import { MAKER_CHECKER_MSG } from '../finance.rules'
import { lockBatch, updateBatch } from './payout-batch-loading'

/**
 * Approves a DRAFT payout batch (staff with finance and a fresh second factor; issue 25): the
 * checker of the batch, so whoever built it may not (403). Approved, its file may be downloaded.
 */
export const approvePayoutBatch = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approvePayoutBatch(opts: { actor: StaffActor; batchId: number }) {
    return getDb().transaction(async (tx) => {
      const batch = await lockBatch(tx, opts.batchId, ['DRAFT'])
      if (batch.created_by_identity_id === opts.actor.identityId) throw forbidden(MAKER_CHECKER_MSG)
      const now = clock.now()
      return updateBatch(
        tx,
        batch,
        { status: 'APPROVED', approved_by_identity_id: opts.actor.identityId, approved_at: now },
        now,
      )
    })
  },
)
