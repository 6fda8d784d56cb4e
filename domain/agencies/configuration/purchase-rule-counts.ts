import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { purchaseRules } from '../../../db/schema'

/**
 * Sets a purchase rule's counts (credits left, should-buy purchases made) in `tx`: the purchase
 * counts them (recordPurchaseForRules in domain/quotes) from the rows it read under their lock.
 */
export async function setPurchaseRuleCounts(
  tx: DbOrTx,
  ruleId: number,
  counts: { credits: number } | { has_bought_quantity: number },
) {
  await tx.update(purchaseRules).set(counts).where(eq(purchaseRules.id, ruleId))
}
