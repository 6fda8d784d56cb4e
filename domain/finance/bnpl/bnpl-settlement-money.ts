// The money a buy-now-pay-later settlement request moves, through the ledger's and the journal's
// writers in the caller's transaction: a balance settlement reserved when sent, the money received
// and the allowance given back on approval, the reservation given back on rejection.
import type { DbOrTx } from '../../../db/client'
import type { Actor, StaffActor } from '../../shared/actor'
import { account, premiumChannel } from '../../money/accounts'
import { decidePending, postTransfers } from '../../money/journal'
import { bnplSettlementKey, isReserved, postBalanceEntry, postBnplEntry } from '../ledger/ledger'
import type { BnplRequestRow } from './bnpl-requests'

/** Sent from the balance: debited now (ledger CREDIT_PAYMENT; 409 "Insufficient agency balance"), reserved until finance decides. */
export async function reserveBalanceSettlement(
  tx: DbOrTx,
  s: { agencyId: number; requestId: number; invoiceId: number; total: number; actor: Actor },
) {
  await postBalanceEntry(tx, {
    agencyId: s.agencyId,
    type: 'CREDIT_PAYMENT',
    amount: -s.total,
    actor: s.actor,
    invoiceId: s.invoiceId,
    note: `Buy now, pay later settlement #${s.requestId}`,
    // Reserved until finance decides: posted on approval, voided on rejection.
    journal: { reserve: bnplSettlementKey(s.requestId) },
  })
}

/**
 * Approved: the settlement's money arrives (a balance settlement's reservation is posted; a bank
 * transfer arrives through its clearing account) and the allowance is given back, one BNPL ledger
 * entry per policy, carrying the staff decision for the writer's maker-checker.
 */
export async function receiveSettlement(
  tx: DbOrTx,
  s: { row: BnplRequestRow; items: Array<{ policy_id: number; amount: number }>; actor: StaffActor },
) {
  const { row, items } = s
  const key = bnplSettlementKey(row.id)
  if (row.payment_type === 'AGENCY_BALANCE' && (await isReserved(tx, key)))
    await decidePending(tx, key, 'post')
  const channel = premiumChannel(row.payment_type)
  if (channel)
    await postTransfers(tx, [
      {
        key: `${key}:${channel}`,
        debit: account.clearing(channel),
        credit: account.agencyBnplSettlement(row.agency_id),
        amount: items.reduce((sum, i) => sum + i.amount, 0),
        code: 'BNPL_SETTLEMENT_PAID',
        actor: s.actor,
        note: `Buy now, pay later settlement #${row.id} received`,
        agencyId: row.agency_id,
      },
    ])
  for (const i of items) {
    await postBnplEntry(tx, {
      agencyId: row.agency_id,
      amount: i.amount,
      actor: s.actor,
      policyId: i.policy_id,
      note: `Settled by buy now, pay later request #${row.id}`,
      // The writer's backstop of the use case's checks: giving the allowance back is a credit.
      decision: { by: s.actor, makers: [row.created_by] },
    })
  }
}

/**
 * Rejected: a balance settlement is credited back (ledger CREDIT_PAYMENT). No staff `decision` for
 * the writer's maker-checker: this returns, from the agency's own settlement account, exactly what
 * the agency paid into it for this request; a rejection creates no money and sets no figure, so
 * one person with finance may give it back. The reservation made when it was sent is voided (a
 * request sent before reservations existed posted its debit: it is credited back).
 */
export async function giveBackSettlement(tx: DbOrTx, s: { row: BnplRequestRow; actor: StaffActor }) {
  const { row } = s
  if (row.payment_type !== 'AGENCY_BALANCE') return
  const key = bnplSettlementKey(row.id)
  await postBalanceEntry(tx, {
    agencyId: row.agency_id,
    type: 'CREDIT_PAYMENT',
    amount: row.total_amount,
    actor: s.actor,
    invoiceId: row.invoice_id,
    note: `Buy now, pay later settlement #${row.id} rejected: balance given back`,
    journal: (await isReserved(tx, key)) ? { release: key } : undefined,
  })
}
