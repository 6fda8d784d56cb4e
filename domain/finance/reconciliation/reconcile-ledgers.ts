import { and, isNull, like, ne, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { reconciliationRuns, tasks } from '../../../db/schema'
import type { sendMail } from '../../mail/mailer'
import type { Clock } from '../../shared/clock'
import { config, financeTeamEmail } from '../../shared/config'
import { formatCents } from '../../shared/format'
import { syncWorkflowTasks } from '../../tasks/workflow-tasks'
import { MAX_STORED_MISMATCHES, type ReconciliationMismatch } from './reconciliation-runs'
import { RECONCILIATION_CHECK_LABELS } from './reconciliation.rules'
import { staffLinks } from '../../shared/links'

const DAY_MS = 86_400_000
/** How many mismatches the alert mail spells out (the screen shows them all). */
const MAIL_LINES = 20

export const reconciliationTaskId = (runId: number) => `reconciliation-${runId}`
export const RECONCILIATION_PATH = staffLinks.reconciliation

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

type InvoiceFigures = {
  invoice_id: number
  agency_id: number
  agency_name: string
  status: string
  sub_total: number
  tax_total: number
  total_amount_due: number
  total_outstanding_amount: number
  line_items_total: number
  line_items_tax: number
  completed_payments: number
}

const aud = (cents: number) => formatCents(cents)

/** Every agency whose stored figures disagree with its ledgers, in one set-based query. */
async function agencyMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  const { rows } = await tx.execute<AgencyFigures>(sql`
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
  const out: ReconciliationMismatch[] = []
  for (const r of rows) {
    const base = { agency_id: r.agency_id, agency_name: r.agency_name, invoice_id: null }
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
    const expected = r.bnpl_allowance + r.bnpl_ledger_total
    if (r.bnpl_remaining !== expected)
      out.push({
        ...base,
        check: 'bnpl_remaining',
        message: `BNPL remaining ${aud(r.bnpl_remaining)} but allowance ${aud(r.bnpl_allowance)} and its ledger (${aud(r.bnpl_ledger_total)}) leave ${aud(expected)}`,
        figures: {
          bnpl_remaining: r.bnpl_remaining,
          bnpl_allowance: r.bnpl_allowance,
          bnpl_ledger_total: r.bnpl_ledger_total,
          expected_remaining: expected,
        },
      })
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
  }
  return out
}

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

const JOURNAL = 'Money journal'

/**
 * The money journal proves itself: the trial balance (posted and pending debits = credits over
 * every account) and every account's columns = the sums of its transfers by side and state.
 */
async function journalMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  const out: ReconciliationMismatch[] = []
  const [t] = (
    await tx.execute<{ pd: number; pc: number; xd: number; xc: number }>(sql`
      select coalesce(sum(posted_debits), 0)::bigint as pd, coalesce(sum(posted_credits), 0)::bigint as pc,
        coalesce(sum(pending_debits), 0)::bigint as xd, coalesce(sum(pending_credits), 0)::bigint as xc
      from money_accounts`)
  ).rows
  if (t.pd !== t.pc || t.xd !== t.xc)
    out.push({
      check: 'journal_trial_balance',
      agency_id: null,
      agency_name: JOURNAL,
      invoice_id: null,
      message: `Posted debits ${aud(t.pd)} and credits ${aud(t.pc)} (pending ${aud(t.xd)} and ${aud(t.xc)}) do not balance`,
      figures: { posted_debits: t.pd, posted_credits: t.pc, pending_debits: t.xd, pending_credits: t.xc },
    })
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
  for (const r of rows)
    out.push({
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
    })
  return out
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

/**
 * Each process against its own accounts (issue 22): a policy's premium received (posted credits -
 * debits) = what the business records say was received and not returned
 * (money_expected_premium_received, migration 0029), an agency's commission payable = its
 * commission banked and not paid out (money_expected_commission_payable), and a policy's clawback
 * account = what was paid back of its clawbacks (money_expected_clawback_collected, 0031).
 */
async function processMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  const { rows } = await tx.execute<ProcessFigures>(sql`
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
  return rows.map((r): ReconciliationMismatch => {
    if (r.kind === 'clawback')
      return {
        check: 'journal_clawback',
        agency_id: r.agency_id,
        agency_name: r.agency_name ?? JOURNAL,
        invoice_id: null,
        account: `policy:${r.owner_id}:clawback`,
        message: `Policy ${r.policy_ref ?? `#${r.owner_id}`} paid back ${aud(r.expected)} of clawed-back commission by its records but its journal account holds ${aud(r.journal)}`,
        figures: { clawback_collected: r.expected, journal_clawback: r.journal },
      }
    return r.kind === 'premium'
      ? {
          check: 'journal_premium_received' as const,
          agency_id: r.agency_id,
          agency_name: r.agency_name ?? JOURNAL,
          invoice_id: null,
          account: `policy:${r.owner_id}:premium_received`,
          message: `Policy ${r.policy_ref ?? `#${r.owner_id}`} received ${aud(r.expected)} net of refunds by its records but its journal account holds ${aud(r.journal)}`,
          figures: { premium_received: r.expected, journal_premium_received: r.journal },
        }
      : {
          check: 'journal_commission_payable' as const,
          agency_id: r.agency_id,
          agency_name: r.agency_name ?? JOURNAL,
          invoice_id: null,
          account: `agency:${r.owner_id}:commission_payable`,
          message: `Commission banked and not paid out ${aud(r.expected)} but its journal account holds ${aud(r.journal)}`,
          figures: { commission_payable: r.expected, journal_commission_payable: r.journal },
        }
  })
}

/** Every invoice whose totals disagree with its line items or its status with its payments. */
async function invoiceMismatches(tx: Pick<Db, 'execute'>): Promise<ReconciliationMismatch[]> {
  const { rows } = await tx.execute<InvoiceFigures>(sql`
    with items as (
      select invoice_id, sum(total_amount)::bigint as total, sum(tax_amount)::bigint as tax
      from invoice_line_items where invoice_id is not null group by invoice_id
    ), paid as (
      select invoice_id, sum(payment_amount)::bigint as total
      from invoice_payments where status = 'COMPLETED' group by invoice_id
    ), figures as (
      select i.id as invoice_id, i.agency_id, coalesce(a.full_company_name, a.email) as agency_name,
        i.status::text as status, i.sub_total, i.tax_total, i.total_amount_due, i.total_outstanding_amount,
        coalesce(items.total, 0)::bigint as line_items_total,
        coalesce(items.tax, 0)::bigint as line_items_tax,
        coalesce(paid.total, 0)::bigint as completed_payments
      from invoices i
      join agencies a on a.id = i.agency_id
      left join items on items.invoice_id = i.id
      left join paid on paid.invoice_id = i.id
    )
    select * from figures
    where sub_total <> line_items_total or total_amount_due <> line_items_total
      or tax_total <> line_items_tax
      or (status in ('PAID', 'OVER_PAID') and completed_payments < total_amount_due)
      or (status <> 'CANCELLED'
        and total_outstanding_amount <> greatest(0, total_amount_due - completed_payments))
    order by invoice_id`)
  const out: ReconciliationMismatch[] = []
  for (const r of rows) {
    const base = { agency_id: r.agency_id, agency_name: r.agency_name, invoice_id: r.invoice_id }
    const inv = `Invoice #${r.invoice_id}`
    if (r.sub_total !== r.line_items_total || r.total_amount_due !== r.line_items_total)
      out.push({
        ...base,
        check: 'invoice_totals',
        message: `${inv} totals ${aud(r.total_amount_due)} (sub-total ${aud(r.sub_total)}) but its line items sum to ${aud(r.line_items_total)}`,
        figures: {
          sub_total: r.sub_total,
          total_amount_due: r.total_amount_due,
          line_items_total: r.line_items_total,
        },
      })
    if (r.tax_total !== r.line_items_tax)
      out.push({
        ...base,
        check: 'invoice_tax',
        message: `${inv} has tax ${aud(r.tax_total)} but its line items carry ${aud(r.line_items_tax)}`,
        figures: { tax_total: r.tax_total, line_items_tax: r.line_items_tax },
      })
    if ((r.status === 'PAID' || r.status === 'OVER_PAID') && r.completed_payments < r.total_amount_due)
      out.push({
        ...base,
        check: 'invoice_paid',
        message: `${inv} is ${r.status} for ${aud(r.total_amount_due)} but its completed payments total ${aud(r.completed_payments)}`,
        figures: { total_amount_due: r.total_amount_due, completed_payments: r.completed_payments },
      })
    const outstanding = Math.max(0, r.total_amount_due - r.completed_payments)
    if (r.status !== 'CANCELLED' && r.total_outstanding_amount !== outstanding)
      out.push({
        ...base,
        check: 'invoice_outstanding',
        message: `${inv} shows ${aud(r.total_outstanding_amount)} outstanding but ${aud(r.total_amount_due)} due less ${aud(r.completed_payments)} paid leaves ${aud(outstanding)}`,
        figures: {
          total_outstanding_amount: r.total_outstanding_amount,
          expected_outstanding: outstanding,
          total_amount_due: r.total_amount_due,
          completed_payments: r.completed_payments,
        },
      })
  }
  return out
}

function alertMail(runId: number, mismatches: ReconciliationMismatch[], total: number) {
  const lines = mismatches
    .slice(0, MAIL_LINES)
    .map(
      (m) =>
        `- ${m.agency_name}${m.agency_id === null ? '' : ` (agency #${m.agency_id})`}: ${RECONCILIATION_CHECK_LABELS[m.check]}: ${m.message}`,
    )
  const more = total > lines.length ? [`…and ${total - lines.length} more.`] : []
  const url = new URL(RECONCILIATION_PATH, config().APP_URL).toString()
  return {
    subject: `Ledger reconciliation #${runId} found ${total} mismatch${total === 1 ? '' : 'es'}`,
    text: [
      `The ledger reconciliation #${runId} found figures that disagree with their ledgers:`,
      ...lines,
      ...more,
      `Open the reconciliation: ${url}`,
    ].join('\n'),
  }
}

/**
 * The ledger reconciliation (schedule `ledger-reconciliation`, nightly; staff can run it now).
 * For every agency at once, in one consistent snapshot: balance = the sum of its balance ledger
 * and = the balance after its last row; BNPL remaining = allowance + the sum of its BNPL ledger
 * (the allowance itself is set by the agency configuration without a ledger row); for every
 * invoice: sub_total and total_amount_due = its line items, tax_total = their tax, a PAID /
 * OVER_PAID invoice is covered by COMPLETED payments, and outstanding = max(0, due - paid) unless
 * cancelled; the money journal (ADR 0013): the trial balance is zero, every account's columns
 * are the sums of its transfers, each agency's balance and BNPL used equal its journal accounts,
 * each policy's premium received = premiums paid less refunded by its records, and each agency's
 * commission payable = its commission banked and not paid out.
 * Writes a reconciliation_runs row with every mismatch and its figures (cents); any
 * mismatch opens the staff task `reconciliation-<runId>` and mails the finance team once (keyed by
 * run). A new run closes the tasks of older runs: its own task carries the current figures.
 */
export async function reconcileLedgers(deps: {
  db: Db
  mail: typeof sendMail
  clock: Clock
  trigger: string
}) {
  const startedAt = deps.clock.now()
  const found = await deps.db.transaction(
    async (tx) => {
      const [{ agencies, invoices }] = (
        await tx.execute<{ agencies: number; invoices: number }>(
          sql`select (select count(*) from agencies)::int as agencies, (select count(*) from invoices)::int as invoices`,
        )
      ).rows
      const mismatches = [
        ...(await agencyMismatches(tx)),
        ...(await invoiceMismatches(tx)),
        ...(await journalMismatches(tx)),
        ...(await processMismatches(tx)),
      ]
      return { agencies, invoices, mismatches }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  const { mismatches } = found
  const [run] = await deps.db
    .insert(reconciliationRuns)
    .values({
      started_at: startedAt,
      finished_at: deps.clock.now(),
      agencies_checked: found.agencies,
      invoices_checked: found.invoices,
      mismatch_count: mismatches.length,
      mismatches: mismatches.slice(0, MAX_STORED_MISMATCHES),
      trigger: deps.trigger,
    })
    .returning()

  const taskId = reconciliationTaskId(run.id)
  await deps.db
    .update(tasks)
    .set({ closed_at: startedAt, outcome: 'closed' })
    .where(
      and(
        like(tasks.workflow_id, 'reconciliation-%'),
        ne(tasks.workflow_id, taskId),
        isNull(tasks.closed_at),
      ),
    )
  if (mismatches.length) {
    const agencyIds = [...new Set(mismatches.map((m) => m.agency_id))].filter((id) => id !== null)
    await syncWorkflowTasks(taskId, {
      kind: 'reconciliation',
      audience: 'staff',
      subject: `Ledger reconciliation #${run.id}: ${mismatches.length} mismatch${mismatches.length === 1 ? '' : 'es'} to investigate`,
      agencyId: agencyIds.length === 1 ? agencyIds[0] : null,
      link: RECONCILIATION_PATH,
      dueAt: new Date(startedAt.getTime() + DAY_MS),
    })
    await deps.mail(
      { to: financeTeamEmail(), ...alertMail(run.id, mismatches, mismatches.length) },
      { idempotencyKey: `reconciliation-${run.id}` },
    )
  }
  return run
}
