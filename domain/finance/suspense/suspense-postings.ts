// What an approved decision on money in suspense posts to the money journal (issue 25), in the
// transaction that approves it: to a policy's waiting premium or a waiting bank top-up (ALLOCATE), back to the channel it
// came by (REFUND), to an agency's balance through its ledger (CREDIT_AGENCY, checked by the money
// authority), or to house:write_off.
import type { DbOrTx } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { formatCents } from '../../shared/format'
import { account } from '../../money/accounts'
import { postTransfers } from '../../money/journal'
import { postBalanceEntry } from '../ledger/ledger'
import { allocateToPremium } from './allocate-suspense'
import { allocateToTopup } from './allocate-to-topup'
import { refundChannel } from './suspense.rules'
import type { SuspenseClearing, SuspenseItem } from './suspense-store'

export async function postClearing(tx: DbOrTx, row: SuspenseClearing, item: SuspenseItem, actor: StaffActor) {
  const decision = { by: actor, makers: [row.proposed_by_identity_id] }
  if (row.action === 'ALLOCATE')
    return row.topup_id ? allocateToTopup(tx, row, actor) : allocateToPremium(tx, row, actor)
  const note = `Suspense decision #${row.id} on transfer #${item.id}: ${row.reason}`
  if (row.action === 'CREDIT_AGENCY')
    return postBalanceEntry(tx, {
      agencyId: row.agency_id!,
      type: 'SUSPENSE_CREDIT',
      amount: row.amount,
      actor,
      note: `${formatCents(row.amount)} of unattributed money credited: ${row.reason}`,
      decision,
    })
  const to =
    row.action === 'REFUND' ? account.clearing(refundChannel(item.source)!) : account.house('write_off')
  return postTransfers(tx, [
    {
      key: `suspense-clearing:${row.id}`,
      debit: account.suspense,
      credit: to,
      amount: row.amount,
      code: row.action === 'REFUND' ? 'REFUND' : 'ADJUSTMENT',
      note,
      agencyId: item.agency_id,
      policyId: item.policy_id,
      paymentId: item.payment_id,
      actor,
      decision,
    },
  ])
}
