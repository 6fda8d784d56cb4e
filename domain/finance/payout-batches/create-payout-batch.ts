import { and, asc, eq, inArray } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import {
  agencies,
  agencyBankDetails,
  commissionPayouts,
  payoutBatches,
  payoutBatchItems,
} from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { businessDate } from '../../shared/business-date'
import { conflict, validation } from '../../shared/errors'
import { remittanceBatchLines } from '../remittances/remittance-batch-lines'
import { refundBatchLines } from './refund-batch-lines'
import { CreatePayoutBatchSchema } from './payout-batches.schemas'
import { lodgementReference, payeeIssue } from './payout-batches.rules'

/**
 * The chosen payouts' lines, the payouts locked in id order (as a decision locks them): each must
 * be REQUESTED, in no other batch (409 naming it) and have a verified payout account a Direct
 * Entry file can pay (400 naming it and why). Each line keeps the account as it was verified now.
 */
async function payoutLines(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return []
  const rows = await tx
    .select({ payout: commissionPayouts, name: agencies.full_company_name, bank: agencyBankDetails })
    .from(commissionPayouts)
    .innerJoin(agencies, eq(agencies.id, commissionPayouts.agency_id))
    .leftJoin(agencyBankDetails, eq(agencyBankDetails.agency_id, commissionPayouts.agency_id))
    .where(inArray(commissionPayouts.id, ids))
    .orderBy(asc(commissionPayouts.id))
    .for('update', { of: commissionPayouts })
  const found = new Set(rows.map((r) => r.payout.id))
  const missing = ids.find((i) => !found.has(i))
  if (missing) throw validation('payout_ids', `Payout #${missing} was not found`)
  const live = await tx
    .select({ payout_id: payoutBatchItems.payout_id, batch_id: payoutBatchItems.batch_id })
    .from(payoutBatchItems)
    .where(and(inArray(payoutBatchItems.payout_id, ids), eq(payoutBatchItems.state, 'INCLUDED')))
  if (live[0]) throw conflict(`Payout #${live[0].payout_id} is already in payout batch #${live[0].batch_id}`)
  for (const { payout, name, bank } of rows) {
    if (payout.status !== 'REQUESTED')
      throw conflict(`Payout #${payout.id} is already ${payout.status}; a batch pays REQUESTED payouts`)
    if (payout.total_amount <= 0)
      throw validation('payout_ids', `Payout #${payout.id} has nothing to pay by bank`)
    const issue = payeeIssue(bank)
    if (issue) throw validation('payout_ids', `Payout #${payout.id} (${name ?? 'agency'}): ${issue}`)
  }
  return rows.map(({ payout, bank }) => ({
    payout_id: payout.id,
    agency_id: payout.agency_id,
    amount_cents: payout.total_amount,
    bsb: bank!.bsb!,
    account_number: bank!.account_number,
    account_name: bank!.bank_account_name,
    lodgement_reference: lodgementReference(payout.id),
  }))
}

/**
 * Builds a DRAFT payout batch from chosen payouts, full refunds approved to be paid by a batch and
 * approved insurer remittances (staff with finance; issue 25): their lines in that order. The batch leaves only when another person
 * approves it; nothing is paid here.
 */
export const createPayoutBatch = defineUseCase(
  { staff: ['finance'] },
  async function createPayoutBatch(opts: { actor: StaffActor; input: unknown }) {
    const parsed = CreatePayoutBatchSchema.safeParse(opts.input)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw validation(String(issue.path[0] ?? 'payout_ids'), issue.message)
    }
    const now = clock.now()
    return getDb().transaction(async (tx) => {
      const lines = [
        ...(await payoutLines(tx, [...new Set(parsed.data.payout_ids)])),
        ...(await refundBatchLines(tx, [...new Set(parsed.data.refund_ids)])),
        ...(await remittanceBatchLines(tx, [...new Set(parsed.data.remittance_ids)])),
      ]
      const [batch] = await tx
        .insert(payoutBatches)
        .values({
          processing_date: businessDate(now),
          total_cents: lines.reduce((s, l) => s + l.amount_cents, 0),
          item_count: lines.length,
          created_by_identity_id: opts.actor.identityId,
          created_at: now,
          updated_at: now,
        })
        .returning()
      await tx.insert(payoutBatchItems).values(lines.map((l) => ({ batch_id: batch.id, ...l })))
      return batch
    })
  },
)
