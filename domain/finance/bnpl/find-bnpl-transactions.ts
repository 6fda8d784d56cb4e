import { pageInfo } from '../../shared/pagination'
import { defineUseCase } from '../../shared/authorize'
import { type LedgerInput, agencyFor } from '../ledger/ledger-listing'
import { bnplQuery, presentBnplEntry } from '../ledger/ledger-statement'

/** getBnplTransactionForAgency: the buy-now-pay-later ledger, newest first, with what remained after each. */
export const findBnplTransactions = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findBnplTransactions(opts: LedgerInput) {
    const agencyId = await agencyFor(opts)
    const rows = await bnplQuery(agencyId)
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    return {
      items: rows.map(presentBnplEntry),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)
