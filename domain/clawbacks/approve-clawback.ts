import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { clawbackProcess } from './clawback-process'
import { presentClawback } from './clawback-listing'
import { reloadClawback, waitingClawbackOf } from './clawback-decision'

/**
 * clawbackApprove/{policyId} (staff with finance): the decision goes to the clawback's workflow as
 * its `decide` update, whose activity applies it in one transaction (applyClawbackDecision:
 * COMPLETED, invoice paid, policy CLAWBACK_COMPLETED, banked commission netted for
 * BANKED_COMMISSION). 404 unknown; 403 for whoever initiated it; 409 when not REQUESTED, or a
 * COMMISSION clawback a payout has not yet settled.
 */
export const approveClawback = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approveClawback(opts: { actor: StaffActor; policyId: number }) {
    const { actor } = opts
    const c = await waitingClawbackOf(opts.policyId, actor)
    await clawbackProcess().decide(c.id, {
      kind: 'approve',
      by: { identityId: actor.identityId, userId: actor.userId, email: actor.email },
    })
    return presentClawback(await reloadClawback(c.id))
  },
)
