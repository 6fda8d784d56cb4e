import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { agencyFor } from './ledger-listing'
import {
  balanceQuery,
  bnplQuery,
  presentBalanceEntry,
  presentBnplEntry,
  toStatementLine,
} from './ledger-statement'
import type { StatementAccount } from '../finance-screens.schemas'
import type { StatementLine } from './ledger-statement'

/**
 * An agency's statement of one account (balance or BNPL) without paging, in batches, newest first,
 * for streamed exports. Same access as the ledger reads.
 */
export const iterateStatement = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function iterateStatement(opts: { actor: Actor; agencyId: number; account: StatementAccount }) {
    const agencyId = await agencyFor({ ...opts, page: 1, perPage: 1 })
    return (async function* (): AsyncGenerator<StatementLine> {
      const batch = 500
      for (let offset = 0; ; offset += batch) {
        if (opts.account === 'balance') {
          const rows = await balanceQuery(agencyId).limit(batch).offset(offset)
          for (const r of rows) yield toStatementLine.balance(presentBalanceEntry(r))
          if (rows.length < batch) return
        } else {
          const rows = await bnplQuery(agencyId).limit(batch).offset(offset)
          for (const r of rows) yield toStatementLine.bnpl(presentBnplEntry(r))
          if (rows.length < batch) return
        }
      }
    })()
  },
)
