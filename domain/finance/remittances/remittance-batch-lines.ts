// Insurer remittances joining a payout batch (issue 25): their lines in the ABA file.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { insurerRemittances, payoutBatchItems } from '../../../db/schema'
import { conflict, validation } from '../../shared/errors'
import { REMITTANCE_MESSAGES, remittanceReference } from './remittances.rules'

/**
 * The chosen remittances, locked in id order: each must be APPROVED (409) and in no live batch
 * (409 naming it). Their lines pay the account each was approved with.
 */
export async function remittanceBatchLines(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return []
  const rows = await tx
    .select()
    .from(insurerRemittances)
    .where(inArray(insurerRemittances.id, ids))
    .orderBy(asc(insurerRemittances.id))
    .for('update')
  const found = new Set(rows.map((r) => r.id))
  const missing = ids.find((i) => !found.has(i))
  if (missing) throw validation('remittance_ids', `Remittance #${missing} was not found`)
  const [live] = await tx
    .select({ remittance_id: payoutBatchItems.remittance_id, batch_id: payoutBatchItems.batch_id })
    .from(payoutBatchItems)
    .where(and(inArray(payoutBatchItems.remittance_id, ids), eq(payoutBatchItems.state, 'INCLUDED')))
  if (live) throw conflict(REMITTANCE_MESSAGES.inBatch(live.remittance_id!, live.batch_id))
  const notApproved = rows.find((r) => r.status !== 'APPROVED')
  if (notApproved)
    throw conflict(
      `Remittance #${notApproved.id} is ${notApproved.status}; a batch pays APPROVED remittances`,
    )
  return rows.map((r) => ({
    remittance_id: r.id,
    amount_cents: r.amount_cents,
    bsb: r.bsb,
    account_number: r.account_number,
    account_name: r.account_name,
    lodgement_reference: remittanceReference(r.id),
  }))
}
