import type { DbOrTx } from '../../db/client'
import { agencyHistories } from '../../db/schema'
import type { AgencyStatus } from './agencies.rules'

/** Appends one row to the agency timeline (inside the caller's transaction). */
export async function recordAgencyHistory(
  tx: DbOrTx,
  row: {
    agencyId: number
    action: string
    actor: string
    from?: AgencyStatus | null
    to?: AgencyStatus | null
    note?: string
    meta?: unknown
  },
) {
  await tx.insert(agencyHistories).values({
    agency_id: row.agencyId,
    action: row.action,
    actor: row.actor,
    from_status: row.from ?? null,
    to_status: row.to ?? null,
    note: row.note ?? null,
    meta: row.meta ?? null,
  })
}
