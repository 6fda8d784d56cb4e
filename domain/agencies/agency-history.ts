import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { getDb } from '../../db/client'
import { agencyHistories } from '../../db/schema'
import type { AgencyStatus } from './agencies.rules'
import type { Actor } from '../shared/actor'
import { assertAgencyAccess } from './get-agency'
import { defineUseCase } from '../shared/authorize'

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

/** getAgencyHistories: the timeline, oldest first. Staff, or the agency itself. */
export const getAgencyHistories = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getAgencyHistories(opts: { actor: Actor; agencyId: number }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    return getDb()
      .select()
      .from(agencyHistories)
      .where(eq(agencyHistories.agency_id, opts.agencyId))
      .orderBy(asc(agencyHistories.created_at), asc(agencyHistories.id))
  },
)
