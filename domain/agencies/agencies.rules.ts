import { AGENCY_STATUSES } from '../../db/schema/enums'

export type AgencyStatus = (typeof AGENCY_STATUSES)[number]
export { AGENCY_STATUSES }

/** Display groups of spec/01 section 4; PORTAL_* are shown on their own. */
export const STATUS_GROUPS: Record<string, AgencyStatus[]> = {
  Pending: ['PENDING'],
  'Account created': ['SIGN_UP_REQUEST_SENT', 'LOGIN_CRED_CHANGED'],
  'Company details added': [
    'COMPANY_DETAIL_STEP_ONE_DONE',
    'COMPANY_DETAIL_STEP_TWO_DONE',
    'COMPANY_DETAIL_DONE',
  ],
  'Agency configured': ['CONFIGURATION_DONE'],
  'Agreement sent': ['AGREEMENT_SENT'],
  'Agreement signed': ['AGREEMENT_SIGNED'],
  'Portal activated': ['PORTAL_ACTIVATED'],
  'Portal deactivated': ['PORTAL_DEACTIVATED'],
}

export function statusGroup(status: AgencyStatus): string {
  return Object.entries(STATUS_GROUPS).find(([, s]) => s.includes(status))?.[0] ?? status
}

export function statusDisplayName(status: AgencyStatus): string {
  return status
    .toLowerCase()
    .split('_')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ')
}

/** The only status values the agency itself may set (spec/01 section 4). */
export const AGENCY_SIDE_STATUSES = [
  'COMPANY_DETAIL_DONE',
  'COMPANY_DETAIL_STEP_ONE_DONE',
  'COMPANY_DETAIL_STEP_TWO_DONE',
  'CONFIGURATION_DONE',
  'LOGIN_CRED_CHANGED',
  'SIGN_UP_REQUEST_SENT',
] as const satisfies readonly AgencyStatus[]

/** The onboarding machine of DESIGN.md section 6: each status and the statuses it may move to. */
export const TRANSITIONS: Record<AgencyStatus, AgencyStatus[]> = {
  PENDING: ['SIGN_UP_REQUEST_SENT'],
  SIGN_UP_REQUEST_SENT: ['LOGIN_CRED_CHANGED'],
  LOGIN_CRED_CHANGED: ['COMPANY_DETAIL_STEP_ONE_DONE'],
  COMPANY_DETAIL_STEP_ONE_DONE: ['COMPANY_DETAIL_STEP_TWO_DONE'],
  COMPANY_DETAIL_STEP_TWO_DONE: ['COMPANY_DETAIL_DONE'],
  COMPANY_DETAIL_DONE: ['CONFIGURATION_DONE'],
  CONFIGURATION_DONE: ['AGREEMENT_SENT'],
  AGREEMENT_SENT: ['AGREEMENT_SIGNED'],
  AGREEMENT_SIGNED: ['PORTAL_ACTIVATED'],
  PORTAL_ACTIVATED: ['PORTAL_DEACTIVATED'],
  PORTAL_DEACTIVATED: ['PORTAL_ACTIVATED'],
}

export const canTransition = (from: AgencyStatus, to: AgencyStatus) => TRANSITIONS[from].includes(to)

/**
 * The ordinary staff steps of updateAdminAgencyStatus: activating a portal after the signed
 * agreement, and deactivating or reactivating a live one. Any other target is an override of the
 * onboarding machine (spec/01 section 4: staff may set any status), which needs a reason.
 */
export const isStaffStep = (from: AgencyStatus, to: AgencyStatus) =>
  (to === 'PORTAL_ACTIVATED' || to === 'PORTAL_DEACTIVATED') && canTransition(from, to)

export const statusIndex = (s: AgencyStatus) => AGENCY_STATUSES.indexOf(s)

/** Company-detail steps may be edited again once done; they advance the status only from their predecessor. */
export const COMPANY_STEPS = {
  details: { from: 'LOGIN_CRED_CHANGED', to: 'COMPANY_DETAIL_STEP_ONE_DONE' },
  address: { from: 'COMPANY_DETAIL_STEP_ONE_DONE', to: 'COMPANY_DETAIL_STEP_TWO_DONE' },
  bank: { from: 'COMPANY_DETAIL_STEP_TWO_DONE', to: 'COMPANY_DETAIL_DONE' },
} as const satisfies Record<string, { from: AgencyStatus; to: AgencyStatus }>

/**
 * Where a company step leaves the status, or why it cannot be taken now. A step is open from its
 * predecessor on and may be repeated later to correct details (the status then stays).
 */
export function companyStepResult(
  step: keyof typeof COMPANY_STEPS,
  agency: { status: AgencyStatus },
): { status: AgencyStatus } | { reason: string } {
  const { from, to } = COMPANY_STEPS[step]
  if (agency.status === from) return { status: to }
  if (statusIndex(agency.status) < statusIndex(from)) {
    return { reason: `This step is not open yet: the agency is at ${agency.status}` }
  }
  return { status: agency.status }
}

/** The UI route the agency should land on for its status (returned as path_by_status). */
export function pathByStatus(a: {
  status: AgencyStatus
  is_email_verified: boolean
  is_request_submitted: boolean
  id: number
}) {
  switch (a.status) {
    case 'PENDING':
      // The page itself needs the signed link from the registration answer or the code's mail.
      return '/onboarding/verify'
    case 'SIGN_UP_REQUEST_SENT':
      return '/change-password'
    case 'LOGIN_CRED_CHANGED':
      return '/onboarding/company'
    case 'COMPANY_DETAIL_STEP_ONE_DONE':
      return '/onboarding/address'
    case 'COMPANY_DETAIL_STEP_TWO_DONE':
      return '/onboarding/bank'
    case 'COMPANY_DETAIL_DONE':
      return a.is_request_submitted ? '/onboarding/waiting' : '/onboarding/submit'
    case 'CONFIGURATION_DONE':
    case 'AGREEMENT_SIGNED':
      return '/onboarding/waiting'
    case 'AGREEMENT_SENT':
      return '/onboarding/agreement'
    case 'PORTAL_ACTIVATED':
      return '/agency'
    case 'PORTAL_DEACTIVATED':
      return '/onboarding/deactivated'
  }
}

/** What the agency is waiting for (or must do), in a sentence, for its home page. */
export function waitingFor(a: { status: AgencyStatus; is_request_submitted: boolean }): string {
  switch (a.status) {
    case 'PENDING':
      return 'Verify your e-mail address with the code we sent you.'
    case 'SIGN_UP_REQUEST_SENT':
      return 'Sign in with your temporary password and choose a new one.'
    case 'LOGIN_CRED_CHANGED':
    case 'COMPANY_DETAIL_STEP_ONE_DONE':
    case 'COMPANY_DETAIL_STEP_TWO_DONE':
      return 'Complete your company details.'
    case 'COMPANY_DETAIL_DONE':
      return a.is_request_submitted
        ? 'Our team is configuring your agency (commission and payment methods).'
        : 'Submit your registration request for review.'
    case 'CONFIGURATION_DONE':
      return 'Our team is preparing your agency agreement.'
    case 'AGREEMENT_SENT':
      return 'Download the agreement, sign it and upload the signed copy.'
    case 'AGREEMENT_SIGNED':
      return 'Our team is reviewing your signed agreement to activate your portal.'
    case 'PORTAL_ACTIVATED':
      return 'Your portal is active.'
    case 'PORTAL_DEACTIVATED':
      return 'Your portal has been deactivated. Contact our team to reactivate it.'
  }
}
