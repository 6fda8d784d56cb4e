import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { formatCents as aud } from '../../shared/format'
import type { ReconciliationMismatch } from './reconciliation-runs'

type AgencyFigures = {
  agency_id: number
  agency_name: string
  balance: number
  ledger_total: number
  last_entry_balance: number | null
  bnpl_allowance: number
  bnpl_remaining: number
  bnpl_ledger_total: number
  journal_balance: number
  journal_bnpl_used: number
}

/** Every agency whose stored figures disagree with its ledgers or journal, in one set-based query. */
function agencyFigures(tx: Pick<Db, 'execute'>) {
  return tx.execute<AgencyFigures>(sql`
    with ledger as (
      select agency_id, sum(transaction_amount)::bigint as total, max(id) as last_id
      from agency_balance_transactions group by agency_id
    ), bnpl as (
      select agency_id, sum(transaction_amount)::bigint as total
      from bnpl_transactions group by agency_id
    ), figures as (
      select a.id as agency_id, coalesce(a.full_company_name, a.email) as agency_name,
        coalesce(b.balance, 0)::bigint as balance,
        coalesce(l.total, 0)::bigint as ledger_total,
        last.balance as last_entry_balance,
        coalesce(b.buy_now_pay_later_amount, 0)::bigint as bnpl_allowance,
        coalesce(b.buy_now_pay_later_remaining_amount, 0)::bigint as bnpl_remaining,
        coalesce(n.total, 0)::bigint as bnpl_ledger_total,
        coalesce(jb.posted_credits - jb.posted_debits - jb.pending_debits, 0)::bigint as journal_balance,
        coalesce(jn.posted_debits - jn.posted_credits, 0)::bigint as journal_bnpl_used
      from agencies a
      left join agency_balances b on b.agency_id = a.id
      left join ledger l on l.agency_id = a.id
      left join agency_balance_transactions last on last.id = l.last_id
      left join bnpl n on n.agency_id = a.id
      left join money_accounts jb on jb.code = 'agency:' || a.id || ':balance'
      left join money_accounts jn on jn.code = 'agency:' || a.id || ':bnpl_used'
    )
    select * from figures
    where balance <> ledger_total
      or (last_entry_balance is not null and last_entry_balance <> balance)
      or bnpl_remaining <> bnpl_allowance + bnpl_ledger_total
      or balance <> journal_balance
      or bnpl_allowance - bnpl_remaining <> journal_bnpl_used
    order by agency_id`)
}

/** The agency's balance against its balance ledger (its sum and its last row's balance after). */
function balanceMismatches(r: AgencyFigures): ReconciliationMismatch[] {
  const base = { agency_id: r.agency_id, agency_name: r.agency_name, invoice_id: null }
  const out: ReconciliationMismatch[] = []
  if (r.balance !== r.ledger_total)
    out.push({
      ...base,
      check: 'balance_ledger_sum',
      message: `Balance ${aud(r.balance)} but its ledger sums to ${aud(r.ledger_total)}`,
      figures: { balance: r.balance, ledger_total: r.ledger_total },
    })
  if (r.last_entry_balance !== null && r.last_entry_balance !== r.balance)
    out.push({
      ...base,
      check: 'balance_last_entry',
      message: `Balance ${aud(r.balance)} but its last ledger row leaves ${aud(r.last_entry_balance)}`,
      figures: { balance: r.balance, last_entry_balance: r.last_entry_balance },
    })
  return out
}

/** BNPL remaining against the allowance and its ledger. */
function bnplMismatches(r: AgencyFigures): ReconciliationMismatch[] {
  const expected = r.bnpl_allowance + r.bnpl_ledger_total
  if (r.bnpl_remaining === expected) return []
  return [
    {
      agency_id: r.agency_id,
      agency_name: r.agency_name,
      invoice_id: null,
      check: 'bnpl_remaining',
      message: `BNPL remaining ${aud(r.bnpl_remaining)} but allowance ${aud(r.bnpl_allowance)} and its ledger (${aud(r.bnpl_ledger_total)}) leave ${aud(expected)}`,
      figures: {
        bnpl_remaining: r.bnpl_remaining,
        bnpl_allowance: r.bnpl_allowance,
        bnpl_ledger_total: r.bnpl_ledger_total,
        expected_remaining: expected,
      },
    },
  ]
}

/** The agency's balance and BNPL used against its journal accounts. */
function agencyJournalMismatches(r: AgencyFigures): ReconciliationMismatch[] {
  const base = { agency_id: r.agency_id, agency_name: r.agency_name, invoice_id: null }
  const out: ReconciliationMismatch[] = []
  if (r.balance !== r.journal_balance)
    out.push({
      ...base,
      check: 'journal_balance',
      account: `agency:${r.agency_id}:balance`,
      message: `Balance ${aud(r.balance)} but its journal account holds ${aud(r.journal_balance)}`,
      figures: { balance: r.balance, journal_balance: r.journal_balance },
    })
  const used = r.bnpl_allowance - r.bnpl_remaining
  if (used !== r.journal_bnpl_used)
    out.push({
      ...base,
      check: 'journal_bnpl',
      account: `agency:${r.agency_id}:bnpl_used`,
      message: `BNPL used ${aud(used)} (allowance less remaining) but its journal account holds ${aud(r.journal_bnpl_used)}`,
      figures: { bnpl_used: used, journal_bnpl_used: r.journal_bnpl_used },
    })
  return out
}

/**
 * Every agency whose stored figures disagree with its ledgers: balance = the sum of its balance
 * ledger and = the balance after its last row; BNPL remaining = allowance + the sum of its BNPL
 * ledger; balance and BNPL used = its journal accounts. Per agency, in this order of checks.
 */
export async function agencyMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  const { rows } = await agencyFigures(tx)
  return rows.flatMap((r) => [...balanceMismatches(r), ...bnplMismatches(r), ...agencyJournalMismatches(r)])
}
