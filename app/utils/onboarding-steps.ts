/** How far along the company steps an agency may navigate (index into STEPS). */
export function reachableStep(status: string) {
  return (
    {
      LOGIN_CRED_CHANGED: 0,
      COMPANY_DETAIL_STEP_ONE_DONE: 1,
      COMPANY_DETAIL_STEP_TWO_DONE: 2,
      COMPANY_DETAIL_DONE: 3,
    }[status] ?? 0
  )
}

export const STEPS = [
  { path: '/onboarding/company', label: 'Company' },
  { path: '/onboarding/address', label: 'Address' },
  { path: '/onboarding/bank', label: 'Bank' },
  { path: '/onboarding/submit', label: 'Submit' },
] as const
