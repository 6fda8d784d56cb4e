import { eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb, type DbOrTx } from '../../db/client'
import { agencies, agencyReferrals } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { referralStatus } from './referrals.rules'

export type ReferralRow = typeof agencyReferrals.$inferSelect
type AgencyRow = typeof agencies.$inferSelect

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

type Referred = Pick<AgencyRow, 'id' | 'full_company_name' | 'email' | 'status'>
type Referring = Pick<AgencyRow, 'id' | 'full_company_name' | 'email'>

/**
 * A referral as answered to `actor`: the status is derived from payments and the referred
 * agency, so it is current even when the referred agency was activated after the last write.
 * The agency side does not see staff identities or the payment document of the other agency.
 */
export function presentReferral(
  actor: Actor,
  row: ReferralRow,
  referring: Referring | null,
  referred: Referred | null,
) {
  const status = referralStatus(row, referred)
  const base = {
    ...row,
    status,
    referred_by: referring?.id ? referring : null,
    referred_agency: referred?.id ? referred : null,
  }
  if (isStaff(actor)) return base
  const { referred_payment_document: _d, referring_paid_by: _a, referred_paid_by: _b, ...own } = base
  return own
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
