import { eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb, type DbOrTx } from '../../db/client'
import { agencies, agencyReferrals } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'

export type ReferralRow = typeof agencyReferrals.$inferSelect

/** The referred agency, joined beside the referring one (`agencies`). */
export const referredAgencies = alias(agencies, 'referred_agency')

export const referringColumns = {
  id: agencies.id,
  full_company_name: agencies.full_company_name,
  email: agencies.email,
}

export const referredColumns = {
  id: referredAgencies.id,
  full_company_name: referredAgencies.full_company_name,
  email: referredAgencies.email,
  status: referredAgencies.status,
}

/**
 * Loads a referral the actor may see: staff any, the agency side only its own referrals; every
 * other id is "not found". `lock` takes a row lock for a following update.
 */
export async function loadReferral(actor: Actor, id: number, tx: DbOrTx = getDb(), lock = false) {
  const query = tx
    .select({ referral: agencyReferrals, referring: referringColumns, referred: referredColumns })
    .from(agencyReferrals)
    .innerJoin(agencies, eq(agencies.id, agencyReferrals.referred_by_id))
    .leftJoin(referredAgencies, eq(referredAgencies.id, agencyReferrals.referred_agency_id))
    .where(eq(agencyReferrals.id, id))
  const [row] = lock ? await query.for('update', { of: agencyReferrals }) : await query
  if (!row) throw notFound('Referral')
  if (isAgencySide(actor) && row.referral.referred_by_id !== actor.agencyId) throw notFound('Referral')
  if (!isStaff(actor) && !isAgencySide(actor)) throw notFound('Referral')
  return row
}
