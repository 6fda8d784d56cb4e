import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyHistories } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'

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
