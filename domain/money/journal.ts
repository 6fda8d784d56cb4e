import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { moneyAccounts, moneyTransfers, type TransferCode } from '../../db/schema/journal'
import { actorLabel, type Actor } from '../shared/actor'
import { clock } from '../shared/clock'
import { conflict, invalidTransition, notFound } from '../shared/errors'
import { FLOOR_MESSAGES, FLOORS, parseAccount } from './accounts'
import { assertMoneyAuthority, type MoneyDecision } from './authority'

export { assertMoneyAuthority, type MoneyDecision } from './authority'

export type TransferRow = typeof moneyTransfers.$inferSelect

/** One movement to record: `amount` cents (> 0) from `debit` to `credit` (account codes). */
export type TransferInput = {
  /** Unique per movement: a repeat with the same key and content returns the recorded transfer. */
  key: string
  debit: string
  credit: string
  amount: number
  code: TransferCode
  actor: Actor | string
  note?: string | null
  agencyId?: number | null
  policyId?: number | null
  invoiceId?: number | null
  topupId?: number | null
  paymentId?: number | null
  amendmentId?: number | null
  refundId?: number | null
  clawbackId?: number | null
  payoutId?: number | null
  /** What was paid where it was not AUD: the currency, the amount in its minor units, the rate. */
  paid?: { currency: string; amount: number; rate: string } | null
  /**
   * The staff decision this movement comes from (who decides, and who made or last changed the
   * record). A transfer that carries one and credits an agency is refused unless the decider holds
   * `finance` and is not a maker (assertMoneyAuthority, 403). Not stored: the actor column says who.
   */
  decision?: MoneyDecision | null
}

type Delta = { pd: number; pc: number; xd: number; xc: number }
const zero = (): Delta => ({ pd: 0, pc: 0, xd: 0, xc: 0 })

function floorError(code: string) {
  const kind = parseAccount(code).kind
  return conflict(FLOOR_MESSAGES[kind] ?? `This would take the money account ${code} below its floor`)
}

const isCheckViolation = (err: unknown) => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if ('code' in e && (e as { code: unknown }).code === '23514') return true
    e = 'cause' in e ? (e as { cause: unknown }).cause : undefined
  }
  return false
}

/**
 * Applies the column changes to each account in code order, so two transactions that touch the
 * same accounts lock them in the same order and never deadlock. Each UPDATE carries the floor
 * (the same inequality as the table's CHECK), so a posting that would overdraw changes nothing
 * and answers 409 with the account's reason; the CHECK stays the backstop for any other writer.
 */
async function applyDeltas(tx: DbOrTx, deltas: Map<string, Delta>) {
  const a = moneyAccounts
  for (const code of [...deltas.keys()].sort()) {
    const d = deltas.get(code)!
    const rows = await tx
      .update(a)
      .set({
        posted_debits: sql`${a.posted_debits} + ${d.pd}`,
        posted_credits: sql`${a.posted_credits} + ${d.pc}`,
        pending_debits: sql`${a.pending_debits} + ${d.xd}`,
        pending_credits: sql`${a.pending_credits} + ${d.xc}`,
      })
      .where(
        and(
          eq(a.code, code),
          sql`(not ${a.debits_must_not_exceed_credits} or ${a.posted_debits} + ${d.pd} + ${a.pending_debits} + ${d.xd} <= ${a.posted_credits} + ${d.pc})`,
          sql`(not ${a.credits_must_not_exceed_debits} or ${a.posted_credits} + ${d.pc} + ${a.pending_credits} + ${d.xc} <= ${a.posted_debits} + ${d.pd})`,
        ),
      )
      .returning({ id: a.id })
      .catch((err: unknown) => {
        throw isCheckViolation(err) ? floorError(code) : err
      })
    if (!rows.length) throw floorError(code)
  }
}

