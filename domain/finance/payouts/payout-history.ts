import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { financeRequestHistories } from '../../../db/schema'
import type { ClawbackOffset } from '../../clawbacks/offset-clawbacks-by-payout'

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

/**
 * The clawbacks an approved payout offset, as its APPROVED row recorded them: a decision applied
 * again (its activity retried after the worker died past the commit) tells those clawbacks again.
 */
export async function approvedOffsets(tx: DbOrTx, payoutId: number): Promise<ClawbackOffset[]> {
  const [row] = await tx
    .select({ meta: financeRequestHistories.meta })
    .from(financeRequestHistories)
    .where(
      and(
        eq(financeRequestHistories.request_type, 'COMMISSION_PAYOUT'),
        eq(financeRequestHistories.request_id, payoutId),
        eq(financeRequestHistories.action, 'APPROVED'),
      ),
    )
    .limit(1)
  const offsets = (row?.meta as { offsets?: ClawbackOffset[] } | null)?.offsets
  return Array.isArray(offsets) ? offsets : []
}
