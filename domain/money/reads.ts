// Reads of the money journal for the screens (issue 22): a policy's money trail, the trial balance
// and an agency's accounts (its balance account's trail: balance-trail.ts). Each read takes
// the caller's connection or transaction and filters on an indexed column (db/schema/journal.ts:
// money_transfers_policy_idx, money_transfers_debit_idx / _credit_idx, money_accounts_agency_idx,
// money_accounts_policy_idx). Account figures come from the accounts' running columns; only the
// running balance of a trail is summed, over one account's transfers.
import { asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'
import { MONEY_ACCOUNT_KINDS, moneyAccounts, moneyTransfers } from '../../db/schema/journal'
import { findActorNames } from '../shared/actor-names'
import { actorDisplay } from '../shared/labels'
import {
  accountKindLabel,
  accountLabel,
  pendingApproverText,
  transferCodeLabel,
  transferStateLabel,
} from './labels'

const debitAccount = alias(moneyAccounts, 'debit_account')
const creditAccount = alias(moneyAccounts, 'credit_account')

/** The records a transfer names (money_transfers' own columns), for a trail to link to them. */
export type TransferRecords = {
  policy_id: number | null
  invoice_id: number | null
  payout_id: number | null
  refund_id: number | null
  clawback_id: number | null
  amendment_id: number | null
}

/** One transfer as a trail shows it: amounts in integer cents, codes with their words. */
export type TrailLine = TransferRecords & {
  id: number
  created_at: Date
  decided_at: Date | null
  code: string
  label: string
  state: string
  state_label: string
  amount: number
  debit: string
  credit: string
  from_label: string
  to_label: string
  /** The stored actor label (`Oshc:<e-mail>`, `workflow:<id>`). */
  actor: string
  note: string | null
  paid_currency: string | null
  paid_amount: number | null
}

type TransferWithCodes = TransferRecords & {
  id: number
  created_at: Date
  decided_at: Date | null
  code: string
  state: string
  amount: number
  debit: string
  credit: string
  actor: string
  note: string | null
  paid_currency: string | null
  paid_amount: number | null
}

const toLine = (r: TransferWithCodes): TrailLine => ({
  ...r,
  label: transferCodeLabel(r.code),
  state_label: transferStateLabel(r.state),
  // A transfer moves its amount from the debit account to the credit account (ADR 0013).
  from_label: accountLabel(r.debit),
  to_label: accountLabel(r.credit),
})

/**
 * Every transfer linked to the policy (money_transfers.policy_id), oldest first, with its accounts'
 * codes. Not a use case: the caller has already loaded the policy for its actor (tenant check).
 */
export async function listPolicyTransfers(tx: DbOrTx, policyId: number): Promise<TrailLine[]> {
  const t = moneyTransfers
  const rows = await tx
    .select({
      id: t.id,
      created_at: t.created_at,
      decided_at: t.decided_at,
      code: t.code,
      state: t.state,
      amount: t.amount,
      debit: debitAccount.code,
      credit: creditAccount.code,
      actor: t.actor,
      note: t.note,
      paid_currency: t.paid_currency,
      paid_amount: t.paid_amount,
      policy_id: t.policy_id,
      invoice_id: t.invoice_id,
      payout_id: t.payout_id,
      refund_id: t.refund_id,
      clawback_id: t.clawback_id,
      amendment_id: t.amendment_id,
    })
    .from(t)
    .innerJoin(debitAccount, eq(debitAccount.id, t.debit_account_id))
    .innerJoin(creditAccount, eq(creditAccount.id, t.credit_account_id))
    .where(eq(t.policy_id, policyId))
    .orderBy(asc(t.id))
  return rows.map(toLine)
}

/**
 * `lines` with the maker's name (`actor_name`) and, for a pending transfer, who may approve it in
 * words (`approver`: a finance staff member other than its maker). Names come from the people
 * behind the stored actor labels; callers pass lines they were allowed to read.
 */
export async function withApprovers<T extends { actor: string; state: string }>(lines: T[]) {
  const names = await findActorNames(lines.map((l) => l.actor))
  return lines.map((l) => ({
    ...l,
    actor_name: actorDisplay(l.actor, names),
    approver: l.state === 'PENDING' ? pendingApproverText(l.actor, names) : null,
  }))
}

type Sums = {
  posted_debits: number
  posted_credits: number
  pending_debits: number
  pending_credits: number
}

const sums = {
  posted_debits: sql<number>`coalesce(sum(${moneyAccounts.posted_debits}), 0)::bigint`.mapWith(Number),
  posted_credits: sql<number>`coalesce(sum(${moneyAccounts.posted_credits}), 0)::bigint`.mapWith(Number),
  pending_debits: sql<number>`coalesce(sum(${moneyAccounts.pending_debits}), 0)::bigint`.mapWith(Number),
  pending_credits: sql<number>`coalesce(sum(${moneyAccounts.pending_credits}), 0)::bigint`.mapWith(Number),
}

const kindOrder = (kind: string) => {
  const i = (MONEY_ACCOUNT_KINDS as readonly string[]).indexOf(kind)
  return i < 0 ? MONEY_ACCOUNT_KINDS.length : i
}

/**
 * The trial balance from the accounts' running columns: per account kind, the number of accounts
 * and their posted debits and credits and pending debits and credits (cents), and the grand total.
 * Double entry makes total debits equal total credits, posted and pending each; `difference` is
 * debits - credits (zero when balanced).
 */
export async function trialBalance(tx: DbOrTx) {
  const rows = await tx
    .select({ kind: moneyAccounts.kind, accounts: sql<number>`count(*)::int`, ...sums })
    .from(moneyAccounts)
    .groupBy(moneyAccounts.kind)
  const kinds = rows
    .map((r) => ({ ...r, label: accountKindLabel(r.kind) }))
    .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.kind.localeCompare(b.kind))
  const total: Sums & { accounts: number } = {
    accounts: 0,
    posted_debits: 0,
    posted_credits: 0,
    pending_debits: 0,
    pending_credits: 0,
  }
  for (const k of kinds) {
    total.accounts += k.accounts
    total.posted_debits += k.posted_debits
    total.posted_credits += k.posted_credits
    total.pending_debits += k.pending_debits
    total.pending_credits += k.pending_credits
  }
  const difference = {
    posted: total.posted_debits - total.posted_credits,
    pending: total.pending_debits - total.pending_credits,
  }
  return { kinds, total, difference, balanced: difference.posted === 0 && difference.pending === 0 }
}

