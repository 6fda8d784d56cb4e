// Reading and moving insurer remittances (issue 25): the one place their status changes.
import { and, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb, type DbOrTx } from '../../../db/client'
import { identities, insuranceProviders, insurerRemittances, payoutBatchItems } from '../../../db/schema'
import type { RemittanceStatus } from '../../../db/schema/remittances'
import { invalidTransition, notFound } from '../../shared/errors'
import { maskAccount } from '../../agencies/bank-details/payout-details.rules'
import { REMITTANCE_MESSAGES } from './remittances.rules'

export type RemittanceRow = typeof insurerRemittances.$inferSelect

/** A remittance locked in `tx`: 404 when there is none, 409 unless it is in one of `states`. */
export async function lockRemittance(
  tx: DbOrTx,
  id: number,
  states: readonly RemittanceStatus[],
  action: string,
) {
  const [row] = await tx.select().from(insurerRemittances).where(eq(insurerRemittances.id, id)).for('update')
  if (!row) throw notFound('Remittance')
  if (!states.includes(row.status)) throw invalidTransition(REMITTANCE_MESSAGES.state(id, row.status, action))
  return row
}

/** Moves a remittance locked by lockRemittance to the values in `set` (its status among them). */
export async function moveRemittance(
  tx: DbOrTx,
  row: RemittanceRow,
  set: Partial<typeof insurerRemittances.$inferInsert>,
  now: Date,
) {
  const [moved] = await tx
    .update(insurerRemittances)
    .set({ ...set, updated_at: now })
    .where(and(eq(insurerRemittances.id, row.id), eq(insurerRemittances.status, row.status)))
    .returning()
  return moved
}

/** The batch a remittance's line is in now (INCLUDED), or null. */
export async function liveBatchOf(tx: DbOrTx, remittanceId: number) {
  const [live] = await tx
    .select({ batch_id: payoutBatchItems.batch_id })
    .from(payoutBatchItems)
    .where(and(eq(payoutBatchItems.remittance_id, remittanceId), eq(payoutBatchItems.state, 'INCLUDED')))
  return live?.batch_id ?? null
}

const proposer = alias(identities, 'proposer')
const approver = alias(identities, 'approver')

/** Remittances with their insurer's name, who proposed and approved them, and their live batch. */
export function remittanceQuery(db: DbOrTx = getDb()) {
  return db
    .select({
      r: insurerRemittances,
      insurer: insuranceProviders.name,
      proposed_by: proposer.email,
      approved_by: approver.email,
      batch_id: payoutBatchItems.batch_id,
    })
    .from(insurerRemittances)
    .innerJoin(insuranceProviders, eq(insuranceProviders.id, insurerRemittances.insurance_provider_id))
    .innerJoin(proposer, eq(proposer.id, insurerRemittances.proposed_by_identity_id))
    .leftJoin(approver, eq(approver.id, insurerRemittances.approved_by_identity_id))
    .leftJoin(
      payoutBatchItems,
      and(eq(payoutBatchItems.remittance_id, insurerRemittances.id), eq(payoutBatchItems.state, 'INCLUDED')),
    )
}

type QueryRow = Awaited<ReturnType<typeof remittanceQuery>>[number]

/** A remittance as the screens and the API show it (account number masked). */
export function presentRemittance({ r, insurer, proposed_by, approved_by, batch_id }: QueryRow) {
  const { account_number, ...rest } = r
  return {
    ...rest,
    month: r.month.slice(0, 7),
    insurer,
    account_number_masked: maskAccount(account_number),
    proposed_by,
    approved_by,
    batch_id,
  }
}
