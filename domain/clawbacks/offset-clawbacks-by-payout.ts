// A commission payout SETTLED_WITH_CLAWBACK nets the agency's open clawbacks: the clawbacks area's
// effect of the payout's decision, run in its transaction (the payout row already locked). It
// writes the clawbacks' rows, their history, the journal posting and the invoice payment of each
// clawback it offsets; the payout's decision tells the clawbacks' workflows after commit.
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { clawbacks, policies } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { formatCents } from '../shared/format'
import { notify } from '../notifications/notify'
import { followPolicy } from '../policies/policy-history'
import { recordInvoicePayment } from '../finance/invoices/invoice-payments'
import { postClawbackOffsetByPayout } from './clawback-money'
import { agencyClawbackPath, recordClawbackHistory } from './clawback-history'

type ClawbackRow = typeof clawbacks.$inferSelect

/** What a payout offset against one clawback (recorded in the payout's invoice payment and history). */
export type ClawbackOffset = { clawback_id: number; amount: number; completed: boolean }

/** The payout that offsets, as the clawbacks area needs it. */
type OffsettingPayout = {
  payout: { id: number; agency_id: number; invoice_id: number | null }
  total: number
  receiptId: string
  actor: StaffActor
  now: Date
}

/**
 * Offsets the agency's open clawbacks (INITIATED, REQUESTED to be netted against commission, or
 * REJECTED, with something outstanding; oldest first, locked) against a payout of `total`, until
 * it is used up: each clawback's outstanding amount falls (COMPLETED by COMMISSION when nothing is
 * left), an OFFSET_BY_PAYOUT history row, commission payable -> the policy's clawback account
 * (CLAWBACK), and its invoice paid (settleClawbackByPayout). Returns what was offset.
 */
export async function offsetClawbacksByPayout(tx: DbOrTx, o: OffsettingPayout) {
  const open = await lockOpenClawbacks(tx, o.payout.agency_id)
  let offset = 0
  const offsets: ClawbackOffset[] = []
  for (const c of open) {
    if (offset >= o.total) break
    const take = Math.min(c.outstanding_amount, o.total - offset)
    offset += take
    offsets.push(await offsetOne(tx, c, take, o))
  }
  return { offset, offsets }
}

function lockOpenClawbacks(tx: DbOrTx, agencyId: number) {
  return tx
    .select()
    .from(clawbacks)
    .where(
      and(
        eq(clawbacks.agency_id, agencyId),
        // A clawback the agency is paying another way (REQUESTED by bank, balance or banked
        // commission) waits for its own decision; one it chose to net against payouts is taken.
        or(
          inArray(clawbacks.status, ['INITIATED', 'REJECTED']),
          and(
            eq(clawbacks.status, 'REQUESTED'),
            or(eq(clawbacks.clawback_method, 'COMMISSION'), isNull(clawbacks.clawback_method)),
          ),
        ),
        gt(clawbacks.outstanding_amount, 0),
      ),
    )
    .orderBy(asc(clawbacks.created_at), asc(clawbacks.id))
    .for('update')
}

async function offsetOne(tx: DbOrTx, c: ClawbackRow, take: number, o: OffsettingPayout) {
  const { payout, actor, now } = o
  const left = c.outstanding_amount - take
  await tx
    .update(clawbacks)
    .set({
      outstanding_amount: left,
      updated_at: now,
      ...(left === 0
        ? {
            status: 'COMPLETED' as const,
            clawback_method: 'COMMISSION' as const,
            clawback_completed_at: now,
            receipt_id: o.receiptId,
            decided_by: actor.identityId,
          }
        : {}),
    })
    .where(eq(clawbacks.id, c.id))
  await recordClawbackHistory(tx, {
    clawbackId: c.id,
    agencyId: payout.agency_id,
    action: 'OFFSET_BY_PAYOUT',
    actor,
    fromStatus: c.status,
    toStatus: left === 0 ? 'COMPLETED' : c.status,
    note: `${formatCents(take)} offset by commission payout #${payout.id}; ${formatCents(left)} outstanding`,
    meta: { payout_id: payout.id, amount: take },
  })
  await postClawbackOffsetByPayout(tx, c, payout, take, actor)
  await settleClawbackByPayout(tx, { clawback: c, amount: take, left, payoutId: payout.id, o })
  return { clawback_id: c.id, amount: take, completed: left === 0 }
}

/**
 * After an offset lowered outstanding_amount: the clawback's invoice takes the payment
 * (AGENCY_BALANCE: the money stayed with OSHC out of the payout) and, when nothing is left, the
 * policy moves to CLAWBACK_COMPLETED and the agency is told.
 */
async function settleClawbackByPayout(
  tx: DbOrTx,
  s: { clawback: ClawbackRow; amount: number; left: number; payoutId: number; o: OffsettingPayout },
) {
  const c = s.clawback
  const by = s.o.actor
  if (c.invoice_id && s.amount > 0)
    await recordInvoicePayment(tx, {
      invoiceId: c.invoice_id,
      method: 'AGENCY_BALANCE',
      amount: s.amount,
      status: 'COMPLETED',
      actor: by,
      ref: s.o.receiptId,
      notes: `Offset by commission payout #${s.payoutId}`,
      meta: { clawback_id: c.id, payout_id: s.payoutId },
    })
  if (s.left > 0) return
  const [policy] = await tx.select().from(policies).where(eq(policies.id, c.policy_id)).for('update')
  if (policy)
    await followPolicy(tx, policy, 'settleClawbackByPayout', {
      actor: by,
      note: `Clawback of ${formatCents(c.clawback_commission_amount)} settled by commission payout #${s.payoutId}`,
      meta: { clawback_id: c.id, payout_id: s.payoutId },
    })
  await notify(
    tx,
    {
      eventType: 'CLAWBACK_COMPLETED',
      title: `Clawback on policy ${policy?.ref ?? c.policy_id} settled`,
      message: `Settled by commission payout #${s.payoutId}`,
      link: agencyClawbackPath(c.policy_id),
      meta: { clawback_id: c.id, payout_id: s.payoutId },
    },
    { agencyId: c.agency_id },
  )
}
