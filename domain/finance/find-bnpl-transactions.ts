import { desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { bnplTransactions, policies } from '../../db/schema'
import { fromCents } from '../shared/money'
import { pageInfo } from '../shared/pagination'
import { defineUseCase } from '../shared/authorize'
import { type LedgerInput, agencyFor } from './ledger-listing'

/** getBnplTransactionForAgency: the buy-now-pay-later ledger, newest first, with what remained after each. */
export const findBnplTransactions = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findBnplTransactions(opts: LedgerInput) {
    const agencyId = await agencyFor(opts)
    const rows = await getDb()
      .select({ t: bnplTransactions, policy_ref: policies.ref, total: sql<number>`count(*) over()::int` })
      .from(bnplTransactions)
      .leftJoin(policies, eq(policies.id, bnplTransactions.policy_id))
      .where(eq(bnplTransactions.agency_id, agencyId))
      .orderBy(desc(bnplTransactions.created_at), desc(bnplTransactions.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    return {
      items: rows.map(({ t, policy_ref }) => ({
        id: t.id,
        transaction_amount: fromCents(t.transaction_amount),
        remaining: fromCents(t.remaining),
        policy_id: t.policy_id,
        policy_ref,
        actor: t.actor,
        note: t.note,
        created_at: t.created_at,
      })),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)
