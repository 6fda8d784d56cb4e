/** Enum values shared by the schema, the domain and the browser (no database imports here). */
export const AGENCY_STATUSES = [
  'PENDING',
  'SIGN_UP_REQUEST_SENT',
  'LOGIN_CRED_CHANGED',
  'COMPANY_DETAIL_STEP_ONE_DONE',
  'COMPANY_DETAIL_STEP_TWO_DONE',
  'COMPANY_DETAIL_DONE',
  'CONFIGURATION_DONE',
  'AGREEMENT_SENT',
  'PORTAL_ACTIVATED',
  'PORTAL_DEACTIVATED',
  'AGREEMENT_SIGNED',
] as const
