import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { maskAccount } from '../../agencies/bank-details/payout-details.rules'
import { MAX_BATCH_ITEMS, payeeIssue } from './payout-batches.rules'
import { refundAmount, refundCandidateRows } from './refund-batch-lines'

/**
 * The full refunds a batch may take (staff with finance): approved to be paid by a batch and in
 * none, oldest first (at most MAX_BATCH_ITEMS), each with the agency's verified account it would
 * pay (number masked) and, when a Direct Entry file cannot pay it, why (`issue`).
 */
export const findRefundBatchCandidates = defineUseCase(
  { staff: ['finance'] },
  async function findRefundBatchCandidates(_opts: { actor: StaffActor }) {
    const rows = await refundCandidateRows(getDb(), MAX_BATCH_ITEMS)
    return rows.map(({ refund, ref, agency_name, agency_email, bank }) => ({
      refund_id: refund.id,
      policy_id: refund.policy_id,
      policy_ref: ref,
      agency_id: refund.agency_id,
      agency_name: agency_name ?? agency_email,
      amount_cents: refundAmount(refund),
      approved_at: refund.updated_at,
      bsb: bank?.bsb ?? null,
      account_name: bank?.bank_account_name ?? null,
      account_number_masked: bank ? maskAccount(bank.account_number) : null,
      issue: payeeIssue(bank),
    }))
  },
)
