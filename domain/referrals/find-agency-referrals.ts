import { eq } from 'drizzle-orm'
import { agencyReferrals } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { pageInfo } from '../shared/pagination'
import { assertAgencyAccess } from '../agencies/agency-access'
import { presentReferral } from './referral-presenter'
import { defineUseCase } from '../shared/authorize'
import { listQuery } from './referral-listing'

/**
 * getAgencyReferrals: the referrals one agency made, newest first. Staff for any agency, an agency
 * for itself; another agency's id is 404.
 */
export const findAgencyReferrals = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function findAgencyReferrals(opts: {
    actor: Actor
    agencyId: number
    page: number
    perPage: number
  }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    const rows = await listQuery(eq(agencyReferrals.referred_by_id, agency.id), opts.page, opts.perPage)
    return {
      items: rows.map((r) => presentReferral(opts.actor, r.referral, r.referring, r.referred)),
      pageInfo: pageInfo(opts.page, opts.perPage, rows[0]?.total ?? 0),
    }
  },
)
