import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  agencies,
  commissionPayouts,
  fullRefunds,
  insuranceProviders,
  insurerRemittances,
  payoutBatches,
  payoutBatchItems,
} from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { notFound } from '../../shared/errors'
import { maskAccount } from '../../agencies/bank-details/payout-details.rules'
import { batchQuery, present } from './payout-batch-listing'

/**
 * One payout batch with its lines in file order (staff with finance; 404): each line's payout or
 * full refund and agency, or insurer remittance and insurer (`payee_name` either way), amount, account (number
 * masked: the file holds it in full), state and return reason. `can_approve`: whether the caller
 * may approve it (DRAFT and not its maker).
 */
export const getPayoutBatch = defineUseCase(
  { staff: ['finance'] },
  async function getPayoutBatch(opts: { actor: StaffActor; batchId: number }) {
    const [row] = await batchQuery().where(eq(payoutBatches.id, opts.batchId))
    if (!row) throw notFound('Payout batch')
    const items = await getDb()
      .select({
        item: payoutBatchItems,
        agency_name: agencies.full_company_name,
        payout_status: commissionPayouts.status,
        insurer: insuranceProviders.name,
        remittance_status: insurerRemittances.status,
        refund_status: fullRefunds.status,
        refund_policy_id: fullRefunds.policy_id,
      })
      .from(payoutBatchItems)
      .leftJoin(agencies, eq(agencies.id, payoutBatchItems.agency_id))
      .leftJoin(commissionPayouts, eq(commissionPayouts.id, payoutBatchItems.payout_id))
      .leftJoin(fullRefunds, eq(fullRefunds.id, payoutBatchItems.refund_id))
      .leftJoin(insurerRemittances, eq(insurerRemittances.id, payoutBatchItems.remittance_id))
      .leftJoin(insuranceProviders, eq(insuranceProviders.id, insurerRemittances.insurance_provider_id))
      .where(eq(payoutBatchItems.batch_id, row.batch.id))
      .orderBy(asc(payoutBatchItems.id))
    return {
      batch: present(row),
      can_approve: row.batch.status === 'DRAFT' && row.batch.created_by_identity_id !== opts.actor.identityId,
      items: items.map(({ item, agency_name, insurer, ...statuses }) => {
        const { account_number, ...rest } = item
        return {
          ...rest,
          account_number_masked: maskAccount(account_number),
          agency_name,
          payee_name: item.remittance_id
            ? `${insurer} (remittance #${item.remittance_id})`
            : item.refund_id
              ? `${agency_name} (full refund #${item.refund_id})`
              : agency_name,
          ...statuses,
        }
      }),
    }
  },
)
