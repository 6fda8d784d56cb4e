// The agency's stored balance, read by the balance use cases and by money movements.
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
