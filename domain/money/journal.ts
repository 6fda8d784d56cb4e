import { asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { moneyAccounts, moneyTransfers, type TransferCode } from '../../db/schema/journal'
import { actorLabel, type Actor } from '../shared/actor'
import { clock } from '../shared/clock'
import { conflict, invalidTransition, notFound } from '../shared/errors'
import { rethrowClosedMonth } from '../finance/periods/closed-month-error'
import { assertMoneyAuthority, type MoneyDecision } from './authority'
import { accountIds, addDelta, applyDeltas, type Delta } from './journal-accounts'

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

type State = 'PENDING' | 'POSTED'

const sameContent = (row: TransferRow, t: TransferInput, ids: Map<string, number>, state: State) =>
  row.debit_account_id === ids.get(t.debit) &&
  row.credit_account_id === ids.get(t.credit) &&
  row.amount === t.amount &&
  row.code === t.code &&
  (state === 'POSTED' ? row.state === 'POSTED' : true)

/**
 * A call's transfers are well formed (positive whole cents, two accounts, unique keys) and pass
 * the money authority, all before anything is written (a retry by a maker is refused too).
 */
function assertValidTransfers(transfers: TransferInput[]) {
  const keys = new Set<string>()
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0)
      throw new Error(`Transfer amounts are positive cents: ${t.amount} (${t.key})`)
    if (t.debit === t.credit) throw new Error(`A transfer moves money between two accounts (${t.key})`)
    if (!t.key || keys.has(t.key)) throw new Error(`Transfer keys are unique: ${t.key}`)
    keys.add(t.key)
    assertMoneyAuthority(t)
  }
}

/** The transfers' rows in `state`; a key already recorded inserts nothing (answered below). */
function insertTransfers(tx: DbOrTx, transfers: TransferInput[], ids: Map<string, number>, state: State) {
  const now = clock.now()
  return tx
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
}

/** Each transfer's row by key: the ones just inserted, and repeats recorded with the same content (else 409). */
async function recordedByKey(
  tx: DbOrTx,
  transfers: TransferInput[],
  inserted: TransferRow[],
  ids: Map<string, number>,
  state: State,
) {
  const byKey = new Map(inserted.map((r) => [r.idempotency_key, r]))
  const repeats = transfers.filter((t) => !byKey.has(t.key))
  if (!repeats.length) return byKey
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
  return byKey
}

/** What the newly inserted transfers move: both accounts of each, on the side of `state`. */
function insertedDeltas(transfers: TransferInput[], inserted: TransferRow[], state: State) {
  const deltas = new Map<string, Delta>()
  for (const t of transfers) {
    if (!inserted.some((r) => r.idempotency_key === t.key)) continue
    if (state === 'POSTED') {
      addDelta(deltas, t.debit, (d) => (d.pd += t.amount))
      addDelta(deltas, t.credit, (d) => (d.pc += t.amount))
    } else {
      addDelta(deltas, t.debit, (d) => (d.xd += t.amount))
      addDelta(deltas, t.credit, (d) => (d.xc += t.amount))
    }
  }
  return deltas
}

async function record(tx: DbOrTx, transfers: TransferInput[], state: State) {
  if (!transfers.length) return []
  assertValidTransfers(transfers)
  const codes = [...new Set(transfers.flatMap((t) => [t.debit, t.credit]))].sort()
  const ids = await accountIds(tx, codes)
  // A transfer dated in a closed month is refused by the trigger of migration 0041: a 409 naming it.
  const inserted = await insertTransfers(tx, transfers, ids, state).catch(rethrowClosedMonth)
  const byKey = await recordedByKey(tx, transfers, inserted, ids, state)
  await applyDeltas(tx, insertedDeltas(transfers, inserted, state))
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
  const target = decision === 'post' ? 'POSTED' : 'VOIDED'
  const rows = await lockPending(tx, [keys].flat(), target)
  const open = rows.filter((r) => r.state === 'PENDING')
  if (!open.length) return rows
  const codes = await accountCodes(tx, open)
  if (decision === 'post' && by)
    for (const r of open) assertMoneyAuthority({ credit: codes.get(r.credit_account_id)!, decision: by })
  const decided = await tx
    .update(moneyTransfers)
    .set({ state: target, decided_at: clock.now() })
    .where(
      inArray(
        moneyTransfers.id,
        open.map((r) => r.id),
      ),
    )
    .returning()
    .catch(rethrowClosedMonth)
  await applyDeltas(tx, decidedDeltas(open, codes, decision))
  const after = new Map(decided.map((r) => [r.id, r]))
  return rows.map((r) => after.get(r.id) ?? r)
}

/** The transfers of `keys`, locked in id order: an unknown key is 404, one decided otherwise 409. */
async function lockPending(tx: DbOrTx, keys: string[], target: 'POSTED' | 'VOIDED') {
  const rows = await tx
    .select()
    .from(moneyTransfers)
    .where(inArray(moneyTransfers.idempotency_key, keys))
    .orderBy(asc(moneyTransfers.id))
    .for('update')
  for (const key of keys)
    if (!rows.some((r) => r.idempotency_key === key)) throw notFound(`Pending money transfer ${key}`)
  for (const r of rows)
    if (r.state !== 'PENDING' && r.state !== target)
      throw invalidTransition(`The money transfer ${r.idempotency_key} is ${r.state}; it cannot be ${target}`)
  return rows
}

/** The codes of the accounts the transfers move, by account id. */
async function accountCodes(tx: DbOrTx, transfers: TransferRow[]) {
  const ids = [...new Set(transfers.flatMap((r) => [r.debit_account_id, r.credit_account_id]))]
  const rows = await tx
    .select({ id: moneyAccounts.id, code: moneyAccounts.code })
    .from(moneyAccounts)
    .where(inArray(moneyAccounts.id, ids))
  return new Map(rows.map((a) => [a.id, a.code]))
}

/** Deciding pending transfers releases their reservation and, when posted, posts the amount. */
function decidedDeltas(open: TransferRow[], codes: Map<number, string>, decision: 'post' | 'void') {
  const deltas = new Map<string, Delta>()
  for (const r of open) {
    addDelta(deltas, codes.get(r.debit_account_id)!, (d) => {
      d.xd -= r.amount
      if (decision === 'post') d.pd += r.amount
    })
    addDelta(deltas, codes.get(r.credit_account_id)!, (c) => {
      c.xc -= r.amount
      if (decision === 'post') c.pc += r.amount
    })
  }
  return deltas
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
