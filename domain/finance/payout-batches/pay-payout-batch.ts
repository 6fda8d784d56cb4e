import { and, asc, eq, isNull, or } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { commissionPayouts, fullRefunds, payoutBatchItems } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { clock } from '../../shared/clock'
import { conflict } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { payoutProcess } from '../payouts/payout-process'
import { refundProcess } from '../../refunds/refund-process'
import { payBatchRemittances } from '../remittances/remittance-money'
import { lockBatch, updateBatch } from './payout-batch-loading'
import { batchBankDocument } from './payout-batches.rules'

/**
 * The batch's lines whose payout or full refund still waits for it: a retry after some decisions
 * went through decides only the rest (a decided process refuses a second decision).
 */
function undecidedItems(tx: DbOrTx, batchId: number) {
  return tx
    .select({
      payout_id: payoutBatchItems.payout_id,
      refund_id: payoutBatchItems.refund_id,
      policy_id: fullRefunds.policy_id,
    })
    .from(payoutBatchItems)
    .leftJoin(commissionPayouts, eq(commissionPayouts.id, payoutBatchItems.payout_id))
    .leftJoin(fullRefunds, eq(fullRefunds.id, payoutBatchItems.refund_id))
    .where(
      and(
        eq(payoutBatchItems.batch_id, batchId),
        eq(payoutBatchItems.state, 'INCLUDED'),
        or(
          eq(commissionPayouts.status, 'REQUESTED'),
          and(eq(fullRefunds.status, 'APPROVED'), isNull(fullRefunds.payment_url)),
        ),
      ),
    )
    .orderBy(asc(payoutBatchItems.id))
}

/** 409 unless the statement's debit is the batch's total. */
function assertDebitIsTotal(batch: { id: number; total_cents: number }, lineAmountCents: number) {
  if (-lineAmountCents !== batch.total_cents)
    throw conflict(
      `The statement's debit of ${formatCents(-lineAmountCents)} is not the ${formatCents(batch.total_cents)} of payout batch #${batch.id}`,
    )
}

/**
 * A SENT batch's debit was confirmed on a bank statement (called by confirmStatementMatch, which
 * checked the person and their second factor): each payout in the file is approved with BANK
 * through its own workflow's decision, the batch and the statement line standing as its
 * `bank_document`, and each full refund is paid through its workflow's `paid` decision with the
 * same proof (a retry decides only what still waits); then, in one transaction, its insurer
 * remittances are paid and the batch is PAID with the line. The debit must equal the batch's total
 * (409). Not a use case of its own: the line's confirmation is the decision.
 */
export async function payPayoutBatch(opts: {
  decider: StaffActor
  batchId: number
  lineId: number
  amountCents: number
}) {
  const db = getDb()
  const items = await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, opts.batchId, ['SENT'])
    assertDebitIsTotal(batch, opts.amountCents)
    return undecidedItems(tx, batch.id)
  })
  const by = { identityId: opts.decider.identityId, userId: opts.decider.userId, email: opts.decider.email }
  const bank_document = batchBankDocument(opts.batchId, opts.lineId)
  for (const { payout_id, refund_id, policy_id } of items) {
    if (payout_id)
      await payoutProcess().decide(payout_id, {
        kind: 'approve',
        payment_type: 'BANK',
        bank_document,
        batch_id: opts.batchId,
        by,
      })
    if (refund_id && policy_id)
      await refundProcess().decide(
        { id: refund_id, policyId: policy_id },
        { kind: 'paid', payment_url: bank_document, batch_id: opts.batchId, by },
      )
  }
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, opts.batchId, ['SENT'])
    assertDebitIsTotal(batch, opts.amountCents)
    const now = clock.now()
    await payBatchRemittances(tx, { batchId: batch.id, decider: opts.decider, now })
    return updateBatch(
      tx,
      batch,
      {
        status: 'PAID',
        statement_line_id: opts.lineId,
        paid_by_identity_id: opts.decider.identityId,
        paid_at: now,
      },
      now,
    )
  })
}
