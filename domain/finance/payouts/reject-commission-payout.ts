import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { commissionPayouts } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { conflict, notFound } from '../../shared/errors'
import { payoutProcess } from './payout-process'
import { assertNotMaker } from '../finance-guards'
import { presentPayout } from './payout-listing'
import { traceIds } from '../../shared/trace-ids'

/**
 * rejectCommissionPayoutRequest (staff with finance; the spec names no reject call, this one sits
 * beside approveCommissionPayoutRequest): through the payout's workflow `decide` update, the payout
 * becomes REJECTED with the reason, its commissions COMMISSION_BANKED again (requestable in a new
 * request) and its invoice CANCELLED. 404 unknown; 403 for its maker; 409 when not REQUESTED.
 */
export const rejectCommissionPayout = defineUseCase(
  { staff: ['finance'] },
  async function rejectCommissionPayout(opts: { actor: StaffActor; payoutId: number; reason: string }) {
    const { actor } = opts
    const [payout] = await getDb()
      .select()
      .from(commissionPayouts)
      .where(eq(commissionPayouts.id, opts.payoutId))
    if (!payout) throw notFound('Commission payout')
    traceIds({ payout: payout.id, agency: payout.agency_id })
    assertNotMaker(actor.identityId, payout)
    if (payout.status !== 'REQUESTED')
      throw conflict(`This payout is already ${payout.status}; only a REQUESTED payout can be decided`)
    await payoutProcess().decide(payout.id, {
      kind: 'reject',
      rejection_reason: opts.reason,
      by: { identityId: actor.identityId, userId: actor.userId, email: actor.email },
    })
    const [after] = await getDb().select().from(commissionPayouts).where(eq(commissionPayouts.id, payout.id))
    return presentPayout(after)
  },
)
