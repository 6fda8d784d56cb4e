import { and, asc, eq, notExists } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { agencies, agencyBankDetails, commissionPayouts, payoutBatchItems } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { maskAccount } from '../../agencies/bank-details/payout-details.rules'
import { MAX_BATCH_ITEMS, payeeIssue } from './payout-batches.rules'

/** REQUESTED payouts not in a batch, with their agency and its verified payout account. */
export function candidateRows(db: DbOrTx) {
  return db
    .select({
      payout: commissionPayouts,
      agency_name: agencies.full_company_name,
      agency_email: agencies.email,
      bank: agencyBankDetails,
    })
    .from(commissionPayouts)
    .innerJoin(agencies, eq(agencies.id, commissionPayouts.agency_id))
    .leftJoin(agencyBankDetails, eq(agencyBankDetails.agency_id, commissionPayouts.agency_id))
    .where(
      and(
        eq(commissionPayouts.status, 'REQUESTED'),
        notExists(
          db
            .select({ one: payoutBatchItems.id })
            .from(payoutBatchItems)
            .where(
              and(
                eq(payoutBatchItems.payout_id, commissionPayouts.id),
                eq(payoutBatchItems.state, 'INCLUDED'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(commissionPayouts.id))
}

/**
 * The payouts a batch may take (staff with finance): REQUESTED and in no batch, oldest first (at
 * most MAX_BATCH_ITEMS), each with the verified account it would pay (number masked) and, when it
 * cannot be paid by a Direct Entry file, why (`issue`: no verified account, a bad BSB or number).
 */
export const findPayoutBatchCandidates = defineUseCase(
  { staff: ['finance'] },
  async function findPayoutBatchCandidates(_opts: { actor: StaffActor }) {
    const rows = await candidateRows(getDb()).limit(MAX_BATCH_ITEMS)
    return rows.map(({ payout, agency_name, agency_email, bank }) => ({
      payout_id: payout.id,
      agency_id: payout.agency_id,
      agency_name: agency_name ?? agency_email,
      amount_cents: payout.total_amount,
      requested_at: payout.created_at,
      bsb: bank?.bsb ?? null,
      account_name: bank?.bank_account_name ?? null,
      account_number_masked: bank ? maskAccount(bank.account_number) : null,
      issue: payeeIssue(bank),
    }))
  },
)
