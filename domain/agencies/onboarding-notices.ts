// The notifications of the onboarding steps: each is written in the transaction of its step, to
// the agency (its account and users) or to staff with agency management.
import type { DbOrTx } from '../../db/client'
import { notify } from '../notifications/notify'
import { agencyLinks, onboardingLinks, staffLinks } from '../shared/links'

/** The event types of the onboarding steps (and of a live portal switched off and on again). */
export const ONBOARDING_NOTICES = [
  'REGISTRATION_REQUEST_SUBMITTED',
  'AGENCY_CONFIGURATION_DONE',
  'AGREEMENT_SENT',
  'AGREEMENT_SIGNED',
  'PORTAL_ACTIVATED',
  'PORTAL_DEACTIVATED',
  'PORTAL_REACTIVATED',
  'ONBOARDING_REMINDER',
  'ONBOARDING_ESCALATED',
] as const
export type OnboardingNotice = (typeof ONBOARDING_NOTICES)[number]

const STAFF = { staffPermission: 'agency_management' } as const

type AgencyRef = { id: number; name: string }
type Notice = { to: Parameters<typeof notify>[2]; title: string; message: string; link: string }

/** Who hears of each step, and what they read. */
const NOTICES: Record<OnboardingNotice, (agency: AgencyRef, what?: string) => Notice> = {
  REGISTRATION_REQUEST_SUBMITTED: (agency) => ({
    to: STAFF,
    title: `Registration request from ${agency.name}`,
    message: `${agency.name} completed its company details and asks to be onboarded: configure its insurers and commission.`,
    link: staffLinks.agency(agency.id),
  }),
  AGENCY_CONFIGURATION_DONE: (agency) => ({
    to: { agencyId: agency.id },
    title: 'Your agency is configured',
    message: 'Our team set up your insurers and commission. Your agreement follows.',
    link: onboardingLinks.home,
  }),
  AGREEMENT_SENT: (agency) => ({
    to: { agencyId: agency.id },
    title: 'Your agreement is ready to sign',
    message: 'Download the agreement, sign it and upload the signed copy to activate your portal.',
    link: onboardingLinks.agreement,
  }),
  AGREEMENT_SIGNED: (agency) => ({
    to: STAFF,
    title: `${agency.name} signed the agreement`,
    message: `The signed agreement of ${agency.name} is uploaded: check it and activate the portal.`,
    link: staffLinks.agency(agency.id),
  }),
  PORTAL_ACTIVATED: (agency) => ({
    to: { agencyId: agency.id },
    title: 'Your portal is active',
    message: 'You can now quote and sell cover to your students.',
    link: agencyLinks.home,
  }),
  PORTAL_DEACTIVATED: (agency) => ({
    to: { agencyId: agency.id },
    title: 'Your portal is deactivated',
    message: `Our team deactivated the portal of ${agency.name}: quoting and selling are closed until it is reactivated. Contact us to ask why.`,
    link: onboardingLinks.deactivated,
  }),
  PORTAL_REACTIVATED: (agency) => ({
    to: { agencyId: agency.id },
    title: 'Your portal is active again',
    message: `Our team reactivated the portal of ${agency.name}: you can quote and sell again.`,
    link: agencyLinks.home,
  }),
  ONBOARDING_REMINDER: (agency, what) => ({
    to: { agencyId: agency.id },
    title: 'Your registration is waiting for you',
    message: `Please ${what ?? 'continue your registration'}.`,
    link: onboardingLinks.home,
  }),
  ONBOARDING_ESCALATED: (agency, what) => ({
    to: STAFF,
    title: `Onboarding of ${agency.name} is overdue`,
    message: what ?? `The onboarding of ${agency.name} has waited past its deadline.`,
    link: staffLinks.agency(agency.id),
  }),
}

/** Writes the notification of an onboarding step in the step's transaction. */
export async function noticeOnboarding(tx: DbOrTx, step: OnboardingNotice, agency: AgencyRef, what?: string) {
  const n = NOTICES[step](agency, what)
  return notify(
    tx,
    { eventType: step, title: n.title, message: n.message, link: n.link, meta: { agency_id: agency.id } },
    n.to,
  )
}
