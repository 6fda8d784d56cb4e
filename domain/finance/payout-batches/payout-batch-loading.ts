import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { payoutBatches } from '../../../db/schema'
import type { PayoutBatchStatus } from '../../../db/schema/payout-batches'
import { invalidTransition, notFound } from '../../shared/errors'
import { BATCH_STATUS_LABELS } from './payout-batches.rules'

export type PayoutBatchRow = typeof payoutBatches.$inferSelect

/** A batch locked in `tx`: 404 when there is none, 409 unless it is in one of `states`. */
export async function lockBatch(tx: DbOrTx, batchId: number, states: readonly PayoutBatchStatus[]) {
  const [batch] = await tx.select().from(payoutBatches).where(eq(payoutBatches.id, batchId)).for('update')
  if (!batch) throw notFound('Payout batch')
  if (!states.includes(batch.status))
    throw invalidTransition(
      `This batch is ${BATCH_STATUS_LABELS[batch.status].toLowerCase()}; only a batch ${states
        .map((s) => BATCH_STATUS_LABELS[s].toLowerCase())
        .join(' or ')} can be changed this way`,
    )
  return batch
}

/** Moves a batch locked by lockBatch from `from` to the values in `set` (its status among them). */
export async function updateBatch(
  tx: DbOrTx,
  batch: PayoutBatchRow,
  set: Partial<typeof payoutBatches.$inferInsert>,
  now: Date,
) {
  const [row] = await tx
    .update(payoutBatches)
    .set({ ...set, updated_at: now })
    .where(and(eq(payoutBatches.id, batch.id), eq(payoutBatches.status, batch.status)))
    .returning()
  return row
}