/** What an account holds: credits - debits posted (`balance`), and less pending debits (`available`). */
export const withBalance = <T extends Sums>(a: T) => ({
  ...a,
  balance: a.posted_credits - a.posted_debits,
  available: a.posted_credits - a.posted_debits - a.pending_debits,
})

/**
 * The accounts of one agency with their figures (cents): its own accounts one by one (balance,
 * BNPL, commission payable...) and, per kind, the totals of the accounts of its policies and
 * invoices (premium received, clawback, invoice payments). Not a use case: see getTrialBalance.
 */
export async function agencyAccounts(tx: DbOrTx, agencyId: number) {
  const a = moneyAccounts
  const own = await tx
    .select({
      code: a.code,
      kind: a.kind,
      posted_debits: a.posted_debits,
      posted_credits: a.posted_credits,
      pending_debits: a.pending_debits,
      pending_credits: a.pending_credits,
    })
    .from(a)
    .where(eq(a.agency_id, agencyId))
    .orderBy(asc(a.code))
  const { rows: owned } = await tx.execute<
    { owner: 'policy' | 'invoice'; kind: string; accounts: number } & Sums
  >(sql`
    select 'policy' as owner, a.kind, count(*)::int as accounts,
      coalesce(sum(a.posted_debits), 0)::bigint as posted_debits,
      coalesce(sum(a.posted_credits), 0)::bigint as posted_credits,
      coalesce(sum(a.pending_debits), 0)::bigint as pending_debits,
      coalesce(sum(a.pending_credits), 0)::bigint as pending_credits
    from money_accounts a join policies p on p.id = a.policy_id
    where p.agency_id = ${agencyId}
    group by a.kind
    union all
    select 'invoice' as owner, a.kind, count(*)::int as accounts,
      coalesce(sum(a.posted_debits), 0)::bigint,
      coalesce(sum(a.posted_credits), 0)::bigint,
      coalesce(sum(a.pending_debits), 0)::bigint,
      coalesce(sum(a.pending_credits), 0)::bigint
    from money_accounts a join invoices i on i.id = a.invoice_id
    where i.agency_id = ${agencyId}
    group by a.kind`)
  return {
    accounts: own.map((r) => withBalance({ ...r, label: accountLabel(r.code) })),
    byKind: owned
      .map((r) =>
        withBalance({
          owner: r.owner,
          kind: r.kind,
          label: accountKindLabel(r.kind),
          accounts: Number(r.accounts),
          posted_debits: Number(r.posted_debits),
          posted_credits: Number(r.posted_credits),
          pending_debits: Number(r.pending_debits),
          pending_credits: Number(r.pending_credits),
        }),
      )
      .sort((x, y) => kindOrder(x.kind) - kindOrder(y.kind)),
  }
}

/**
 * The money trail of a policy page: listPolicyTransfers with the makers' names and, for pending
 * transfers, who may approve them. Not a use case: the page loaded the policy for its actor first
 * (getPolicyDetails: another agency's policy is NOT_FOUND before this runs).
 */
export async function policyMoneyTrail(tx: DbOrTx, policyId: number) {
  return withApprovers(await listPolicyTransfers(tx, policyId))
}
