// Allocating money held in suspense to a bank top-up waiting for its money (issue 25): the whole
// top-up, credited from `suspense` as its approval by hand credits it from the bank's clearing
// account (topup-approval.ts), so the top-up is APPROVED, its invoice paid and its task closed.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { agencyTopups } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { conflict, notFound } from '../../shared/errors'
import { account } from '../../money/accounts'
import { creditTopup, lockRequestedTopup, type TopupRow } from '../topups/topup-approval'
import type { SuspenseClearing } from './suspense-store'
import { SUSPENSE_MESSAGES } from './suspense.rules'

/** 409 unless a REQUESTED bank top-up of exactly `cents`. */
function assertAllocatable(t: Pick<TopupRow, 'id' | 'status' | 'payment_method' | 'amount'>, cents: number) {
  if (t.status !== 'REQUESTED' || t.payment_method !== 'BANK') throw conflict(SUSPENSE_MESSAGES.noTopup(t.id))
  if (t.amount !== cents) throw conflict(SUSPENSE_MESSAGES.topupAmount(t.id, t.amount))
}

/** A proposal's target: the top-up (404 when none) waiting for exactly `cents` by bank (409). */
export async function topupTarget(tx: DbOrTx, topupId: number, cents: number) {
  const [topup] = await tx.select().from(agencyTopups).where(eq(agencyTopups.id, topupId))
  if (!topup) throw notFound('Top-up')
  assertAllocatable(topup, cents)
  return topup.id
}

/**
 * An approved allocation, in the approving transaction with the top-up locked: credited whole
 * from suspense. The money authority refuses the agency's maker, the proposer and the last
 * decider of the money as the approver. 409 when it no longer waits for that much.
 */
export async function allocateToTopup(tx: DbOrTx, row: SuspenseClearing, actor: StaffActor) {
  const topup = await lockRequestedTopup(tx, row.topup_id!)
  assertAllocatable(topup, row.amount)
  return creditTopup(tx, topup, actor, {
    makers: [topup.created_by, row.proposed_by_identity_id],
    from: account.suspense,
    note: `Top-up #${topup.id} paid from money held in suspense (decision #${row.id}): ${row.reason}`,
  })
}
