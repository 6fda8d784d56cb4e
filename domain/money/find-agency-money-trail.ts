import { getDb } from '../../db/client'
import { assertAgencyAccess } from '../agencies/agency-access'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { agencyBalanceTrail } from './balance-trail'
import { withApprovers } from './reads'

/**
 * The agency's statement from the journal: its balance account's transfers, newest first, with
 * the running balance (cents), `page` of TRAIL_PER_PAGE. Staff with finance for any agency; the
 * agency side (finance or purchase) for itself only (another agency is NOT_FOUND).
 */
export const findAgencyMoneyTrail = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findAgencyMoneyTrail(opts: { actor: Actor; agencyId: number; page: number }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    const db = getDb()
    const trail = await agencyBalanceTrail(db, opts.agencyId, opts.page)
    return { ...trail, items: await withApprovers(trail.items) }
  },
)
