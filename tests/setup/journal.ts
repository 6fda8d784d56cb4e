// Reading the money journal and a policy's premium payment in integration tests.
import { expect } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policyPremiumPayments } from '../../db/schema'
import { getAccount } from '../../domain/money/journal'
import { reconcileLedgers } from '../../domain/finance/reconciliation/reconcile-ledgers'
import { clock } from '../../domain/shared/clock'

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

/** The trial balance is zero, and the reconciliation finds nothing wrong with this policy's agency. */
export async function expectBalanced(agencyId: number) {
  const { rows } = await getDb().execute<{ d: string; c: string }>(
    sql`select coalesce(sum(posted_debits), 0) as d, coalesce(sum(posted_credits), 0) as c from money_accounts`,
  )
  expect(Number(rows[0].d)).toBe(Number(rows[0].c))
  const run = await reconcileLedgers({ db: getDb(), mail: async () => true, clock, trigger: 'test' })
  const mine = ((run.mismatches ?? []) as { check: string; agency_id: number | null }[]).filter(
    (m) => m.agency_id === agencyId,
  )
  expect(mine).toEqual([])
}
