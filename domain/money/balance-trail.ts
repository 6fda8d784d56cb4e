// An agency's statement from the journal: its balance account's transfers with the running
// balance, paged in SQL over the account's two indexes (money_transfers_debit_idx / _credit_idx).
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { moneyAccounts } from '../../db/schema/journal'
import { pageInfo } from '../shared/pagination'
import { account } from './accounts'
import { accountLabel, transferCodeLabel, transferStateLabel } from './labels'
import { type TransferRecords, withBalance } from './reads'

export const TRAIL_PER_PAGE = 25

type TrailRow = TransferRecords & {
  id: number
  created_at: Date | string
  decided_at: Date | string | null
  code: string
  state: string
  amount: number
  direction: 'in' | 'out'
  other: string
  policy_ref: string | null
  actor: string
  note: string | null
  balance_after: number
  total: number
}

/**
 * One page of the account's transfers, newest first: the two index scans (debit side, credit
 * side), a window sum over them, LIMIT/OFFSET, then the other account and the policy for the
 * page's rows only. `total` is the count of all of them.
 */
async function trailRows(tx: DbOrTx, accountId: number, page: number, perPage: number) {
  const { rows } = await tx.execute<TrailRow>(sql`
    with mine as (
      select id, created_at, decided_at, code, state, amount, policy_id, actor, note,
        invoice_id, payout_id, refund_id, clawback_id, amendment_id,
        'in' as direction, debit_account_id as other_id
      from money_transfers where credit_account_id = ${accountId}
      union all
      select id, created_at, decided_at, code, state, amount, policy_id, actor, note,
        invoice_id, payout_id, refund_id, clawback_id, amendment_id,
        'out' as direction, credit_account_id as other_id
      from money_transfers where debit_account_id = ${accountId}
    ), ran as (
      select mine.*,
        sum(case when state = 'POSTED' then (case when direction = 'in' then amount else -amount end) else 0 end)
          over (order by id rows between unbounded preceding and current row) as balance_after,
        count(*) over () as total
      from mine
    ), shown as (
      select * from ran order by id desc limit ${perPage} offset ${(page - 1) * perPage}
    )
    select r.id, r.created_at, r.decided_at, r.code, r.state, r.amount, r.direction,
      o.code as other, r.policy_id, p.ref as policy_ref, r.actor, r.note,
      r.invoice_id, r.payout_id, r.refund_id, r.clawback_id, r.amendment_id,
      r.balance_after::bigint as balance_after, r.total::int as total
    from shown r
    join money_accounts o on o.id = r.other_id
    left join policies p on p.id = r.policy_id
    order by r.id desc`)
  return rows
}

/** A trail row as the statement shows it: signed cents, codes with their words. */
function trailItem(r: TrailRow) {
  const amount = Number(r.amount)
  return {
    id: r.id,
    created_at: new Date(r.created_at),
    decided_at: r.decided_at ? new Date(r.decided_at) : null,
    code: r.code,
    label: transferCodeLabel(r.code),
    state: r.state,
    state_label: transferStateLabel(r.state),
    /** Signed cents on the agency's balance: positive in, negative out. */
    amount: r.direction === 'in' ? amount : -amount,
    other: r.other,
    other_label: accountLabel(r.other),
    policy_id: r.policy_id,
    policy_ref: r.policy_ref,
    invoice_id: r.invoice_id,
    payout_id: r.payout_id,
    refund_id: r.refund_id,
    clawback_id: r.clawback_id,
    amendment_id: r.amendment_id,
    actor: r.actor,
    note: r.note,
    balance_after: Number(r.balance_after),
  }
}

/**
 * The transfers of the agency's balance account (`agency:<id>:balance`), newest first, `perPage`
 * a page, each with the other account, the policy it belongs to and the posted balance after it
 * (credits raise the balance; pending and voided transfers leave it as it was).
 * `balance` is the account's figures now, from its columns. Not a use case: see findAgencyMoneyTrail.
 */
export async function agencyBalanceTrail(
  tx: DbOrTx,
  agencyId: number,
  page: number,
  perPage = TRAIL_PER_PAGE,
) {
  const code = account.agencyBalance(agencyId)
  const [acc] = await tx
    .select({
      id: moneyAccounts.id,
      posted_debits: moneyAccounts.posted_debits,
      posted_credits: moneyAccounts.posted_credits,
      pending_debits: moneyAccounts.pending_debits,
      pending_credits: moneyAccounts.pending_credits,
    })
    .from(moneyAccounts)
    .where(eq(moneyAccounts.code, code))
  if (!acc) return { account: code, balance: null, items: [], pageInfo: pageInfo(page, perPage, 0) }
  const rows = await trailRows(tx, acc.id, page, perPage)
  return {
    account: code,
    balance: withBalance(acc),
    items: rows.map(trailItem),
    pageInfo: pageInfo(page, perPage, rows[0] ? Number(rows[0].total) : 0),
  }
}
