import type { DbOrTx } from '../../../db/client'
import { financeRequestHistories } from '../../../db/schema'

/**
 * One row of a payout's timeline (finance_request_histories, COMMISSION_PAYOUT), written in the
 * transaction of the change it records. `agencyVisible: false` keeps staff-only rows (reminders,
 * escalations) off the agency's timeline.
 */
export async function recordPayoutHistory(
  tx: DbOrTx,
  h: {
    payoutId: number
    agencyId: number
    action: string
    by: string
    byIdentityId?: number | null
    fromStatus?: string | null
    toStatus?: string | null
    note?: string | null
    agencyVisible?: boolean
    meta?: Record<string, unknown>
  },
) {
  await tx.insert(financeRequestHistories).values({
    request_type: 'COMMISSION_PAYOUT',
    request_id: h.payoutId,
    agency_id: h.agencyId,
    action: h.action,
    from_status: h.fromStatus ?? null,
    to_status: h.toStatus ?? null,
    actor: h.by,
    actor_id: h.byIdentityId ?? null,
    note: h.note ?? null,
    agency_visible: h.agencyVisible ?? true,
    meta: h.meta ?? null,
  })
}
