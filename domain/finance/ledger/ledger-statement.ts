// The agency's statements: its balance ledger and its buy-now-pay-later ledger, newest first, each
// row with the running figure after it. Shared by the paged reads, the streamed exports and the
// statement screen.
import { desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyBalanceTransactions, bnplTransactions, policies } from '../../../db/schema'
import { fromCents } from '../../shared/money'
import { BALANCE_TRANSACTION_TYPE_LABELS } from '../../shared/labels'
import type { ExportColumnOf } from '../search-and-export'

export type { StatementAccount } from '../finance-screens.schemas'

export function balanceQuery(agencyId: number) {
  return getDb()
    .select({
      t: agencyBalanceTransactions,
      policy_ref: policies.ref,
      total: sql<number>`count(*) over()::int`,
    })
    .from(agencyBalanceTransactions)
    .leftJoin(policies, eq(policies.id, agencyBalanceTransactions.policy_id))
    .where(eq(agencyBalanceTransactions.agency_id, agencyId))
    .orderBy(desc(agencyBalanceTransactions.created_at), desc(agencyBalanceTransactions.id))
}

export const presentBalanceEntry = ({ t, policy_ref }: Awaited<ReturnType<typeof balanceQuery>>[number]) => ({
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
})

export function bnplQuery(agencyId: number) {
  return getDb()
    .select({ t: bnplTransactions, policy_ref: policies.ref, total: sql<number>`count(*) over()::int` })
    .from(bnplTransactions)
    .leftJoin(policies, eq(policies.id, bnplTransactions.policy_id))
    .where(eq(bnplTransactions.agency_id, agencyId))
    .orderBy(desc(bnplTransactions.created_at), desc(bnplTransactions.id))
}

export const presentBnplEntry = ({ t, policy_ref }: Awaited<ReturnType<typeof bnplQuery>>[number]) => ({
  id: t.id,
  transaction_amount: fromCents(t.transaction_amount),
  remaining: fromCents(t.remaining),
  policy_id: t.policy_id,
  policy_ref,
  actor: t.actor,
  note: t.note,
  created_at: t.created_at,
})

/** One statement line, whichever the account: what moved and the running figure after it. */
export type StatementLine = {
  created_at: Date
  type: string
  policy_id: number | null
  policy_ref: string | null
  amount: number
  after: number
  note: string | null
}

export const toStatementLine = {
  balance: (e: ReturnType<typeof presentBalanceEntry>): StatementLine => ({
    created_at: e.created_at,
    type: BALANCE_TRANSACTION_TYPE_LABELS[e.type],
    policy_id: e.policy_id,
    policy_ref: e.policy_ref,
    amount: e.transaction_amount,
    after: e.balance,
    note: e.note,
  }),
  bnpl: (e: ReturnType<typeof presentBnplEntry>): StatementLine => ({
    created_at: e.created_at,
    type: e.transaction_amount < 0 ? 'Bought on credit' : 'Allowance restored',
    policy_id: e.policy_id,
    policy_ref: e.policy_ref,
    amount: e.transaction_amount,
    after: e.remaining,
    note: e.note,
  }),
}

export const STATEMENT_EXPORT_COLUMNS: ExportColumnOf<StatementLine>[] = [
  { header: 'Date', value: (l) => l.created_at.toISOString() },
  { header: 'Type', value: (l) => l.type },
  { header: 'Policy', value: (l) => l.policy_ref },
  { header: 'Amount (AUD)', value: (l) => l.amount },
  { header: 'After (AUD)', value: (l) => l.after },
  { header: 'Note', value: (l) => l.note },
]
