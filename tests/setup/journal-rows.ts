// Transfers written straight into the money journal at a date in the past (as if recorded then),
// for the tests of closed months and what is read from them. The accounts' running columns are
// kept as the writer keeps them, so the trial balance stays zero.
import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'

export type JournalRow = {
  debit?: string
  credit?: string
  code?: string
  agencyId?: number
  policyId?: number
}

let seq = 0

/** A transfer of `amount` at `at`, PENDING or POSTED (default accounts: house:write_off -> house:opening). */
export async function journalRow(
  at: string,
  amount: number,
  state: 'PENDING' | 'POSTED' = 'POSTED',
  row: JournalRow = {},
) {
  const key = `journal-row-${++seq}-${Date.now()}`
  const [debit, credit] = [row.debit ?? 'house:write_off', row.credit ?? 'house:opening']
  const pending = state === 'PENDING'
  await getDb().execute(sql`
    with t as (
      insert into money_transfers (debit_account_id, credit_account_id, amount, code, state, idempotency_key, actor,
        agency_id, policy_id, created_at, decided_at)
      select d.id, c.id, ${amount}, ${row.code ?? 'ADJUSTMENT'}, ${state}, ${key}, 'test', ${row.agencyId ?? null}::int,
        ${row.policyId ?? null}::int, ${at}::timestamptz, ${pending ? null : at}::timestamptz
      from money_accounts d, money_accounts c where d.code = ${debit} and c.code = ${credit}
      returning amount
    )
    update money_accounts a set
      posted_debits = posted_debits + case when ${!pending} and a.code = ${debit} then ${amount}::bigint else 0 end,
      posted_credits = posted_credits + case when ${!pending} and a.code = ${credit} then ${amount}::bigint else 0 end,
      pending_debits = pending_debits + case when ${pending} and a.code = ${debit} then ${amount}::bigint else 0 end,
      pending_credits = pending_credits + case when ${pending} and a.code = ${credit} then ${amount}::bigint else 0 end
    from t where a.code in (${debit}, ${credit})`)
  return key
}

/** The journal accounts a policy's money moves through (created when missing). */
export async function policyAccounts(agencyId: number, policyId: number) {
  const accounts = {
    payable: `agency:${agencyId}:commission_payable`,
    received: `policy:${policyId}:premium_received`,
    clawback: `policy:${policyId}:clawback`,
  }
  await getDb().execute(sql`
    insert into money_accounts (code, kind, agency_id, policy_id) values
      ('clearing:bank', 'clearing', null, null), ('house:insurer', 'house', null, null),
      ('house:write_off', 'house', null, null), ('house:opening', 'house', null, null),
      (${accounts.payable}, 'agency_commission_payable', ${agencyId}, null),
      (${accounts.received}, 'policy_premium_received', null, ${policyId}),
      (${accounts.clawback}, 'policy_clawback', null, ${policyId})
    on conflict do nothing`)
  return accounts
}
