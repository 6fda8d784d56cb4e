import type { agencies } from '../../db/schema'
import { isStaff, type Actor } from '../shared/actor'
import { referralStatus } from './referrals.rules'
import type { ReferralRow } from './referral-loading'

type AgencyRow = typeof agencies.$inferSelect

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
