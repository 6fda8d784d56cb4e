import { pageInfo } from '../../shared/pagination'
import { defineUseCase } from '../../shared/authorize'
import { type LedgerInput, agencyFor, commissionQuery, presentCommission } from './ledger-listing'

/**
 * getAgencyCommissionTransactionForAgency: the agency's commission per policy (any status), most
 * recently changed first, with the policy ref and status.
 */
export const findCommissionTransactions = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findCommissionTransactions(opts: LedgerInput) {
    const agencyId = await agencyFor(opts)
    const rows = await commissionQuery(agencyId, false)
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    return {
      items: rows.map(presentCommission),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)
