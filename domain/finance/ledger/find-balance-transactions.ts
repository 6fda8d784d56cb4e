import { pageInfo } from '../../shared/pagination'
import { defineUseCase } from '../../shared/authorize'
import { type LedgerInput, agencyFor } from './ledger-listing'
import { balanceQuery, presentBalanceEntry } from './ledger-statement'

/**
 * getAgencyBalanceTransactionForAgency: the balance ledger, newest first: signed amount, balance
 * after it, type, and the policy / top-up / invoice it explains.
 */
export const findBalanceTransactions = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findBalanceTransactions(opts: LedgerInput) {
    const agencyId = await agencyFor(opts)
    const rows = await balanceQuery(agencyId)
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    return {
      items: rows.map(presentBalanceEntry),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)
