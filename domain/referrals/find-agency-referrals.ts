import { desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyReferrals } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { pageInfo } from '../shared/pagination'
import { assertAgencyAccess } from '../agencies/agency-access'
import type { AllReferralsQuery } from './referrals.schemas'
import { presentReferral } from './referral-presenter'
import { referredAgencies, referredColumns, referringColumns } from './referral-loading'
import { defineUseCase } from '../shared/authorize'

function listQuery(where: SQL | undefined, page: number, perPage: number) {
  return getDb()
    .select({
      referral: agencyReferrals,
      referring: referringColumns,
      referred: referredColumns,
      total: sql<number>`count(*) over()::int`,
    })
    .from(agencyReferrals)
    .innerJoin(agencies, eq(agencies.id, agencyReferrals.referred_by_id))
    .leftJoin(referredAgencies, eq(referredAgencies.id, agencyReferrals.referred_agency_id))
    .where(where)
    .orderBy(desc(agencyReferrals.created_at), desc(agencyReferrals.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
}

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
