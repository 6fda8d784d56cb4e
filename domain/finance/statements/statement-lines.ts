import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import {
  agencies,
  agencyTopups,
  bankStatementLines,
  bnplPaymentRequests,
  clawbacks,
  invoicePayments,
  payoutBatches,
  policies,
  policyPremiumPayments,
} from '../../../db/schema'
import type { StatementLineState, StatementMatchKind } from '../../../db/schema/statements'
import { bnplReference, invoiceReference, topupReference } from './statements.rules'

type LineRow = typeof bankStatementLines.$inferSelect
type Cents = number

/**
 * What a line is matched to, as the statement screen shows it: for a premium still waiting, the
 * amount it still asks for (`waiting`), so a line short or over it shows the difference.
 */
export type MatchTarget = {
  label: string
  agency: string | null
  amount_cents: number
  status: string
  waiting?: boolean
}

/** What a policy's payment waiting for a bank transfer still asks for (after a part received). */
const stillDue = sql<Cents | null>`(select ${policyPremiumPayments.amount} - ${policyPremiumPayments.received_amount}
  from ${policyPremiumPayments} where ${policyPremiumPayments.policy_id} = ${policies.id}
  and ${policyPremiumPayments.status} = 'REQUESTED' order by ${policyPremiumPayments.id} desc limit 1)`

/** The policies lines are matched to, with what a payment still waiting asks for. */
async function policyTargets(db: DbOrTx, policyIds: number[]) {
  const out: [string, MatchTarget][] = []
  for (const p of await db
    .select({
      id: policies.id,
      ref: policies.ref,
      status: policies.status,
      premium: policies.premium,
      agency: agencies.full_company_name,
      due: stillDue,
    })
    .from(policies)
    .innerJoin(agencies, eq(agencies.id, policies.agency_id))
    .where(inArray(policies.id, policyIds)))
    out.push([
      `policy_payment:${p.id}`,
      {
        label: `Policy ${p.ref}`,
        agency: p.agency,
        amount_cents: p.due === null ? (p.premium ?? 0) : Number(p.due),
        status: p.status,
        waiting: p.due !== null,
      },
    ])
  return out
}

type Targets = (db: DbOrTx, ids: number[]) => Promise<[string, MatchTarget][]>

const topupTargets: Targets = async (db, ids) =>
  (
    await db
      .select({
        id: agencyTopups.id,
        amount: agencyTopups.amount,
        status: agencyTopups.status,
        agency: agencies.full_company_name,
      })
      .from(agencyTopups)
      .innerJoin(agencies, eq(agencies.id, agencyTopups.agency_id))
      .where(inArray(agencyTopups.id, ids))
  ).map((t) => [
    `topup:${t.id}`,
    { label: `Top-up ${topupReference(t.id)}`, agency: t.agency, amount_cents: t.amount, status: t.status },
  ])

const invoicePartTargets: Targets = async (db, ids) =>
  (
    await db
      .select({
        id: invoicePayments.id,
        invoiceId: invoicePayments.invoice_id,
        amount: invoicePayments.payment_amount,
        status: invoicePayments.status,
        agency: agencies.full_company_name,
      })
      .from(invoicePayments)
      .innerJoin(agencies, eq(agencies.id, invoicePayments.agency_id))
      .where(inArray(invoicePayments.id, ids))
  ).map((p) => [
    `invoice_payment:${p.id}`,
    {
      label: `Invoice ${invoiceReference(p.invoiceId)}, bank part #${p.id}`,
      agency: p.agency,
      amount_cents: p.amount,
      status: p.status,
    },
  ])

const clawbackTargets: Targets = async (db, ids) =>
  (
    await db
      .select({
        id: clawbacks.id,
        ref: policies.ref,
        amount: clawbacks.outstanding_amount,
        status: clawbacks.status,
        agency: agencies.full_company_name,
      })
      .from(clawbacks)
      .innerJoin(policies, eq(policies.id, clawbacks.policy_id))
      .innerJoin(agencies, eq(agencies.id, clawbacks.agency_id))
      .where(inArray(clawbacks.id, ids))
  ).map((c) => [
    `clawback:${c.id}`,
    {
      label: `Clawback #${c.id} on policy ${c.ref}`,
      agency: c.agency,
      amount_cents: c.amount,
      status: c.status,
    },
  ])

const settlementTargets: Targets = async (db, ids) =>
  (
    await db
      .select({
        id: bnplPaymentRequests.id,
        amount: bnplPaymentRequests.total_amount,
        status: bnplPaymentRequests.status,
        agency: agencies.full_company_name,
      })
      .from(bnplPaymentRequests)
      .innerJoin(agencies, eq(agencies.id, bnplPaymentRequests.agency_id))
      .where(inArray(bnplPaymentRequests.id, ids))
  ).map((b) => [
    `bnpl_settlement:${b.id}`,
    {
      label: `Buy now, pay later settlement ${bnplReference(b.id)}`,
      agency: b.agency,
      amount_cents: b.amount,
      status: b.status,
    },
  ])

const batchTargets: Targets = async (db, ids) =>
  (
    await db
      .select({ id: payoutBatches.id, total: payoutBatches.total_cents, status: payoutBatches.status })
      .from(payoutBatches)
      .where(inArray(payoutBatches.id, ids))
  ).map((b) => [
    `payout_batch:${b.id}`,
    { label: `Payout batch #${b.id}`, agency: null, amount_cents: b.total, status: b.status },
  ])

const TARGETS: Record<StatementMatchKind, Targets> = {
  policy_payment: policyTargets,
  topup: topupTargets,
  invoice_payment: invoicePartTargets,
  clawback: clawbackTargets,
  bnpl_settlement: settlementTargets,
  payout_batch: batchTargets,
}

/** The records a statement's lines are matched to, by `kind:id`. */
async function targetsOf(db: DbOrTx, lines: LineRow[]) {
  const out = new Map<string, MatchTarget>()
  for (const [kind, load] of Object.entries(TARGETS)) {
    const ids = lines.filter((l) => l.matched_kind === kind).map((l) => l.matched_id!)
    if (ids.length) for (const [key, target] of await load(db, ids)) out.set(key, target)
  }
  return out
}

/** A statement's lines in file order, each with its match target, and the totals per state. */
export async function statementLines(db: DbOrTx, statementId: number) {
  const rows = await db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.statement_id, statementId))
    // A split line's parts follow it.
    .orderBy(
      asc(sql`coalesce(${bankStatementLines.parent_line_id}, ${bankStatementLines.id})`),
      asc(bankStatementLines.id),
    )
  const targets = await targetsOf(db, rows)
  const totals = { credits_cents: 0, debits_cents: 0 } as Record<string, number>
  const counts: Partial<Record<StatementLineState, number>> = {}
  for (const r of rows) {
    counts[r.state as StatementLineState] = (counts[r.state as StatementLineState] ?? 0) + 1
    // A split line's money is counted in its parts.
    if (r.state === 'split') continue
    if (r.amount_cents < 0) totals.debits_cents += -r.amount_cents
    else {
      totals.credits_cents += r.amount_cents
      totals[`${r.state}_cents`] = (totals[`${r.state}_cents`] ?? 0) + r.amount_cents
    }
  }
  const lines = rows.map((r) => ({
    ...r,
    target: r.matched_kind ? (targets.get(`${r.matched_kind}:${r.matched_id}`) ?? null) : null,
  }))
  return { lines, totals, counts }
}
