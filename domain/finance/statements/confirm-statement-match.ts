import { and, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bankStatementLines } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { config } from '../../shared/config'
import { conflict, forbidden } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { approvePolicyPayment } from '../policy-payments/approve-policy-payment'
import { approveTopup } from '../topups/approve-topup'
import { payPayoutBatch } from '../payout-batches/pay-payout-batch'
import {
  ALREADY_CONFIRMED,
  assertConfirmable,
  CONFIRMABLE,
  lockStatementLine,
} from './statement-line-loading'

export const uploaderOverLimit = (limit: number) =>
  limit > 0
    ? `You uploaded this statement: its matches over ${formatCents(limit)} are confirmed by another person with finance`
    : 'You uploaded this statement: its matches are confirmed by another person with finance'

/**
 * Confirms a statement line's match (staff with finance and a fresh second factor; issue 25):
 * the payment is verified through the same use case as a proof's verification (approvePolicyPayment
 * or approveTopup, with their maker-checker and their 409 when it no longer waits), or a payout
 * batch's debit pays its payouts (payPayoutBatch: each through its workflow's decision), then the line
 * turns confirmed with who and when. A line is used once: confirmed again, 409. Maker-checker: the
 * person who uploaded the statement may not confirm its lines over STATEMENT_SELF_CONFIRM_LIMIT_CENTS (403).
 */
export const confirmStatementMatch = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function confirmStatementMatch(opts: { actor: StaffActor; lineId: number }) {
    const { actor } = opts
    const db = getDb()
    const { line, uploadedBy } = await lockStatementLine(db, opts.lineId)
    const target = assertConfirmable(line)
    const limit = config().STATEMENT_SELF_CONFIRM_LIMIT_CENTS
    if (uploadedBy === actor.identityId && Math.abs(line.amount_cents) > limit)
      throw forbidden(uploaderOverLimit(limit))
    // The approval first: it serialises on its record and refuses a second decision (409), so two
    // confirmations of one line, or two lines matched to one payment, cannot both verify it.
    const approved =
      target.kind === 'topup'
        ? { topup: await approveTopup({ actor, topupId: target.id }) }
        : target.kind === 'payout_batch'
          ? {
              batch: await payPayoutBatch({
                decider: actor,
                batchId: target.id,
                lineId: line.id,
                amountCents: line.amount_cents,
              }),
            }
          : { policy: await approvePolicyPayment({ actor, policyId: target.id }) }
    const [confirmed] = await db
      .update(bankStatementLines)
      .set({ state: 'confirmed', confirmed_at: clock.now(), confirmed_by_identity_id: actor.identityId })
      .where(and(eq(bankStatementLines.id, line.id), inArray(bankStatementLines.state, [...CONFIRMABLE])))
      .returning()
    if (!confirmed) throw conflict(ALREADY_CONFIRMED)
    return {
      line_id: confirmed.id,
      state: confirmed.state,
      matched_kind: target.kind,
      matched_id: target.id,
      ...approved,
    }
  },
)
