// Commissions become banked (payable to the agency) when the premium behind them is paid by a
// settlement; the commission rows and their journal posting are written here, in the caller's `tx`.
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { commissions } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { clock } from '../../shared/clock'
import type { MoneyDecision } from '../../money/authority'
import { postCommissionBanked } from '../../money/money-postings'

/**
 * The PENDING commissions of `policyIds` become COMMISSION_BANKED, and the journal banks them too
 * (commission payable) in the same transaction. `decision`: the staff decision they come from,
 * for the journal writer's maker-checker.
 */
export async function bankPendingCommissions(
  tx: DbOrTx,
  c: { policyIds: number[]; actor: Actor | string; decision?: MoneyDecision | null },
) {
  const banked = await tx
    .update(commissions)
    .set({ status: 'COMMISSION_BANKED', updated_at: clock.now() })
    .where(and(inArray(commissions.policy_id, c.policyIds), eq(commissions.status, 'PENDING')))
    .returning({
      id: commissions.id,
      agency_id: commissions.agency_id,
      policy_id: commissions.policy_id,
      amount: commissions.amount,
    })
  await postCommissionBanked(tx, banked, c.actor, c.decision)
  return banked
}
