import { pageInfo } from '../../shared/pagination'
import { defineUseCase } from '../../shared/authorize'
import { type LedgerInput, agencyFor, commissionQuery, presentCommission } from './ledger-listing'

/**
 * getCommissionBankedPolicies: policies whose commission is banked (payable to the agency), with
 * the premium line item id a payout request names.
 */
export const findCommissionBankedPolicies = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findCommissionBankedPolicies(opts: LedgerInput) {
    const agencyId = await agencyFor(opts)
    const rows = await commissionQuery(agencyId, true)
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    return {
      items: rows.map(presentCommission),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)
