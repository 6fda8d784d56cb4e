import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { agencyBalances, agencyBalanceTransactions, agencyTopups, bnplTransactions } from '../../../db/schema'
import { moneyAccounts, moneyTransfers } from '../../../db/schema/journal'
import { actorLabel, type Actor } from '../../shared/actor'
import { conflict } from '../../shared/errors'
import { clock } from '../../shared/clock'
import {
  account,
  balanceEntryTransfer,
  bnplEntryTransfer,
  INSUFFICIENT_BALANCE,
  INSUFFICIENT_BNPL,
  type BalanceEntryType,
} from '../../money/accounts'
import {
  assertMoneyAuthority,
  decidePending,
  postPending,
  postTransfers,
  type MoneyDecision,
} from '../../money/journal'

export type BalanceTransactionType = BalanceEntryType
export { INSUFFICIENT_BALANCE, INSUFFICIENT_BNPL }

/** One movement of an agency's balance, as postBalanceEntry records it. */
export type BalanceEntry = {
  agencyId: number
  type: BalanceTransactionType
  amount: number
  actor: Actor | string
  policyId?: number | null
  topupId?: number | null
  invoiceId?: number | null
  /** The clawback a CLAWBACK_PAYMENT pays (stored on the transfer, found by its decision). */
  clawbackId?: number | null
  note?: string | null
  /** The counter account when the money came from elsewhere than its channel (suspense allocated to a top-up). */
  from?: string
  decision?: MoneyDecision | null
  /**
   * Two-phase (TigerBeetle's pending transfers): `reserve` records a debit's transfer as PENDING
   * under this key (the spendable balance falls at once, the money waits for a decision);
   * `release` voids the pending transfer of that key instead of posting a credit (a rejection
   * gives the reservation back). Posting a reservation is `decidePending(key, 'post')`.
   */
  journal?: { reserve: string } | { release: string }
}

/**
 * The one way to move an agency's balance: a single conditional UPDATE (the row lock makes
 * concurrent debits queue, and the `balance + amount >= 0` guard means a debit that would
 * overdraw changes nothing) followed by the ledger row with the balance after it, both in `tx`.
 * `amount` is signed cents: negative debits, positive credits. 409 "Insufficient agency balance".
 * The money journal records the same movement in `tx` (ADR 0013): a transfer between the agency's
 * balance account and the counter account of `type` (BALANCE_ENTRY_ACCOUNTS), keyed by the ledger
 * row; agency_balances and its ledger are the projections kept beside it.
 * `decision`: the staff decision a credit comes from (the decider and who made or last changed
 * the record); the journal's writer refuses it (403) unless the decider holds `finance` and is not
 * a maker (assertMoneyAuthority), checked here first so nothing is written before the refusal.
 */
export async function postBalanceEntry(tx: DbOrTx, e: BalanceEntry) {
  if (!Number.isInteger(e.amount) || e.amount === 0)
    throw new Error(`Ledger amounts are non-zero cents: ${e.amount}`)
  if (e.journal && ('reserve' in e.journal ? e.amount > 0 : e.amount < 0))
    throw new Error('A reservation debits the balance; its release credits it back')
  const transfer = balanceEntryTransfer(e.type, e.amount, {
    agencyId: e.agencyId,
    policyId: e.policyId,
    invoiceId: e.invoiceId,
    topupMethod: await topupMethodOf(tx, e),
    from: e.from,
  })
  assertMoneyAuthority({ credit: transfer.credit, decision: e.decision })
  await tx.insert(agencyBalances).values({ agency_id: e.agencyId }).onConflictDoNothing()
  const [row] = await tx
    .update(agencyBalances)
    .set({ balance: sql`${agencyBalances.balance} + ${e.amount}`, updated_at: clock.now() })
    .where(sql`${agencyBalances.agency_id} = ${e.agencyId} and ${agencyBalances.balance} + ${e.amount} >= 0`)
    .returning({ balance: agencyBalances.balance })
  if (!row) throw conflict(INSUFFICIENT_BALANCE)
  const [entry] = await tx
    .insert(agencyBalanceTransactions)
    .values({
      agency_id: e.agencyId,
      type: e.type,
      transaction_amount: e.amount,
      balance: row.balance,
      policy_id: e.policyId ?? null,
      topup_id: e.topupId ?? null,
      invoice_id: e.invoiceId ?? null,
      actor: typeof e.actor === 'string' ? e.actor : actorLabel(e.actor),
      note: e.note ?? null,
    })
    .returning()
  if (e.journal && 'release' in e.journal) {
    await releaseReservation(tx, e.journal.release, e.agencyId, e.amount)
    return entry
  }
  const input = {
    key: e.journal?.reserve ?? `balance-entry:${entry.id}`,
    ...transfer,
    actor: entry.actor,
    note: entry.note,
    agencyId: e.agencyId,
    policyId: e.policyId,
    invoiceId: e.invoiceId,
    topupId: e.topupId,
    clawbackId: e.clawbackId,
    decision: e.decision,
  }
  await (e.journal ? postPending(tx, [input]) : postTransfers(tx, [input]))
  return entry
}

