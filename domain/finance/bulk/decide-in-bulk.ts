import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { DomainError, HTTP_STATUS, validation } from '../../shared/errors'
import { logError } from '../../shared/log'
import { approvePolicyPayment } from '../policy-payments/approve-policy-payment'
import { rejectPolicyPayments } from '../policy-payments/reject-policy-payments'
import { approveTopup } from '../topups/approve-topup'
import { rejectTopup } from '../topups/reject-topup'
import { approveCommissionPayout } from '../payouts/approve-commission-payout'
import { rejectCommissionPayout } from '../payouts/reject-commission-payout'
import { approveBnplPaymentRequest } from '../bnpl/approve-bnpl-payment-request'
import { rejectBnplPaymentRequest } from '../bnpl/reject-bnpl-payment-request'
import { BulkDecisionSchema, type BulkDecisionInput } from './bulk-decisions.schemas'

/** How one item of a bulk decision ended. */
export type ItemResult = { id: number; ok: true } | { id: number; ok: false; status: number; message: string }

/** The one decision of an item: the same use case its own page and API call use. */
function decideOne(actor: StaffActor, input: BulkDecisionInput, id: number): Promise<unknown> {
  const reason = input.reason ?? ''
  const approve = input.decision === 'approve'
  switch (input.kind) {
    case 'policy_payment':
      return approve
        ? approvePolicyPayment({ actor, policyId: id })
        : rejectPolicyPayments({ actor, policyIds: [id], reason })
    case 'topup':
      return approve ? approveTopup({ actor, topupId: id }) : rejectTopup({ actor, topUpId: id, reason })
    case 'payout':
      return approve
        ? approveCommissionPayout({ actor, payoutId: id, paymentType: input.payment_type! })
        : rejectCommissionPayout({ actor, payoutId: id, reason })
    case 'bnpl':
      return approve
        ? approveBnplPaymentRequest({ actor, requestId: id })
        : rejectBnplPaymentRequest({ actor, requestId: id, reason })
  }
}

/**
 * Decides several inbox items of one kind (staff with finance and a fresh second factor; issue
 * 25): bank payment verifications, top-ups, payout requests or BNPL settlements, approved or
 * rejected. Each goes through its own decision in turn (its workflow Update where it has one),
 * with its own maker-checker and state checks; a refusal of one (403, 404, 409) is its result and
 * the others go on. An unexpected failure of one is logged and reported as such, and the others
 * go on too. The answer: counts and a result per item, in the order given.
 */
export const decideInBulk = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function decideInBulk(opts: { actor: StaffActor; input: unknown }) {
    const parsed = BulkDecisionSchema.safeParse(opts.input)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw validation(String(issue.path[0] ?? 'ids'), issue.message)
    }
    const input = parsed.data
    const results: ItemResult[] = []
    for (const id of [...new Set(input.ids)]) {
      try {
        await decideOne(opts.actor, input, id)
        results.push({ id, ok: true })
      } catch (err) {
        if (err instanceof DomainError) {
          results.push({ id, ok: false, status: HTTP_STATUS[err.code], message: err.message })
          continue
        }
        logError(`bulk ${input.decision} of ${input.kind} ${id} failed`, err)
        results.push({
          id,
          ok: false,
          status: 500,
          message: 'Something went wrong on our side; try it again',
        })
      }
    }
    return {
      kind: input.kind,
      decision: input.decision,
      done: results.filter((r) => r.ok).length,
      refused: results.filter((r) => !r.ok).length,
      results,
    }
  },
)
