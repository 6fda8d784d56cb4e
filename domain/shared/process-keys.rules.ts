// The workflow id of each process, in one place: the domain names a process's inbox tasks and
// history by it, the contracts start and address the workflow by it. Persisted (task rows and
// Temporal histories hold them): never change a key of a running system.
export const processKeys = {
  agencyOnboarding: (agencyId: number) => `agency-onboarding-${agencyId}`,
  commissionPayout: (payoutId: number) => `payout-${payoutId}`,
  clawback: (clawbackId: number) => `clawback-${clawbackId}`,
  amendment: (amendmentId: number) => `amendment-${amendmentId}`,
  fullRefund: (policyId: number) => `full-refund-${policyId}`,
  paymentLink: (linkId: number) => `payment-link-${linkId}`,
} as const
