import { desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBalanceTransactions, policies } from '../../db/schema'
import { fromCents } from '../shared/money'
import { pageInfo } from '../shared/pagination'
import { defineUseCase } from '../shared/authorize'
import { type LedgerInput, agencyFor } from './ledger-listing'

/**
 * getAgencyBalanceTransactionForAgency: the balance ledger, newest first: signed amount, balance
 * after it, type, and the policy / top-up / invoice it explains.
 */
export const findBalanceTransactions = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findBalanceTransactions(opts: LedgerInput) {
    const agencyId = await agencyFor(opts)
    const rows = await getDb()
      .select({
        t: agencyBalanceTransactions,
        policy_ref: policies.ref,
        total: sql<number>`count(*) over()::int`,
      })
      .from(agencyBalanceTransactions)
      .leftJoin(policies, eq(policies.id, agencyBalanceTransactions.policy_id))
      .where(eq(agencyBalanceTransactions.agency_id, agencyId))
      .orderBy(desc(agencyBalanceTransactions.created_at), desc(agencyBalanceTransactions.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    return {
      items: rows.map(({ t, policy_ref }) => ({
        id: t.id,
        type: t.type,
        transaction_amount: fromCents(t.transaction_amount),
        balance: fromCents(t.balance),
        policy_id: t.policy_id,
        policy_ref,
        topup_id: t.topup_id,
        invoice_id: t.invoice_id,
        actor: t.actor,
        note: t.note,
        created_at: t.created_at,
      })),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)
