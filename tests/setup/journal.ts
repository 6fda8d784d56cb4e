// Reading the money journal and a policy's premium payment in integration tests.
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policyPremiumPayments } from '../../db/schema'
import { getAccount } from '../../domain/money/journal'

/** What an account holds on its credit side (credits - debits), 0 when it does not exist yet. */
export async function held(code: string) {
  const a = await getAccount(getDb(), code)
  return a ? a.posted_credits - a.posted_debits : 0
}

/** The policy's newest premium payment. */
export const paymentOf = async (policyId: number) =>
  (
    await getDb()
      .select()
      .from(policyPremiumPayments)
      .where(eq(policyPremiumPayments.policy_id, policyId))
      .orderBy(policyPremiumPayments.id)
  ).at(-1)!
