import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { payoutBatchItems } from '../../../db/schema'
import { invalidTransition } from '../../shared/errors'

/**
 * Called by a payout's decision with the payout row locked: a payout in a live batch (its line
 * INCLUDED) is decided only by that batch's payment (`batchId`), so it cannot be paid twice, once
 * by the file and once by hand; a decision naming a batch the payout is no longer in is refused
 * too. 409 with what to do.
 */
export async function assertBatchAllows(tx: DbOrTx, payoutId: number, batchId: number | undefined) {
  const [live] = await tx
    .select({ batch_id: payoutBatchItems.batch_id })
    .from(payoutBatchItems)
    .where(and(eq(payoutBatchItems.payout_id, payoutId), eq(payoutBatchItems.state, 'INCLUDED')))
  if (live && live.batch_id !== batchId)
    throw invalidTransition(
      `This payout is in payout batch #${live.batch_id}: it is paid when the batch's debit is confirmed on a bank statement (cancel the batch or return its line to decide it here)`,
    )
  if (!live && batchId !== undefined)
    throw invalidTransition(`This payout is no longer in payout batch #${batchId}`)
}
