import { and, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { commissionPayouts, fullRefunds, insurerRemittances, payoutBatchItems } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict, notFound, validation } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { staffLinks } from '../../shared/links'
import { notify } from '../../notifications/notify'
import { recordPayoutHistory } from '../payouts/payout-history'
import { lockBatch, updateBatch } from './payout-batch-loading'
import { ReturnBatchItemSchema } from './payout-batches.schemas'

/**
 * A line of a SENT batch the bank returned (staff with finance; issue 25): the line leaves the
 * batch (RETURNED, with the reason), the batch's total and count drop by it, so the debit the
 * statement shows is what is left; its payout stays REQUESTED with its commissions reserved, free
 * for a new batch or a decision of its own, a row on its timeline says why, and staff with finance
 * are told (a remittance's or a full refund's line: it stays waiting, free for a new batch, and
 * staff are told). A batch left with no line is CANCELLED. Only before the batch is PAID (409).
 */
export const returnPayoutBatchItem = defineUseCase(
  { staff: ['finance'] },
  async function returnPayoutBatchItem(opts: {
    actor: StaffActor
    batchId: number
    itemId: number
    input: unknown
  }) {
    const parsed = ReturnBatchItemSchema.safeParse(opts.input)
    if (!parsed.success) throw validation('return_reason', parsed.error.issues[0].message)
    const reason = parsed.data.return_reason
    return getDb().transaction(async (tx) => {
      const batch = await lockBatch(tx, opts.batchId, ['SENT'])
      const [item] = await tx
        .select()
        .from(payoutBatchItems)
        .where(and(eq(payoutBatchItems.id, opts.itemId), eq(payoutBatchItems.batch_id, batch.id)))
      if (!item) throw notFound('Batch line')
      if (item.state !== 'INCLUDED') throw conflict('This line is already returned')
      await assertStillOpen(tx, item)
      const now = clock.now()
      await tx
        .update(payoutBatchItems)
        .set({
          state: 'RETURNED',
          return_reason: reason,
          returned_by_identity_id: opts.actor.identityId,
          returned_at: now,
        })
        .where(eq(payoutBatchItems.id, item.id))
      const left = batch.item_count - 1
      const after = await updateBatch(
        tx,
        batch,
        {
          total_cents: batch.total_cents - item.amount_cents,
          item_count: left,
          ...(left === 0
            ? {
                status: 'CANCELLED' as const,
                cancelled_at: now,
                cancelled_by_identity_id: opts.actor.identityId,
              }
            : {}),
        },
        now,
      )
      await tellReturned(tx, { item, batchId: batch.id, reason, actor: opts.actor })
      return after
    })
  },
)

type ItemRow = typeof payoutBatchItems.$inferSelect

/** 409 when the line's payout (or remittance) was decided meanwhile: the batch's payment decided it. */
async function assertStillOpen(tx: DbOrTx, item: ItemRow) {
  if (item.refund_id) {
    const [r] = await tx
      .select({ status: fullRefunds.status, payment_url: fullRefunds.payment_url })
      .from(fullRefunds)
      .where(eq(fullRefunds.id, item.refund_id))
    if (r?.status !== 'APPROVED' || r.payment_url)
      throw conflict(`Full refund #${item.refund_id} is already paid: the batch's payment decided it`)
    return
  }
  if (item.remittance_id) {
    const [r] = await tx
      .select({ status: insurerRemittances.status })
      .from(insurerRemittances)
      .where(eq(insurerRemittances.id, item.remittance_id))
    if (r?.status !== 'APPROVED')
      throw conflict(
        `Remittance #${item.remittance_id} is already ${r?.status}: the batch's payment decided it`,
      )
    return
  }
  const [payout] = await tx
    .select({ status: commissionPayouts.status })
    .from(commissionPayouts)
    .where(eq(commissionPayouts.id, item.payout_id!))
  if (payout?.status !== 'REQUESTED')
    throw conflict(`Payout #${item.payout_id} is already ${payout?.status}: the batch's payment decided it`)
}

/** The returned payout's timeline row (staff only) and the notice to staff with finance. */
async function tellReturned(
  tx: DbOrTx,
  { item, batchId, reason, actor }: { item: ItemRow; batchId: number; reason: string; actor: StaffActor },
) {
  if (!item.payout_id || !item.agency_id) return tellOthersReturned(tx, { item, batchId, reason })
  await recordPayoutHistory(tx, {
    payoutId: item.payout_id,
    agencyId: item.agency_id,
    action: 'RETURNED_BY_BANK',
    by: `Oshc:${actor.email}`,
    byIdentityId: actor.identityId,
    note: `Returned by the bank from payout batch #${batchId}: ${reason}`,
    agencyVisible: false,
  })
  await notify(
    tx,
    {
      eventType: 'COMMISSION_PAYOUT_RETURNED',
      title: `Payout #${item.payout_id} returned by the bank`,
      message: `${formatCents(item.amount_cents)} to ${item.account_name} came back from batch #${batchId}: ${reason}. The payout waits for a new batch or a decision.`,
      link: staffLinks.payout(item.payout_id),
      meta: { payout_id: item.payout_id, batch_id: batchId },
    },
    { staffPermission: 'finance' },
  )
}

/**
 * A returned remittance stays APPROVED, a returned full refund waits for a batch still (its task
 * stays open): either is free for a new batch, and staff with finance are told.
 */
function tellOthersReturned(
  tx: DbOrTx,
  { item, batchId, reason }: { item: ItemRow; batchId: number; reason: string },
) {
  const what = item.refund_id ? `Full refund #${item.refund_id}` : `Remittance #${item.remittance_id}`
  return notify(
    tx,
    {
      eventType: 'COMMISSION_PAYOUT_RETURNED',
      title: `${what} returned by the bank`,
      message: `${formatCents(item.amount_cents)} to ${item.account_name} came back from batch #${batchId}: ${reason}. It waits for a new batch.`,
      link: item.refund_id ? staffLinks.payoutBatches : staffLinks.remittance(item.remittance_id!),
      meta: { remittance_id: item.remittance_id, refund_id: item.refund_id, batch_id: batchId },
    },
    { staffPermission: 'finance' },
  )
}