/** A top-up's payment method (its counter account is the method's clearing account); null otherwise. */
async function topupMethodOf(tx: DbOrTx, e: Pick<BalanceEntry, 'type' | 'topupId'>) {
  if (e.type !== 'AGENCY_TOPUP' || !e.topupId) return null
  const [topup] = await tx
    .select({ method: agencyTopups.payment_method })
    .from(agencyTopups)
    .where(eq(agencyTopups.id, e.topupId))
  return topup?.method ?? null
}

/** Voids the PENDING debit `key` of the agency's balance, which must be exactly `amount`. */
async function releaseReservation(tx: DbOrTx, key: string, agencyId: number, amount: number) {
  const [t] = await tx
    .select({ amount: moneyTransfers.amount, debit: moneyAccounts.code })
    .from(moneyTransfers)
    .innerJoin(moneyAccounts, eq(moneyAccounts.id, moneyTransfers.debit_account_id))
    .where(eq(moneyTransfers.idempotency_key, key))
  if (!t || t.amount !== amount || t.debit !== account.agencyBalance(agencyId))
    throw new Error(`No reservation ${key} of ${amount} cents on agency ${agencyId}'s balance`)
  await decidePending(tx, key, 'void')
}

/** The reservation of a BNPL settlement paid from the balance (request id). */
export const bnplSettlementKey = (requestId: number) => `bnpl-settlement:${requestId}`

/** Whether `key` is a transfer still PENDING (a reservation waiting for its decision). */
export async function isReserved(tx: DbOrTx, key: string) {
  const [t] = await tx
    .select({ state: moneyTransfers.state })
    .from(moneyTransfers)
    .where(eq(moneyTransfers.idempotency_key, key))
  return t?.state === 'PENDING'
}

/**
 * The one way to move the buy-now-pay-later allowance: negative uses it (409 when not enough is
 * left), positive gives it back when a BNPL payment request is approved. Same guard as above.
 * The journal records it on the agency's BNPL-used account (bnplEntryTransfer), keyed by the row.
 * `decision`: as for postBalanceEntry; a give-back credits the agency's BNPL-used account, so a
 * staff decision's give-back needs a decider with `finance` who is not a maker.
 */
export async function postBnplEntry(
  tx: DbOrTx,
  e: {
    agencyId: number
    amount: number
    actor: Actor | string
    policyId?: number | null
    note?: string | null
    decision?: MoneyDecision | null
  },
) {
  if (!Number.isInteger(e.amount) || e.amount === 0)
    throw new Error(`Ledger amounts are non-zero cents: ${e.amount}`)
  const transfer = bnplEntryTransfer(e.amount, { agencyId: e.agencyId, policyId: e.policyId })
  assertMoneyAuthority({ credit: transfer.credit, decision: e.decision })
  const [row] = await tx
    .update(agencyBalances)
    .set({
      buy_now_pay_later_remaining_amount: sql`${agencyBalances.buy_now_pay_later_remaining_amount} + ${e.amount}`,
      updated_at: clock.now(),
    })
    .where(
      sql`${agencyBalances.agency_id} = ${e.agencyId} and ${agencyBalances.buy_now_pay_later_remaining_amount} + ${e.amount} >= 0`,
    )
    .returning({ remaining: agencyBalances.buy_now_pay_later_remaining_amount })
  if (!row) throw conflict(INSUFFICIENT_BNPL)
  const [entry] = await tx
    .insert(bnplTransactions)
    .values({
      agency_id: e.agencyId,
      policy_id: e.policyId ?? null,
      transaction_amount: e.amount,
      remaining: row.remaining,
      actor: typeof e.actor === 'string' ? e.actor : actorLabel(e.actor),
      note: e.note ?? null,
    })
    .returning()
  await postTransfers(tx, [
    {
      key: `bnpl-entry:${entry.id}`,
      ...transfer,
      actor: entry.actor,
      note: entry.note,
      agencyId: e.agencyId,
      policyId: e.policyId,
      decision: e.decision,
    },
  ])
  return entry
}
