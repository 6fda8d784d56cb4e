import { desc } from 'drizzle-orm'
import { payoutBatches } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { batchQuery, present } from './payout-batch-listing'

/** The payout batches, newest first (staff with finance), at most `limit` (100). */
export const findPayoutBatches = defineUseCase(
  { staff: ['finance'] },
  async function findPayoutBatches(opts: { actor: StaffActor; limit?: number }) {
    const rows = await batchQuery()
      .orderBy(desc(payoutBatches.id))
      .limit(Math.min(opts.limit ?? 100, 100))
    return rows.map(present)
  },
)
