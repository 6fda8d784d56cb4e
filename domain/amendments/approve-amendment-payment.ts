import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadAmendment } from './amendment-loading'
import { decideAndPresent } from './amendment-presenter'

/**
 * approveAmmendmentPaymentRequest/{ammendmentId} (staff 'finance'): the bank transfer of the
 * difference is verified through the workflow: payment COMPLETED, the AMENDMENT invoice paid by a
 * BANK payment, commission adjusted (clawing back what was paid out too much), next step
 * ISSUE_CERTIFICATE. 403 for whoever submitted it (maker-checker); 409 when no payment waits.
 */
export const approveAmendmentPayment = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approveAmendmentPayment(opts: { actor: Actor; amendmentId: number }) {
    const a = await loadAmendment(opts.actor, opts.amendmentId)
    return decideAndPresent(opts.actor, a.id, { kind: 'approvePayment' })
  },
)
