import type { DbOrTx } from '../../db/client'
import { postBnplEntry } from '../../domain/finance/ledger/ledger'
import { account } from '../../domain/money/accounts'
import { postTransfers } from '../../domain/money/journal'

let seq = 0

/**
 * Gives `amount` cents of BNPL credit back as an approved bank settlement does: the transfer
 * arrives in the agency's settlement account (approveBnplPaymentRequest posts it), which passes it
 * on to the credit used (postBnplEntry). The settlement account's floor refuses a give-back alone.
 */
export async function settleBnplByBank(tx: DbOrTx, agencyId: number, amount: number, actor = 'test') {
  await postTransfers(tx, [
    {
      key: `test-bnpl-settlement:${agencyId}:${Date.now().toString(36)}:${++seq}`,
      debit: account.clearing('bank'),
      credit: account.agencyBnplSettlement(agencyId),
      amount,
      code: 'BNPL_SETTLEMENT_PAID',
      actor,
      agencyId,
    },
  ])
  return postBnplEntry(tx, { agencyId, amount, actor })
}
