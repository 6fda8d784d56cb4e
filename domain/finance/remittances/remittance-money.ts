// Paying insurer remittances (issue 25): called by a payout batch's payment, in its transaction.
import { and, eq, isNotNull } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { payoutBatchItems } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { account } from '../../money/accounts'
import { postTransfers } from '../../money/journal'
import { monthLabel } from '../periods/periods.rules'
import { lockRemittance, moveRemittance } from './remittance-store'

/**
 * The remittances in a batch whose debit was confirmed on a statement: each turns PAID and its
 * money leaves through the bank (house:insurer -> clearing:bank, INSURER_REMITTANCE, key per
 * remittance), in the transaction that marks the batch PAID. A remittance no longer APPROVED
 * refuses the payment (409), so the batch is never paid while one of its lines is not payable.
 */
export async function payBatchRemittances(
  tx: DbOrTx,
  opts: { batchId: number; decider: StaffActor; now: Date },
) {
  const items = await tx
    .select({ remittance_id: payoutBatchItems.remittance_id })
    .from(payoutBatchItems)
    .where(
      and(
        eq(payoutBatchItems.batch_id, opts.batchId),
        eq(payoutBatchItems.state, 'INCLUDED'),
        isNotNull(payoutBatchItems.remittance_id),
      ),
    )
  for (const { remittance_id } of items) {
    const row = await lockRemittance(tx, remittance_id!, ['APPROVED'], 'paid')
    await postTransfers(tx, [
      {
        key: `insurer-remittance:${row.id}`,
        debit: account.house('insurer'),
        credit: account.clearing('bank'),
        amount: row.amount_cents,
        code: 'INSURER_REMITTANCE',
        note: `Remittance #${row.id} of ${monthLabel(row.month.slice(0, 7))} paid by payout batch #${opts.batchId}`,
        actor: opts.decider,
      },
    ])
    await moveRemittance(tx, row, { status: 'PAID', paid_at: opts.now }, opts.now)
  }
  return items.length
}
