// The timeline of a finance request (finance_request_histories): the finance area writes its rows;
// another area's process (a clawback) records its steps through recordFinanceRequestHistory.
import type { DbOrTx } from '../../db/client'
import { financeRequestHistories } from '../../db/schema'

/**
 * One row of a request's timeline, in the transaction of the change it records. `agencyVisible:
 * false` keeps staff-only rows (reminders, escalations) off the agency's timeline.
 */
export async function recordFinanceRequestHistory(
  tx: DbOrTx,
  h: Pick<
    typeof financeRequestHistories.$inferInsert,
    'request_type' | 'request_id' | 'agency_id' | 'action' | 'actor'
  > & {
    actorId: number | null
    fromStatus?: string | null
    toStatus?: string | null
    note?: string | null
    agencyVisible?: boolean
    meta?: Record<string, unknown>
  },
) {
  await tx.insert(financeRequestHistories).values({
    request_type: h.request_type,
    request_id: h.request_id,
    agency_id: h.agency_id,
    action: h.action,
    from_status: h.fromStatus ?? null,
    to_status: h.toStatus ?? null,
    actor: h.actor,
    actor_id: h.actorId,
    note: h.note ?? null,
    agency_visible: h.agencyVisible ?? true,
    meta: h.meta ?? null,
  })
}
