import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { invalidTransition, validation } from '../../shared/errors'
import { liveBatchOf, lockRemittance, moveRemittance } from './remittance-store'
import { CancelRemittanceSchema } from './remittances.schemas'
import { REMITTANCE_MESSAGES } from './remittances.rules'

/**
 * Cancels a PROPOSED or APPROVED remittance (staff with finance; issue 25), with an optional
 * reason: its month can then be proposed again for that insurer. 409 while it is in a payout batch
 * (the batch pays it; cancel the batch or return its line first) and once it is paid.
 */
export const cancelInsurerRemittance = defineUseCase(
  { staff: ['finance'] },
  async function cancelInsurerRemittance(opts: { actor: StaffActor; remittanceId: number; input: unknown }) {
    const parsed = CancelRemittanceSchema.safeParse(opts.input ?? {})
    if (!parsed.success) throw validation('reason', parsed.error.issues[0].message)
    return getDb().transaction(async (tx) => {
      const row = await lockRemittance(tx, opts.remittanceId, ['PROPOSED', 'APPROVED'], 'cancelled')
      const batchId = await liveBatchOf(tx, row.id)
      if (batchId) throw invalidTransition(REMITTANCE_MESSAGES.inBatch(row.id, batchId))
      const now = clock.now()
      return moveRemittance(
        tx,
        row,
        {
          status: 'CANCELLED',
          cancelled_by_identity_id: opts.actor.identityId,
          cancelled_at: now,
          cancel_reason: parsed.data.reason || null,
        },
        now,
      )
    })
  },
)
