// The referral list query shared by findAgencyReferrals and findAllAgencyReferrals.
import { desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyReferrals } from '../../db/schema'
import { referredAgencies, referredColumns, referringColumns } from './referral-loading'

export function listQuery(where: SQL | undefined, page: number, perPage: number) {
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
