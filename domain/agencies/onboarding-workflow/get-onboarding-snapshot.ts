import { eq, sql } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { agencies, agencyConfigurations, agencyDocuments } from '../../../db/schema'
import { notFound } from '../../shared/errors'
import type { OnboardingSnapshot } from '../onboarding.rules'

/** What the onboarding workflow needs to know of an agency, read from the database. */
export async function getOnboardingSnapshot(
  agencyId: number,
  db: DbOrTx = getDb(),
): Promise<OnboardingSnapshot> {
  const [row] = await db
    .select({
      status: agencies.status,
      is_email_verified: agencies.is_email_verified,
      is_request_submitted: agencies.is_request_submitted,
      unsigned: agencyDocuments.unsigned_agreement,
      configured: sql<number>`(select count(*)::int from ${agencyConfigurations} where ${agencyConfigurations.agency_id} = ${agencies.id})`,
    })
    .from(agencies)
    .leftJoin(agencyDocuments, eq(agencyDocuments.agency_id, agencies.id))
    .where(eq(agencies.id, agencyId))
  if (!row) throw notFound('Agency')
  return {
    agencyId,
    status: row.status,
    is_email_verified: row.is_email_verified,
    is_request_submitted: row.is_request_submitted,
    has_unsigned_agreement: !!row.unsigned,
    configured_providers: row.configured,
  }
}
