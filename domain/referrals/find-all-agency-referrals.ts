import { ilike, or } from 'drizzle-orm'
import { agencies, agencyReferrals } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { pageInfo } from '../shared/pagination'
import type { AllReferralsQuery } from './referrals.schemas'
import { presentReferral } from './referral-presenter'
import { defineUseCase } from '../shared/authorize'
import { listQuery } from './referral-listing'

/** getAllAgencyReferrals (staff): every referral, newest first, filtered by either agency's name or e-mail. */
export const findAllAgencyReferrals = defineUseCase(
  { staff: ['agency_management'] },
  async function findAllAgencyReferrals(opts: { actor: Actor; input: AllReferralsQuery }) {
    const { page, perPage, global_filter } = opts.input
    const like = global_filter ? `%${global_filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
    const where = like
      ? or(
          ilike(agencyReferrals.referred_to_agency_name, like),
          ilike(agencyReferrals.referred_to_agency_email, like),
          ilike(agencies.full_company_name, like),
          ilike(agencies.email, like),
        )
      : undefined
    const rows = await listQuery(where, page, perPage)
    return {
      items: rows.map((r) => presentReferral(opts.actor, r.referral, r.referring, r.referred)),
      pageInfo: pageInfo(page, perPage, rows[0]?.total ?? 0),
    }
  },
)
