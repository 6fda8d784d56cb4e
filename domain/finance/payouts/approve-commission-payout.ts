import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { commissionPayouts } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { conflict, DomainError, notFound, validation } from '../../shared/errors'
import { payoutProcess } from './payout-process'
import { assertFileUsable } from '../../files/storage'
import { assertNotMaker } from '../finance-guards'
import { presentPayout } from './payout-listing'
import { payoutDecisionIssue, type PayoutPaymentType } from './payouts.rules'
import { traceIds } from '../../shared/trace-ids'

/**
 * approveCommissionPayoutRequest (staff with finance): the decision goes to the payout's workflow
 * as its `decide` update, whose activity applies it in one transaction (see
 * applyCommissionPayoutDecision: BANK needs the transfer proof, AGENCY_BALANCE credits the balance,
 * SETTLED_WITH_CLAWBACK offsets open clawbacks first and credits the rest). 404 for an unknown
 * payout; 403 for whoever requested it (maker-checker); 409 when it is not REQUESTED or another
 * decision got there first (the workflow refuses it).
 */
export const approveCommissionPayout = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approveCommissionPayout(opts: {
    actor: StaffActor
    payoutId: number
    paymentType: PayoutPaymentType
    bankDocument?: string | null
  }) {
    const { actor } = opts
    const payout = await loadWaiting(opts.payoutId, actor.identityId)
    traceIds({ payout: payout.id, agency: payout.agency_id })
    const bankDocument = opts.paymentType === 'BANK' ? (opts.bankDocument ?? null) : null
    const issue = payoutDecisionIssue({
      kind: 'approve',
      payment_type: opts.paymentType,
      bank_document: bankDocument,
    })
    if (issue) throw validation(issue.path, issue.message)
    if (bankDocument) {
      try {
        await assertFileUsable(bankDocument, actor, payout.agency_id)
      } catch (err) {
        if (err instanceof DomainError && err.code === 'VALIDATION')
          throw validation('bank_document', err.message)
        throw err
      }
    }
    await payoutProcess().decide(payout.id, {
      kind: 'approve',
      payment_type: opts.paymentType,
      bank_document: bankDocument,
      by: { identityId: actor.identityId, userId: actor.userId, email: actor.email },
    })
    return presentPayout(await reload(payout.id))
  },
)

/** The payout a decision is about: 404 when missing, 403 for its maker, 409 when decided. */
async function loadWaiting(payoutId: number, identityId: number) {
  const [payout] = await getDb().select().from(commissionPayouts).where(eq(commissionPayouts.id, payoutId))
  if (!payout) throw notFound('Commission payout')
  assertNotMaker(identityId, payout)
  if (payout.status !== 'REQUESTED')
    throw conflict(`This payout is already ${payout.status}; only a REQUESTED payout can be decided`)
  return payout
}

async function reload(payoutId: number) {
  const [payout] = await getDb().select().from(commissionPayouts).where(eq(commissionPayouts.id, payoutId))
  return payout
}
