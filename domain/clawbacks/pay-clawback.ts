import { and, eq, inArray, sql } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { clawbacks, commissions, policies } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict, notFound, validation } from '../shared/errors'
import { formatCents } from '../shared/format'
import { logError } from '../shared/log'
import { clock } from '../shared/clock'
import { clawbackProcess } from './clawback-process'
import { assertFilesUsable } from '../files/storage'
import { notify } from '../notifications/notify'
import { followPolicy } from '../policies/policy-history'
import { reserveClawbackPayment } from './clawback-money'
import { recordClawbackHistory, staffClawbackPath } from './clawback-history'
import { presentClawback } from './clawback-listing'
import {
  CLAWBACK_DOCUMENT_REQUIRED_MSG,
  METHOD_LABELS,
  PAYABLE_CLAWBACK_STATUSES,
  type ClawbackMethod,
} from './clawbacks.rules'
import { BANKED_COMMISSION_STATUSES } from '../finance/finance.rules'

/**
 * clawbackPayment (agency with purchase or finance): the agency pays the outstanding part of its
 * policy's open clawback (INITIATED, or REJECTED to pay again) -> clawback REQUESTED, policy
 * CLAWBACK_REQUESTED, staff notified, the workflow told (it then waits for the staff decision).
 * - AGENCY_BALANCE: the balance is debited now, atomically (ledger CLAWBACK_PAYMENT; 409
 *   "Insufficient agency balance"), reserved on the journal until staff decide: the approval posts
 *   it, a rejection gives it back (reserveClawbackPayment).
 * - BANK: bank_document (an uploaded transfer proof) is required; the money is posted from the
 *   bank clearing account when staff approve.
 * - BANKED_COMMISSION: the agency's COMMISSION_BANKED commission must cover it (409 otherwise);
 *   it is netted when staff approve (the used commissions become PAID, see applyClawbackDecision).
 * - COMMISSION: nothing moves now; the next commission payout approved SETTLED_WITH_CLAWBACK
 *   offsets it and completes it (no staff approval of the clawback itself).
 * Another agency's policy: 404. Nothing to pay: 409.
 */
export const payClawback = defineUseCase(
  { agency: ['purchase', 'finance'] },
  async function payClawback(opts: {
    actor: Actor
    input: { policy_id: number; payment_method: ClawbackMethod; bank_document: string | null }
  }) {
    const { actor, input } = opts
    if (!isAgencySide(actor)) throw notFound('Policy')
    const method = input.payment_method
    const bankDocument = method === 'BANK' ? input.bank_document : null
    if (method === 'BANK') {
      if (!bankDocument) throw validation('bank_document', CLAWBACK_DOCUMENT_REQUIRED_MSG)
      await assertFilesUsable('bank_document', [bankDocument], actor, actor.agencyId)
    }
    const row = await getDb().transaction(async (tx) => {
      const c = await lockPayableClawback(tx, actor.agencyId, input.policy_id)
      const [policy] = await tx.select().from(policies).where(eq(policies.id, c.policy_id)).for('update')
      if (method === 'AGENCY_BALANCE')
        await reserveClawbackPayment(tx, c, actor, `Clawback #${c.id} on policy ${policy.ref}`)
      if (method === 'BANKED_COMMISSION') await assertBankedCommissionCovers(tx, c)
      const [after] = await tx
        .update(clawbacks)
        .set({
          status: 'REQUESTED',
          clawback_method: method,
          bank_document_url: bankDocument,
          updated_at: clock.now(),
        })
        .where(eq(clawbacks.id, c.id))
        .returning()
      await announcePayment(tx, { policy, c, actor, method, bankDocument })
      return after
    })
    await clawbackProcess()
      .changed(row.id)
      .catch((err: unknown) =>
        logError('clawback workflow not told of a payment', err, { clawbackId: row.id }),
      )
    return presentClawback(row)
  },
)

type ClawbackRow = typeof clawbacks.$inferSelect

/** The policy's clawback waiting for payment, locked; 404 for another agency's policy, else 409. */
async function lockPayableClawback(tx: DbOrTx, agencyId: number, policyId: number) {
  const [owner] = await tx
    .select({ agency_id: policies.agency_id })
    .from(policies)
    .where(eq(policies.id, policyId))
  if (!owner || owner.agency_id !== agencyId) throw notFound('Policy')
  const [c] = await tx
    .select()
    .from(clawbacks)
    .where(and(eq(clawbacks.policy_id, policyId), inArray(clawbacks.status, [...PAYABLE_CLAWBACK_STATUSES])))
    .for('update')
  if (c) return c
  const [waiting] = await tx
    .select({ id: clawbacks.id })
    .from(clawbacks)
    .where(and(eq(clawbacks.policy_id, policyId), eq(clawbacks.status, 'REQUESTED')))
  throw conflict(
    waiting
      ? 'The clawback of this policy has been paid and is waiting for verification'
      : 'This policy has no clawback waiting for payment',
  )
}

/** 409 unless the agency's banked commission covers what the clawback still owes. */
async function assertBankedCommissionCovers(tx: DbOrTx, c: ClawbackRow) {
  const amount = c.outstanding_amount
  const [banked] = await tx
    .select({ total: sql<number>`coalesce(sum(${commissions.amount}), 0)::bigint` })
    .from(commissions)
    .where(
      and(
        eq(commissions.agency_id, c.agency_id),
        inArray(commissions.status, [...BANKED_COMMISSION_STATUSES]),
      ),
    )
  if (Number(banked.total) < amount)
    throw conflict(
      `Not enough banked commission to net this clawback: ${formatCents(Number(banked.total))} banked, ${formatCents(amount)} owed`,
    )
}

/** The policy follows, the clawback's history, and staff finance told. */
async function announcePayment(
  tx: DbOrTx,
  p: {
    policy: typeof policies.$inferSelect
    c: ClawbackRow
    actor: Actor
    method: ClawbackMethod
    bankDocument: string | null
  },
) {
  const { policy, c, actor, method } = p
  const amount = c.outstanding_amount
  const what = `${formatCents(amount)} paid by ${METHOD_LABELS[method]}`
  await followPolicy(tx, policy, 'requestClawbackPayment', {
    actor,
    note: what,
    meta: { clawback_id: c.id, method },
  })
  await recordClawbackHistory(tx, {
    clawbackId: c.id,
    agencyId: c.agency_id,
    action: 'PAYMENT_REQUESTED',
    actor,
    fromStatus: c.status,
    toStatus: 'REQUESTED',
    note: what,
    meta: { amount, method, bank_document: p.bankDocument },
  })
  await notify(
    tx,
    {
      eventType: 'CLAWBACK_REQUESTED',
      title: `Clawback payment on policy ${policy.ref}`,
      message:
        method === 'COMMISSION'
          ? `${formatCents(amount)} to be offset by the next commission payout (SETTLED_WITH_CLAWBACK)`
          : `${what}: waiting for verification`,
      link: staffClawbackPath(c.policy_id),
      meta: { clawback_id: c.id, policy_id: c.policy_id },
    },
    { staffPermission: 'finance' },
  )
}
