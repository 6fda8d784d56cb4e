// Clearing suspense (issue 25): what each decision is called, and the reasons one is refused.
import type { SuspenseAction, SuspenseClearingStatus } from '../../../db/schema/suspense'
import { formatCents } from '../../shared/format'

export const SUSPENSE_ACTION_LABELS: Record<SuspenseAction, string> = {
  ALLOCATE: "Allocate to a policy's premium or a top-up",
  REFUND: 'Refund to the payer',
  CREDIT_AGENCY: "Credit an agency's balance",
  WRITE_OFF: 'Write off',
}

export const SUSPENSE_STATUS_LABELS: Record<SuspenseClearingStatus, string> = {
  PROPOSED: 'Waiting for a second person',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
}

export const SUSPENSE_MESSAGES = {
  item: 'Suspense item',
  decision: 'Suspense decision',
  over: (open: number) => `Only ${formatCents(open)} of this money is still in suspense`,
  waiting: 'A decision on this money is waiting for a second person: approve or reject it first',
  writeOff: (limit: number) =>
    `A write-off is at most ${formatCents(limit)}; refund the rest to the payer or credit it to an agency`,
  noPremium: (ref: string) => `Policy ${ref} has no premium waiting for a bank transfer`,
  overPremium: (ref: string, due: number) =>
    `Policy ${ref} needs only ${formatCents(due)}: allocate that much and place the rest another way`,
  noTopup: (id: number) => `Top-up #${id} is not a bank top-up waiting for its money`,
  topupAmount: (id: number, amount: number) =>
    `Top-up #${id} is for ${formatCents(amount)}: allocate exactly that (a top-up is credited whole)`,
  noChannel: 'Only money that arrived by bank transfer, card or NexPay can be refunded to its payer',
  decided: (status: SuspenseClearingStatus) =>
    `This decision is already ${SUSPENSE_STATUS_LABELS[status].toLowerCase()}`,
}

/** The inbox task of a proposal waiting for its second person. */
export const clearingTaskId = (id: number) => `suspense-clearing-${id}`

/** The channel money came in by, from the account the suspense transfer debited; null if none. */
export function refundChannel(sourceAccount: string): 'bank' | 'card' | 'nexpay' | null {
  const m = /^clearing:(bank|card|nexpay)$/.exec(sourceAccount)
  return m ? (m[1] as 'bank' | 'card' | 'nexpay') : null
}
