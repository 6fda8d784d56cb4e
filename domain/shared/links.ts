// Every page of the app the domain links to (notifications, inbox tasks, mails, gateway return
// addresses), in one place: a route that moves changes here, nowhere else. Paths only; a mail
// makes them absolute with the configured APP_URL.

const q = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`

export const staffLinks = {
  inbox: '/staff/inbox',
  agency: (agencyId: number, tab?: string) => `/staff/agencies/${agencyId}${tab ? `/${tab}` : ''}`,
  bankChanges: '/staff/agencies/bank-changes',
  policy: (policyId: number) => `/staff/policies/${policyId}`,
  /** The amendment page: its current step's form (confirm, verify, upload) is there. */
  policyAmendment: (policyId: number) => `/staff/policies/${policyId}/amendment`,
  feedback: (ticketId: number) => `/staff/feedback/${ticketId}`,
  enrolment: (enrolmentId: number) => `/staff/admission/enrolments/${enrolmentId}`,
  invoice: (invoiceId: number) => `/staff/finance/invoices/${invoiceId}`,
  topups: '/staff/finance/topups',
  verification: '/staff/finance/verification',
  bnpl: (requestId?: number) => `/staff/finance/bnpl${requestId ? q({ request: requestId }) : ''}`,
  payout: (payoutId: number) => `/staff/finance/payouts/${payoutId}`,
  remittance: (remittanceId: number) => `/staff/finance/remittances/${remittanceId}`,
  payoutBatches: '/staff/finance/payout-batches',
  clawback: (policyId: number) => `/staff/finance/clawbacks${q({ policy_id: policyId })}`,
  disputes: '/staff/finance/disputes',
  suspense: '/staff/finance/suspense',
  reconciliation: '/staff/finance/reconciliation',
} as const

export const agencyLinks = {
  home: '/agency',
  policies: (statuses?: readonly string[]) =>
    `/agency/policies${statuses?.length ? `?status=${statuses.join(',')}` : ''}`,
  policy: (policyId: number) => `/agency/policies/${policyId}`,
  policyPay: (policyId: number) => `/agency/policies/${policyId}/pay`,
  policyAmendment: (policyId: number) => `/agency/policies/${policyId}/amendment`,
  amendmentCard: (policyId: number) => `/agency/policies/${policyId}/amendment`,
  feedback: (ticketId: number) => `/agency/feedback/${ticketId}`,
  enrolment: (enrolmentId: number) => `/agency/admission/enrolments/${enrolmentId}`,
  promotions: '/agency/promotions',
  finance: '/agency/finance',
  invoice: (invoiceId: number) => `/agency/finance/invoices/${invoiceId}`,
  topups: '/agency/finance/topups',
  bnpl: '/agency/finance/bnpl',
  payouts: '/agency/finance/payouts',
  commission: '/agency/finance/commission',
  clawback: (policyId: number) => `/agency/finance/clawbacks${q({ policy_id: policyId })}`,
} as const

export const onboardingLinks = {
  home: '/onboarding',
  agreement: '/onboarding/agreement',
  deactivated: '/onboarding/deactivated',
  verify: (token: string) => `/onboarding/verify${q({ token })}`,
} as const
