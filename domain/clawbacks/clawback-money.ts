import { and, count, eq, like } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { type clawbacks } from '../../db/schema'
import { moneyTransfers } from '../../db/schema/journal'
import type { Actor } from '../shared/actor'
import { account } from '../money/accounts'
import { decidePending, postTransfers } from '../money/journal'
import { postBalanceEntry } from '../finance/ledger/ledger'

type ClawbackRow = typeof clawbacks.$inferSelect

// The clawback's money on the journal (ADR 0013): what the agency pays back lands in the policy's
// clawback account. A payment from the balance waits for the staff decision as a reservation; a
// bank transfer is posted when staff approve it (the transfer came in).

/** The reservation of the agency's `attempt`-th payment of a clawback from its balance. */
export const clawbackPaymentKey = (clawbackId: number, attempt: number) =>
  `clawback-payment:${clawbackId}:${attempt}`

/**
 * Debits the agency's balance for the clawback's outstanding amount as a PENDING transfer (the
 * spendable balance falls at once; 409 "Insufficient agency balance"): the approval posts it, a
 * rejection voids it. Each payment attempt (after a rejection the agency pays again) has its key.
 */
export async function reserveClawbackPayment(tx: DbOrTx, c: ClawbackRow, actor: Actor, note: string) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(moneyTransfers)
    .where(
      and(
        eq(moneyTransfers.policy_id, c.policy_id),
        eq(moneyTransfers.clawback_id, c.id),
        like(moneyTransfers.idempotency_key, `clawback-payment:${c.id}:%`),
      ),
    )
  return postBalanceEntry(tx, {
    agencyId: c.agency_id,
    type: 'CLAWBACK_PAYMENT',
    amount: -c.outstanding_amount,
    actor,
    policyId: c.policy_id,
    invoiceId: c.invoice_id,
    clawbackId: c.id,
    note,
    journal: { reserve: clawbackPaymentKey(c.id, n + 1) },
  })
}

/** The key of the clawback's balance payment still waiting for a decision, if any. */
export async function pendingClawbackPayment(tx: DbOrTx, c: ClawbackRow) {
  const [t] = await tx
    .select({ key: moneyTransfers.idempotency_key })
    .from(moneyTransfers)
    .where(
      and(
        eq(moneyTransfers.policy_id, c.policy_id),
        eq(moneyTransfers.clawback_id, c.id),
        eq(moneyTransfers.state, 'PENDING'),
      ),
    )
  return t?.key ?? null
}

/** The approval of a balance payment: its reservation is posted (none for a payment made before). */
export async function postClawbackPayment(tx: DbOrTx, c: ClawbackRow) {
  const key = await pendingClawbackPayment(tx, c)
  if (key) await decidePending(tx, key, 'post')
}

/**
 * A rejected balance payment is given back (CLAWBACK_PAYMENT credit): its reservation is voided; a
 * payment made before reservations is posted back.
 */
export async function giveBackClawbackPayment(tx: DbOrTx, c: ClawbackRow, amount: number, actor: Actor) {
  const key = await pendingClawbackPayment(tx, c)
  return postBalanceEntry(tx, {
    agencyId: c.agency_id,
    type: 'CLAWBACK_PAYMENT',
    amount,
    actor,
    policyId: c.policy_id,
    invoiceId: c.invoice_id,
    clawbackId: c.id,
    note: `Clawback #${c.id} payment rejected: given back`,
    journal: key ? { release: key } : undefined,
  })
}

/** An approved bank transfer of the agency: `clearing:bank` -> the policy's clawback account. */
export function postClawbackBankPayment(
  tx: DbOrTx,
  c: ClawbackRow,
  amount: number,
  actor: Actor,
  receiptId: string,
) {
  return postTransfers(tx, [
    {
      key: `clawback:${c.id}:bank`,
      debit: account.clearing('bank'),
      credit: account.policyClawback(c.policy_id),
      amount,
      code: 'CLAWBACK',
      actor,
      note: `Clawback #${c.id} paid by bank transfer, receipt ${receiptId}`,
      agencyId: c.agency_id,
      policyId: c.policy_id,
      invoiceId: c.invoice_id,
      clawbackId: c.id,
    },
  ])
}

/**
 * A commission payout SETTLED_WITH_CLAWBACK offsets `amount` of the clawback: the offset part of
 * the payout pays the policy's clawback account out of the agency's commission payable (CLAWBACK),
 * linked to the payout and its invoice.
 */
export function postClawbackOffsetByPayout(
  tx: DbOrTx,
  c: ClawbackRow,
  payout: { id: number; agency_id: number; invoice_id: number | null },
  amount: number,
  actor: Actor,
) {
  return postTransfers(tx, [
    {
      key: `payout:${payout.id}:clawback:${c.id}`,
      debit: account.agencyCommissionPayable(payout.agency_id),
      credit: account.policyClawback(c.policy_id),
      amount,
      code: 'CLAWBACK',
      note: `Clawback #${c.id} offset by commission payout #${payout.id}`,
      policyId: c.policy_id,
      clawbackId: c.id,
      agencyId: payout.agency_id,
      payoutId: payout.id,
      invoiceId: payout.invoice_id,
      actor,
    },
  ])
}
