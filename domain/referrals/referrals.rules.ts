import type { AgencyStatus } from '../agencies/agencies.rules'

export const REFERRAL_STATUSES = ['ACTIVE', 'PAID', 'PENDING'] as const
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number]

/** The two parties a referral bonus is paid to. */
export const REFERRAL_SIDES = ['referring', 'referred'] as const
export type ReferralSide = (typeof REFERRAL_SIDES)[number]

/** Statuses an agency holds once its portal has been activated (a later deactivation does not undo a referral). */
const ACTIVATED: readonly AgencyStatus[] = ['PORTAL_ACTIVATED', 'PORTAL_DEACTIVATED']

export const hasBeenActivated = (agency: { status: AgencyStatus } | null | undefined) =>
  !!agency && ACTIVATED.includes(agency.status)

/**
 * A referral's status follows from its payments and the referred agency: PAID once both sides
 * are paid, ACTIVE once the referred agency's portal has been activated, PENDING before that.
 */
export function referralStatus(
  r: { is_referring_paid: boolean; is_referred_paid: boolean },
  referred: { status: AgencyStatus } | null | undefined,
): ReferralStatus {
  if (r.is_referring_paid && r.is_referred_paid) return 'PAID'
  if (hasBeenActivated(referred)) return 'ACTIVE'
  return 'PENDING'
}

/**
 * The referred agency's e-mail can follow a corrected referral only while its invitation is
 * unused (nobody has registered with it yet).
 */
export const invitationUnused = (referred: {
  status: AgencyStatus
  is_email_verified: boolean
  full_company_name: string | null
}) => referred.status === 'PENDING' && !referred.is_email_verified && !referred.full_company_name
