import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { clawbackProcess } from './clawback-process'
import { presentClawback } from './clawback-listing'
import { reloadClawback, waitingClawbackOf } from './clawback-decision'

/**
 * clawbackReject/{policyId} (staff with finance; not in the spec, added beside clawbackApprove):
 * REJECTED with the reason, policy CLAWBACK_REJECTED, payable again; an AGENCY_BALANCE payment is
 * given back to the balance (ledger CLAWBACK_PAYMENT credit). Same refusals as the approval.
 */
export const rejectClawback = defineUseCase(
  { staff: ['finance'] },
  async function rejectClawback(opts: { actor: StaffActor; policyId: number; reason: string }) {
    const { actor } = opts
    const c = await waitingClawbackOf(opts.policyId, actor)
    await clawbackProcess().decide(c.id, {
      kind: 'reject',
      rejection_reason: opts.reason,
      by: { identityId: actor.identityId, userId: actor.userId, email: actor.email },
    })
    return presentClawback(await reloadClawback(c.id))
  },
)
