import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { validation } from '../shared/errors'
import { loadAmendment } from './amendment-loading'
import { decideAndPresent } from './amendment-presenter'
import { REJECTION_REASON_REQUIRED_MSG } from './amendments.rules'

/**
 * rejectAmmendmentPaymentRequest/{ammendmentId} (staff 'finance'; served on both the finance and
 * the policy-management paths): the bank transfer is rejected with a reason (400 without one):
 * payment REJECTED, amendment REJECTED and payable again; the agency is notified. 409 when no
 * payment waits; 403 for its submitter.
 */
export const rejectAmendmentPayment = defineUseCase(
  { staff: ['finance'] },
  async function rejectAmendmentPayment(opts: { actor: Actor; amendmentId: number; reason: string | null }) {
    const reason = opts.reason?.trim()
    if (!reason) throw validation('reason', REJECTION_REASON_REQUIRED_MSG)
    const a = await loadAmendment(opts.actor, opts.amendmentId)
    return decideAndPresent(opts.actor, a.id, { kind: 'rejectPayment', reason })
  },
)
