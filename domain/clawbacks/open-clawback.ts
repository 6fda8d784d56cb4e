// STUB owned by the clawback helper: replaced with the real writer. The signature is a contract
// with the full-refund and amendment flows: keep it.
import type { DbOrTx } from '../../db/client'
import type { Actor } from '../shared/actor'

/**
 * Opens a clawback of a policy's paid-out commission in `tx` (status INITIATED, policy
 * CLAWBACK_INITIATED, history, invoice via modifyPolicyFinance CLAWBACK). The commission part is
 * `commissionAmount` when given (cents), else round(premiumAmount x the policy's commission_rate / 100).
 * After commit the caller starts its workflow: `workflows().startClawback(clawbackId)`.
 */
export async function openClawback(
  _tx: DbOrTx,
  _c: {
    policyId: number
    premiumAmount: number
    commissionAmount?: number
    actor: Actor | string
    document?: string | null
    documentName?: string | null
    note?: string | null
  },
): Promise<{ clawbackId: number }> {
  throw new Error('openClawback is not built yet')
}