/** The account ids of `codes`, creating the accounts that do not exist yet (with their floor). */
async function accountIds(tx: DbOrTx, codes: string[]) {
  const rows = codes.map((c) => {
    const p = parseAccount(c)
    const floor = FLOORS[p.kind]
    return {
      ...p,
      debits_must_not_exceed_credits: floor === 'debits_must_not_exceed_credits',
      credits_must_not_exceed_debits: floor === 'credits_must_not_exceed_debits',
    }
  })
  // Rows inserted by the CTE are invisible to the SELECT beside it (one snapshot), so the union
  // has no duplicates; an account another transaction created meanwhile is read again below.
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.code}, ${r.kind}, ${r.agency_id}::int, ${r.policy_id}::int, ${r.invoice_id}::int, ${r.debits_must_not_exceed_credits}, ${r.credits_must_not_exceed_debits})`,
    ),
    sql`, `,
  )
  const list = sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  )
  const { rows: found } = await tx.execute<{ id: number; code: string }>(sql`
    with ins as (
      insert into money_accounts (code, kind, agency_id, policy_id, invoice_id,
        debits_must_not_exceed_credits, credits_must_not_exceed_debits)
      values ${values}
      on conflict (code) do nothing
      returning id, code
    )
    select id, code from ins
    union all
    select id, code from money_accounts where code in (${list})`)
  const ids = new Map(found.map((r) => [r.code, r.id]))
  const missing = codes.filter((c) => !ids.has(c))
  if (missing.length)
    for (const r of await tx
      .select({ id: moneyAccounts.id, code: moneyAccounts.code })
      .from(moneyAccounts)
      .where(inArray(moneyAccounts.code, missing)))
      ids.set(r.code, r.id)
  return ids
}

const sameContent = (
  row: TransferRow,
  t: TransferInput,
  ids: Map<string, number>,
  state: 'PENDING' | 'POSTED',
) =>
  row.debit_account_id === ids.get(t.debit) &&
  row.credit_account_id === ids.get(t.credit) &&
  row.amount === t.amount &&
  row.code === t.code &&
  (state === 'POSTED' ? row.state === 'POSTED' : true)

async function record(tx: DbOrTx, transfers: TransferInput[], state: 'PENDING' | 'POSTED') {
  if (!transfers.length) return []
  const keys = new Set<string>()
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0)
      throw new Error(`Transfer amounts are positive cents: ${t.amount} (${t.key})`)
    if (t.debit === t.credit) throw new Error(`A transfer moves money between two accounts (${t.key})`)
    if (!t.key || keys.has(t.key)) throw new Error(`Transfer keys are unique: ${t.key}`)
    keys.add(t.key)
    // The one authority for money, before anything is written (a retry by a maker is refused too).
    assertMoneyAuthority(t)
  }
  const codes = [...new Set(transfers.flatMap((t) => [t.debit, t.credit]))].sort()
  const ids = await accountIds(tx, codes)
  const now = clock.now()
  const inserted = await tx
    .insert(moneyTransfers)
    .values(
      transfers.map((t) => ({
        debit_account_id: ids.get(t.debit)!,
        credit_account_id: ids.get(t.credit)!,
        amount: t.amount,
        code: t.code,
        state,
        idempotency_key: t.key,
        agency_id: t.agencyId ?? null,
        policy_id: t.policyId ?? null,
        invoice_id: t.invoiceId ?? null,
        topup_id: t.topupId ?? null,
        payment_id: t.paymentId ?? null,
        amendment_id: t.amendmentId ?? null,
        refund_id: t.refundId ?? null,
        clawback_id: t.clawbackId ?? null,
        payout_id: t.payoutId ?? null,
        actor: typeof t.actor === 'string' ? t.actor : actorLabel(t.actor),
        note: t.note ?? null,
        paid_currency: t.paid?.currency ?? null,
        paid_amount: t.paid?.amount ?? null,
        rate: t.paid?.rate ?? null,
        created_at: now,
        decided_at: state === 'POSTED' ? now : null,
      })),
    )
    .onConflictDoNothing({ target: moneyTransfers.idempotency_key })
    .returning()
  const byKey = new Map(inserted.map((r) => [r.idempotency_key, r]))
  const repeats = transfers.filter((t) => !byKey.has(t.key))
  if (repeats.length) {
    const existing = await tx
      .select()
      .from(moneyTransfers)
      .where(
        inArray(
          moneyTransfers.idempotency_key,
          repeats.map((t) => t.key),
        ),
      )
    for (const t of repeats) {
      const row = existing.find((r) => r.idempotency_key === t.key)
      if (!row || !sameContent(row, t, ids, state))
        throw conflict(`The money transfer ${t.key} was already recorded with different content`)
      byKey.set(t.key, row)
    }
  }
  const deltas = new Map<string, Delta>()
  const add = (code: string, f: (d: Delta) => void) => {
    const d = deltas.get(code) ?? zero()
    f(d)
    deltas.set(code, d)
  }
  for (const t of transfers) {
    if (!inserted.some((r) => r.idempotency_key === t.key)) continue
    if (state === 'POSTED') {
      add(t.debit, (d) => (d.pd += t.amount))
      add(t.credit, (d) => (d.pc += t.amount))
    } else {
      add(t.debit, (d) => (d.xd += t.amount))
      add(t.credit, (d) => (d.xc += t.amount))
    }
  }
  await applyDeltas(tx, deltas)
  return transfers.map((t) => byKey.get(t.key)!)
}

/**
 * The one writer of the money journal: records the transfers of one business event as POSTED, in
 * the caller's transaction `tx` (they commit together or not at all), and moves both accounts of
 * each. Accounts are created on first use with the floor of their kind. Idempotent by `key`: a
 * repeat with the same content returns the recorded transfer and moves nothing; different content
 * is a 409. A posting past an account's floor is a 409 with the account's reason (for an agency's
 * balance "Insufficient agency balance"); the caller's transaction must then roll back.
 * The one authority for money: a transfer carrying a staff `decision` that credits an agency is
 * refused (403) unless the decider holds `finance` and neither made nor last changed the record
 * (assertMoneyAuthority); nothing of the call is written then.
 */
export function postTransfers(tx: DbOrTx, transfers: TransferInput[]) {
  return record(tx, transfers, 'POSTED')
}

/**
 * Records transfers as PENDING (two-phase): the amounts reserve against the accounts' floors
 * (pending debits count against a balance) until `decidePending` posts or voids them.
 */
export function postPending(tx: DbOrTx, transfers: TransferInput[]) {
  return record(tx, transfers, 'PENDING')
}

/**
 * Posts or voids pending transfers by key, in `tx`. A transfer already in the decided state is
 * answered as it is (a retried decision); any other decided state is a 409; an unknown key 404.
 * `by`: the staff decision that posts them. Posting a transfer that credits an agency under it
 * passes assertMoneyAuthority first (403, nothing changed); a void never credits anything (it
 * gives a reservation back to where it was), so it is not checked.
 */
export async function decidePending(
  tx: DbOrTx,
  keys: string | string[],
  decision: 'post' | 'void',
  by?: MoneyDecision | null,
) {
  const list = [keys].flat()
  const target = decision === 'post' ? 'POSTED' : 'VOIDED'
  const rows = await tx
    .select()
    .from(moneyTransfers)
    .where(inArray(moneyTransfers.idempotency_key, list))
    .orderBy(asc(moneyTransfers.id))
    .for('update')
  for (const key of list)
    if (!rows.some((r) => r.idempotency_key === key)) throw notFound(`Pending money transfer ${key}`)
  for (const r of rows)
    if (r.state !== 'PENDING' && r.state !== target)
      throw invalidTransition(`The money transfer ${r.idempotency_key} is ${r.state}; it cannot be ${target}`)
  const open = rows.filter((r) => r.state === 'PENDING')
  if (!open.length) return rows
  const accountIds = [...new Set(open.flatMap((r) => [r.debit_account_id, r.credit_account_id]))]
  const codes = new Map(
    (
      await tx
        .select({ id: moneyAccounts.id, code: moneyAccounts.code })
        .from(moneyAccounts)
        .where(inArray(moneyAccounts.id, accountIds))
    ).map((a) => [a.id, a.code]),
  )
  if (decision === 'post' && by)
    for (const r of open) assertMoneyAuthority({ credit: codes.get(r.credit_account_id)!, decision: by })
  const now = clock.now()
  const decided = await tx
    .update(moneyTransfers)
    .set({ state: target, decided_at: now })
    .where(
      inArray(
        moneyTransfers.id,
        open.map((r) => r.id),
      ),
    )
    .returning()
  const deltas = new Map<string, Delta>()
  for (const r of open) {
    const debit = codes.get(r.debit_account_id)!
    const credit = codes.get(r.credit_account_id)!
    const d = deltas.get(debit) ?? zero()
    const c = deltas.get(credit) ?? zero()
    d.xd -= r.amount
    c.xc -= r.amount
    if (decision === 'post') {
      d.pd += r.amount
      c.pc += r.amount
    }
    deltas.set(debit, d)
    deltas.set(credit, c)
  }
  await applyDeltas(tx, deltas)
  const after = new Map(decided.map((r) => [r.id, r]))
  return rows.map((r) => after.get(r.id) ?? r)
}

/**
 * What an account holds, from its columns (never summed from the journal): `spendable` is
 * posted credits - posted debits - pending debits (the agency balance an agency may spend).
 */
export async function getAccount(tx: DbOrTx, code: string) {
  const [a] = await tx.select().from(moneyAccounts).where(eq(moneyAccounts.code, code))
  if (!a) return null
  return {
    ...a,
    balance: a.posted_credits - a.posted_debits,
    spendable: a.posted_credits - a.posted_debits - a.pending_debits,
  }
}
