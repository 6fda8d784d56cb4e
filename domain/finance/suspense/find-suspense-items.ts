import { sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { pageInfo } from '../../shared/pagination'
import { account } from '../../money/accounts'
import { accountLabel } from '../../money/labels'
import { config } from '../../shared/config'
import { SuspenseListQuerySchema, type SuspenseListQuery } from './suspense.schemas'
import { refundChannel, SUSPENSE_ACTION_LABELS, SUSPENSE_STATUS_LABELS } from './suspense.rules'
import type { SuspenseAction, SuspenseClearingStatus } from '../../../db/schema/suspense'

type ItemRow = {
  id: number
  amount: number
  open: number
  code: string
  note: string | null
  source: string
  agency_id: number | null
  agency_name: string | null
  policy_id: number | null
  policy_ref: string | null
  /** Raw rows carry timestamps as text: read into Dates below. */
  created_at: string
  total: number
}

type DecisionRow = {
  id: number
  transfer_id: number
  action: SuspenseAction
  amount: number
  agency_id: number | null
  agency_name: string | null
  /** The policy or the top-up an allocation pays (ALLOCATE). */
  policy_ref: string | null
  topup_id: number | null
  reason: string
  status: SuspenseClearingStatus
  proposed_by_identity_id: number
  proposed_by: string | null
  proposed_at: string
  decided_by: string | null
  decided_at: string | null
  decision_note: string | null
}

/**
 * Money held in suspense (staff with finance; issue 25): each transfer that credited `suspense`,
 * newest first, with what it still holds (cents), where it came from, the agency and policy it was
 * for, and its decisions (a waiting one says whether this person may approve it: not its
 * proposer). `state` open (the default) lists only items still holding money.
 */
export const findSuspenseItems = defineUseCase(
  { staff: ['finance'] },
  async function findSuspenseItems(opts: { actor: StaffActor; input: SuspenseListQuery }) {
    const { page, perPage, state } = SuspenseListQuerySchema.parse(opts.input)
    const db = getDb()
    const { rows } = await db.execute<ItemRow>(sql`
      select t.id, t.amount::int as amount, t.code, t.note, src.code as source, t.created_at,
        t.agency_id, coalesce(a.full_company_name, a.email) as agency_name, t.policy_id, p.ref as policy_ref,
        (t.amount - coalesce(c.cleared, 0))::int as open, count(*) over()::int as total
      from money_transfers t
      join money_accounts s on s.id = t.credit_account_id and s.code = ${account.suspense}
      join money_accounts src on src.id = t.debit_account_id
      left join agencies a on a.id = t.agency_id
      left join policies p on p.id = t.policy_id
      left join lateral (select sum(amount) as cleared from suspense_clearings
        where transfer_id = t.id and status = 'APPROVED') c on true
      where t.state = 'POSTED' and (${state} = 'all' or t.amount > coalesce(c.cleared, 0))
      order by t.id desc limit ${perPage} offset ${(page - 1) * perPage}`)
    const decisions = rows.length ? await decisionsOf(rows.map((r) => r.id)) : []
    return {
      write_off_limit_cents: config().SUSPENSE_WRITE_OFF_LIMIT_CENTS,
      items: rows.map(({ total: _total, ...r }) => {
        const mine = decisions.filter((d) => d.transfer_id === r.id).map((d) => decisionView(d, opts.actor))
        return {
          ...r,
          created_at: new Date(r.created_at),
          source_label: accountLabel(r.source),
          refundable: refundChannel(r.source) !== null,
          decisions: mine,
          waiting: mine.find((d) => d.status === 'PROPOSED') ?? null,
        }
      }),
      pageInfo: pageInfo(page, perPage, rows[0]?.total ?? 0),
    }
  },
)

async function decisionsOf(transferIds: number[]) {
  const { rows } = await getDb().execute<DecisionRow>(sql`
    select c.id, c.transfer_id, c.action, c.amount, c.agency_id, coalesce(a.full_company_name, a.email) as agency_name,
      tp.ref as policy_ref, c.topup_id,
      c.reason, c.status, c.proposed_by_identity_id, pi.email as proposed_by, c.proposed_at,
      di.email as decided_by, c.decided_at, c.decision_note
    from suspense_clearings c
    join identities pi on pi.id = c.proposed_by_identity_id
    left join identities di on di.id = c.decided_by_identity_id
    left join agencies a on a.id = c.agency_id
    left join policies tp on tp.id = c.policy_id
    where c.transfer_id in (${sql.join(transferIds, sql`, `)})
    order by c.id`)
  return rows
}

function decisionView(d: DecisionRow, actor: StaffActor) {
  const { proposed_by_identity_id, ...rest } = d
  return {
    ...rest,
    proposed_at: new Date(d.proposed_at),
    decided_at: d.decided_at ? new Date(d.decided_at) : null,
    action_label: SUSPENSE_ACTION_LABELS[d.action],
    status_label: SUSPENSE_STATUS_LABELS[d.status],
    can_approve: d.status === 'PROPOSED' && proposed_by_identity_id !== actor.identityId,
  }
}
