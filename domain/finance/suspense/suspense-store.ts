// Reading and locking money held in suspense and the decisions on it (issue 25). An item is a
// POSTED transfer that credited `suspense`; what it still holds is its amount less its APPROVED
// decisions. Written only here and by the suspense use cases beside it.
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { suspenseClearings, type SuspenseAction } from '../../../db/schema/suspense'
import { notFound, conflict, validation } from '../../shared/errors'
import { config } from '../../shared/config'
import { account } from '../../money/accounts'
import { refundChannel, SUSPENSE_MESSAGES } from './suspense.rules'

export type SuspenseItem = {
  id: number
  amount: number
  open: number
  /** The account the money came from (clearing:bank, clearing:nexpay, ...). */
  source: string
  agency_id: number | null
  policy_id: number | null
  payment_id: number | null
}

/**
 * The item (transfer `transferId` into suspense) locked in `tx` (FOR UPDATE: decisions on the same
 * money queue), with what it still holds; 404 when no POSTED transfer credited suspense by that id.
 */
export async function lockSuspenseItem(tx: DbOrTx, transferId: number): Promise<SuspenseItem> {
  const { rows } = await tx.execute<SuspenseItem>(sql`
    select t.id, t.amount::int as amount, src.code as source, t.agency_id, t.policy_id, t.payment_id,
      (t.amount - coalesce((select sum(c.amount) from suspense_clearings c
        where c.transfer_id = t.id and c.status = 'APPROVED'), 0))::int as open
    from money_transfers t
    join money_accounts s on s.id = t.credit_account_id
    join money_accounts src on src.id = t.debit_account_id
    where t.id = ${transferId} and s.code = ${account.suspense} and t.state = 'POSTED'
    for update of t`)
  if (!rows[0]) throw notFound(SUSPENSE_MESSAGES.item)
  return rows[0]
}

/**
 * Whether `cents` of the item may be placed by `action`: no more than it still holds (409), a
 * write-off no more than SUSPENSE_WRITE_OFF_LIMIT_CENTS (400 on amount), a refund only of money
 * that came in by a channel that can pay it back (409).
 */
export function assertPlaceable(item: SuspenseItem, action: SuspenseAction, cents: number) {
  if (cents > item.open) throw conflict(SUSPENSE_MESSAGES.over(item.open))
  const limit = config().SUSPENSE_WRITE_OFF_LIMIT_CENTS
  if (action === 'WRITE_OFF' && cents > limit) throw validation('amount', SUSPENSE_MESSAGES.writeOff(limit))
  if (action === 'REFUND' && !refundChannel(item.source)) throw conflict(SUSPENSE_MESSAGES.noChannel)
}

export type SuspenseClearing = typeof suspenseClearings.$inferSelect

/**
 * A decision by id; `lock`: FOR UPDATE (taken after its item's lock, as a proposal takes it, so
 * decisions on the same money queue without a deadlock). 404 when none.
 */
export async function clearingById(tx: DbOrTx, id: number, lock = false) {
  const q = tx.select().from(suspenseClearings).where(eq(suspenseClearings.id, id))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw notFound(SUSPENSE_MESSAGES.decision)
  return row
}

/** Moves a PROPOSED decision to its outcome; the row after it. */
export async function decideClearing(
  tx: DbOrTx,
  row: SuspenseClearing,
  d: { status: 'APPROVED' | 'REJECTED'; by: number; at: Date; note: string | null },
) {
  const [moved] = await tx
    .update(suspenseClearings)
    .set({ status: d.status, decided_by_identity_id: d.by, decided_at: d.at, decision_note: d.note })
    .where(and(eq(suspenseClearings.id, row.id), eq(suspenseClearings.status, 'PROPOSED')))
    .returning()
  return moved
}
