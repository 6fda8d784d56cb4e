import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { formatCents as aud } from '../../shared/format'
import type { ReconciliationMismatch } from './reconciliation-runs'

type AccountFigures = {
  code: string
  agency_id: number | null
  agency_name: string | null
  posted_debits: number
  posted_credits: number
  pending_debits: number
  pending_credits: number
  transfers_posted_debits: number
  transfers_posted_credits: number
  transfers_pending_debits: number
  transfers_pending_credits: number
}

type ProcessFigures = {
  kind: 'premium' | 'commission' | 'clawback'
  owner_id: number
  agency_id: number | null
  agency_name: string | null
  policy_ref: string | null
  expected: number
  journal: number
}

const JOURNAL = 'Money journal'

/** The trial balance: posted and pending debits = credits over every account. */
async function trialBalanceMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  const [t] = (
    await tx.execute<{ pd: number; pc: number; xd: number; xc: number }>(sql`
      select coalesce(sum(posted_debits), 0)::bigint as pd, coalesce(sum(posted_credits), 0)::bigint as pc,
        coalesce(sum(pending_debits), 0)::bigint as xd, coalesce(sum(pending_credits), 0)::bigint as xc
      from money_accounts`)
  ).rows
  if (t.pd === t.pc && t.xd === t.xc) return []
  return [
    {
      check: 'journal_trial_balance',
      agency_id: null,
      agency_name: JOURNAL,
      invoice_id: null,
      message: `Posted debits ${aud(t.pd)} and credits ${aud(t.pc)} (pending ${aud(t.xd)} and ${aud(t.xc)}) do not balance`,
      figures: { posted_debits: t.pd, posted_credits: t.pc, pending_debits: t.xd, pending_credits: t.xc },
    },
  ]
}

/** Every account whose columns differ from the sums of its transfers by side and state. */
async function accountMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  const { rows } = await tx.execute<AccountFigures>(sql`
    with sides as (
      select debit_account_id as account_id,
        coalesce(sum(amount) filter (where state = 'POSTED'), 0) as pd, 0 as pc,
        coalesce(sum(amount) filter (where state = 'PENDING'), 0) as xd, 0 as xc
      from money_transfers group by debit_account_id
      union all
      select credit_account_id, 0, coalesce(sum(amount) filter (where state = 'POSTED'), 0),
        0, coalesce(sum(amount) filter (where state = 'PENDING'), 0)
      from money_transfers group by credit_account_id
    ), sums as (
      select account_id, sum(pd)::bigint as pd, sum(pc)::bigint as pc, sum(xd)::bigint as xd, sum(xc)::bigint as xc
      from sides group by account_id
    )
    select m.code, m.agency_id, coalesce(a.full_company_name, a.email) as agency_name,
      m.posted_debits, m.posted_credits, m.pending_debits, m.pending_credits,
      coalesce(s.pd, 0)::bigint as transfers_posted_debits, coalesce(s.pc, 0)::bigint as transfers_posted_credits,
      coalesce(s.xd, 0)::bigint as transfers_pending_debits, coalesce(s.xc, 0)::bigint as transfers_pending_credits
    from money_accounts m
    left join sums s on s.account_id = m.id
    left join agencies a on a.id = m.agency_id
    where m.posted_debits <> coalesce(s.pd, 0) or m.posted_credits <> coalesce(s.pc, 0)
      or m.pending_debits <> coalesce(s.xd, 0) or m.pending_credits <> coalesce(s.xc, 0)
    order by m.code`)
  return rows.map((r) => ({
    check: 'journal_account',
    agency_id: r.agency_id,
    agency_name: r.agency_name ?? JOURNAL,
    invoice_id: null,
    account: r.code,
    message: `Account ${r.code} holds debits ${aud(r.posted_debits)} and credits ${aud(r.posted_credits)} but its transfers sum to ${aud(r.transfers_posted_debits)} and ${aud(r.transfers_posted_credits)}`,
    figures: {
      posted_debits: r.posted_debits,
      posted_credits: r.posted_credits,
      pending_debits: r.pending_debits,
      pending_credits: r.pending_credits,
      transfers_posted_debits: r.transfers_posted_debits,
      transfers_posted_credits: r.transfers_posted_credits,
      transfers_pending_debits: r.transfers_pending_debits,
      transfers_pending_credits: r.transfers_pending_credits,
    },
  }))
}

/**
 * The money journal proves itself: the trial balance (posted and pending debits = credits over
 * every account) and every account's columns = the sums of its transfers by side and state.
 */
export async function journalMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  return [...(await trialBalanceMismatches(tx)), ...(await accountMismatches(tx))]
}

