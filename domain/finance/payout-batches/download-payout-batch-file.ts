import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { payoutBatchItems } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { abaHeader, writeAbaFile } from './aba-file'
import { lockBatch, updateBatch } from './payout-batch-loading'

/**
 * The ABA file of an APPROVED or SENT batch (staff with finance; issue 25), written from its lines
 * in the file (the same bytes every time). The first download marks the batch SENT (who and
 * when): from then on it waits for its debit on a bank statement. A DRAFT or CANCELLED batch has
 * no file (409); production without ABA_* settings, 409 naming them.
 */
export const downloadPayoutBatchFile = defineUseCase(
  { staff: ['finance'] },
  async function downloadPayoutBatchFile(opts: { actor: StaffActor; batchId: number }) {
    const header = abaHeader()
    return getDb().transaction(async (tx) => {
      let batch = await lockBatch(tx, opts.batchId, ['APPROVED', 'SENT', 'PAID'])
      const lines = await tx
        .select()
        .from(payoutBatchItems)
        .where(and(eq(payoutBatchItems.batch_id, batch.id), eq(payoutBatchItems.state, 'INCLUDED')))
        .orderBy(asc(payoutBatchItems.id))
      const content = writeAbaFile({ id: batch.id, processingDate: batch.processing_date }, lines, header)
      if (batch.status === 'APPROVED') {
        const now = clock.now()
        batch = await updateBatch(
          tx,
          batch,
          { status: 'SENT', sent_by_identity_id: opts.actor.identityId, sent_at: now },
          now,
        )
      }
      return { batch, file_name: `payout-batch-${batch.id}.aba`, content }
    })
  },
)
