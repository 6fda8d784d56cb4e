import { processSlot } from '../shared/process-slot'
import type { RefundDecision, RefundState } from './refunds.rules'

type Refund = { id: number; policyId: number }

/** What the refunds area asks of a full refund's process (workflows/full-refund). */
export interface RefundProcess {
  /** Start the `full-refund-<policyId>` process of a new request (a running one is left alone). */
  start(refund: Refund): Promise<void>
  /**
   * Deliver a staff decision (starting the process first if it is missing) and wait for it: an
   * approval answers once paid. Refusals surface as INVALID_TRANSITION (409) with the reason.
   */
  decide(refund: Refund, decision: RefundDecision): Promise<RefundState>
  /**
   * Run the process of an APPROVED refund whose payment failed again (a new run pays it first),
   * waiting a few seconds for the outcome; a payment refused for good is a 409 with the reason.
   */
  pay(refund: Refund): Promise<void>
}

export const refundProcess = processSlot<RefundProcess>('full refund')
