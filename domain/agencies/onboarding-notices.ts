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

/** Who hears of each step, and what they read. */
function noticeOf(step: OnboardingNotice, agency: { id: number; name: string }, what?: string) {
  const staffLink = staffLinks.agency(agency.id)
  switch (step) {
    case 'REGISTRATION_REQUEST_SUBMITTED':
      return {
        to: STAFF,
        title: `Registration request from ${agency.name}`,
        message: `${agency.name} completed its company details and asks to be onboarded: configure its insurers and commission.`,
        link: staffLink,
      }
    case 'AGENCY_CONFIGURATION_DONE':
      return {
        to: { agencyId: agency.id },
        title: 'Your agency is configured',
        message: 'Our team set up your insurers and commission. Your agreement follows.',
        link: onboardingLinks.home,
      }
    case 'AGREEMENT_SENT':
      return {
        to: { agencyId: agency.id },
        title: 'Your agreement is ready to sign',
        message: 'Download the agreement, sign it and upload the signed copy to activate your portal.',
        link: onboardingLinks.agreement,
      }
    case 'AGREEMENT_SIGNED':
      return {
        to: STAFF,
        title: `${agency.name} signed the agreement`,
        message: `The signed agreement of ${agency.name} is uploaded: check it and activate the portal.`,
        link: staffLink,
      }
    case 'PORTAL_ACTIVATED':
      return {
        to: { agencyId: agency.id },
        title: 'Your portal is active',
        message: 'You can now quote and sell cover to your students.',
        link: agencyLinks.home,
      }
    case 'PORTAL_DEACTIVATED':
      return {
        to: { agencyId: agency.id },
        title: 'Your portal is deactivated',
        message: `Our team deactivated the portal of ${agency.name}: quoting and selling are closed until it is reactivated. Contact us to ask why.`,
        link: onboardingLinks.deactivated,
      }
    case 'PORTAL_REACTIVATED':
      return {
        to: { agencyId: agency.id },
        title: 'Your portal is active again',
        message: `Our team reactivated the portal of ${agency.name}: you can quote and sell again.`,
        link: agencyLinks.home,
      }
    case 'ONBOARDING_REMINDER':
      return {
        to: { agencyId: agency.id },
        title: 'Your registration is waiting for you',
        message: `Please ${what ?? 'continue your registration'}.`,
        link: onboardingLinks.home,
      }
    case 'ONBOARDING_ESCALATED':
      return {
        to: STAFF,
        title: `Onboarding of ${agency.name} is overdue`,
        message: what ?? `The onboarding of ${agency.name} has waited past its deadline.`,
        link: staffLink,
      }
  }
}

/** Writes the notification of an onboarding step in the step's transaction. */
export async function noticeOnboarding(
  tx: DbOrTx,
  step: OnboardingNotice,
  agency: { id: number; name: string },
  what?: string,
) {
  const n = noticeOf(step, agency, what)
  return notify(
    tx,
    { eventType: step, title: n.title, message: n.message, link: n.link, meta: { agency_id: agency.id } },
    n.to,
  )
}