/** The processes' accounts that differ from the business records (views of migrations 0029, 0031). */
function processFigures(tx: Pick<Db, 'execute'>) {
  return tx.execute<ProcessFigures>(sql`
    with premium as (
      select coalesce(e.policy_id, m.policy_id) as owner_id, coalesce(e.cents, 0)::bigint as expected,
        coalesce(m.posted_credits - m.posted_debits, 0)::bigint as journal
      from money_expected_premium_received e
      full join (select * from money_accounts where kind = 'policy_premium_received') m on m.policy_id = e.policy_id
    ), payable as (
      select coalesce(e.agency_id, m.agency_id) as owner_id, coalesce(e.cents, 0)::bigint as expected,
        coalesce(m.posted_credits - m.posted_debits, 0)::bigint as journal
      from money_expected_commission_payable e
      full join (select * from money_accounts where kind = 'agency_commission_payable') m on m.agency_id = e.agency_id
    ), clawback as (
      select coalesce(e.policy_id, m.policy_id) as owner_id, coalesce(e.cents, 0)::bigint as expected,
        coalesce(m.posted_credits - m.posted_debits, 0)::bigint as journal
      from money_expected_clawback_collected e
      full join (select * from money_accounts where kind = 'policy_clawback') m on m.policy_id = e.policy_id
    )
    select 'premium' as kind, p.owner_id, pol.agency_id, coalesce(a.full_company_name, a.email) as agency_name,
      pol.ref as policy_ref, p.expected, p.journal
    from premium p
    left join policies pol on pol.id = p.owner_id
    left join agencies a on a.id = pol.agency_id
    where p.expected <> p.journal
    union all
    select 'commission', c.owner_id, c.owner_id, coalesce(a.full_company_name, a.email), null, c.expected, c.journal
    from payable c
    left join agencies a on a.id = c.owner_id
    where c.expected <> c.journal
    union all
    select 'clawback', k.owner_id, pol.agency_id, coalesce(a.full_company_name, a.email), pol.ref, k.expected, k.journal
    from clawback k
    left join policies pol on pol.id = k.owner_id
    left join agencies a on a.id = pol.agency_id
    where k.expected <> k.journal
    order by 1, 2`)
}

/** One process account's mismatch, worded for its kind. */
function processMismatch(r: ProcessFigures): ReconciliationMismatch {
  const base = { agency_id: r.agency_id, agency_name: r.agency_name ?? JOURNAL, invoice_id: null }
  const policy = `Policy ${r.policy_ref ?? `#${r.owner_id}`}`
  if (r.kind === 'clawback')
    return {
      check: 'journal_clawback',
      ...base,
      account: `policy:${r.owner_id}:clawback`,
      message: `${policy} paid back ${aud(r.expected)} of clawed-back commission by its records but its journal account holds ${aud(r.journal)}`,
      figures: { clawback_collected: r.expected, journal_clawback: r.journal },
    }
  if (r.kind === 'premium')
    return {
      check: 'journal_premium_received',
      ...base,
      account: `policy:${r.owner_id}:premium_received`,
      message: `${policy} received ${aud(r.expected)} net of refunds by its records but its journal account holds ${aud(r.journal)}`,
      figures: { premium_received: r.expected, journal_premium_received: r.journal },
    }
  return {
    check: 'journal_commission_payable',
    ...base,
    account: `agency:${r.owner_id}:commission_payable`,
    message: `Commission banked and not paid out ${aud(r.expected)} but its journal account holds ${aud(r.journal)}`,
    figures: { commission_payable: r.expected, journal_commission_payable: r.journal },
  }
}

/**
 * Each process against its own accounts (issue 22): a policy's premium received (posted credits -
 * debits) = what the business records say was received and not returned
 * (money_expected_premium_received, migration 0029), an agency's commission payable = its
 * commission banked and not paid out (money_expected_commission_payable), and a policy's clawback
 * account = what was paid back of its clawbacks (money_expected_clawback_collected, 0031).
 */
export async function processMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  const { rows } = await processFigures(tx)
  return rows.map(processMismatch)
}

/**
 * Each PAID insurer remittance left the bank once, for its amount (its posted INSURER_REMITTANCE
 * transfer, keyed by it), and no such transfer exists without a PAID remittance.
 */
export async function remittanceMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  const { rows } = await tx.execute<{
    id: number | null
    key: string | null
    expected: number
    journal: number
  }>(sql`
    with paid as (
      select id, 'insurer-remittance:' || id as key, amount_cents from insurer_remittances where status = 'PAID'
    ), sent as (
      select idempotency_key as key, amount from money_transfers
      where code = 'INSURER_REMITTANCE' and state = 'POSTED'
    )
    select p.id, coalesce(p.key, s.key) as key, coalesce(p.amount_cents, 0)::bigint as expected,
      coalesce(s.amount, 0)::bigint as journal
    from paid p full join sent s on s.key = p.key
    where coalesce(p.amount_cents, 0) <> coalesce(s.amount, 0)
    order by 2`)
  return rows.map((r) => ({
    check: 'journal_insurer_remittance',
    agency_id: null,
    agency_name: JOURNAL,
    invoice_id: null,
    message: `${r.key}: the remittance says ${aud(r.expected)} was paid but the journal holds ${aud(r.journal)}`,
    figures: { remittance: r.expected, journal_remittance: r.journal },
  }))
}
