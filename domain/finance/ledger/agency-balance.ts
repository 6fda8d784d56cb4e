// The agency's stored balance, read by the balance use cases and by money movements, and its
// buy-now-pay-later allowance as staff configure it.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { getDb, readAll, type DbOrTx } from '../../../db/client'
import { agencyBalances, commissions } from '../../../db/schema'
import { BANKED_COMMISSION_STATUSES } from '../finance.rules'

/** The balance row (zeros when the agency never had one) and its banked commission, in cents. */
export async function readBalanceCents(agencyId: number, db: DbOrTx = getDb()) {
  // Money movements read it inside their transaction: one connection, so in turn (readAll).
  const [[row], [banked]] = await readAll(
    db,
    () => db.select().from(agencyBalances).where(eq(agencyBalances.agency_id, agencyId)),
    () =>
      db
        .select({ sum: sql<number>`coalesce(sum(${commissions.amount}), 0)::bigint` })
        .from(commissions)
        .where(
          and(
            eq(commissions.agency_id, agencyId),
            inArray(commissions.status, [...BANKED_COMMISSION_STATUSES]),
          ),
        ),
  )
  return {
    balance: row?.balance ?? 0,
    commission: Number(banked?.sum ?? 0),
    due_amount: row?.due_amount ?? 0,
    buy_now_pay_later_amount: row?.buy_now_pay_later_amount ?? 0,
    buy_now_pay_later_remaining_amount: row?.buy_now_pay_later_remaining_amount ?? 0,
  }
}

/**
 * The agency's buy-now-pay-later allowance is set (staff's configuration): the remaining amount
 * moves by the same difference, never below zero (cents); the balance row is opened when the
 * agency has none. The row is locked first.
 */
export async function setBnplAllowance(tx: DbOrTx, agencyId: number, bnpl: number) {
  const [balance] = await tx
    .select()
    .from(agencyBalances)
    .where(eq(agencyBalances.agency_id, agencyId))
    .for('update')
  if (!balance) {
    await tx.insert(agencyBalances).values({
      agency_id: agencyId,
      buy_now_pay_later_amount: bnpl,
      buy_now_pay_later_remaining_amount: bnpl,
    })
    return
  }
  const remaining = Math.max(
    0,
    balance.buy_now_pay_later_remaining_amount + bnpl - balance.buy_now_pay_later_amount,
  )
  await tx
    .update(agencyBalances)
    .set({ buy_now_pay_later_amount: bnpl, buy_now_pay_later_remaining_amount: remaining })
    .where(eq(agencyBalances.agency_id, agencyId))
}
