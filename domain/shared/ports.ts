import type { OnboardingDecision } from '../agencies/onboarding.rules'
import type { AgencyStatus } from '../agencies/agencies.rules'
import type { PayoutDecision } from '../finance/payouts/payouts.rules'
import type { RefundDecision } from '../refunds/refunds.rules'
import type { ClawbackDecision } from '../clawbacks/clawbacks.rules'
import type { AmendmentDecision } from '../amendments/amendments.rules'

/**
 * What the domain asks of the workflow engine, without importing it. The web server and the
 * worker register the Temporal-backed implementation at start-up (temporal/ports.ts).
 */
export interface WorkflowPort {
  /** Tell the agency's onboarding workflow that its record changed (starting it if needed). */
  agencyChanged(agencyId: number): Promise<void>
  /** Deliver a staff decision as a workflow update; refusals surface as INVALID_TRANSITION. */
  decideOnboarding(
    agencyId: number,
    decision: OnboardingDecision,
    actor: string,
    note?: string,
  ): Promise<void>
  /**
   * Tell a running onboarding workflow that staff overrode the status (already saved) and wait
   * until it has moved to the matching wait. False when no onboarding workflow is running.
   */
  overrideOnboarding(agencyId: number, status: AgencyStatus, actor: string): Promise<boolean>
  /** Start the expiry workflow of a new payment link (idempotent by its id). */
  startPaymentLinkExpiry(link: { id: number; expiresAt: Date }): Promise<void>
  /** Tell a payment link's workflow that the link was paid (a finished workflow is left alone). */
  paymentLinkPaid(linkId: number): Promise<void>
  /** Start the `payout-<id>` workflow of a new commission payout request (idempotent by its id). */
  startCommissionPayout(payoutId: number): Promise<void>
  /**
   * Deliver a staff decision on a payout as the workflow's `decide` update (starting the workflow
   * first if it is missing); refusals surface as INVALID_TRANSITION (409) with the reason.
   */
  decideCommissionPayout(payoutId: number, decision: PayoutDecision): Promise<void>
  /** Start the `full-refund-<policyId>` workflow of a new refund request (a running one is left alone). */
  startFullRefund(refund: { id: number; policyId: number }): Promise<void>
  /**
   * Deliver a staff decision on a full refund as the workflow's `decide` update (starting the
   * workflow first if it is missing) and wait for it: an approval answers once paid. Refusals
   * surface as INVALID_TRANSITION (409) with the reason.
   */
  decideFullRefund(refund: { id: number; policyId: number }, decision: RefundDecision): Promise<void>
  /**
   * Run the workflow of an APPROVED refund whose payment failed again (a new run pays it first),
   * waiting a few seconds for the outcome; a payment refused for good is a 409 with the reason.
   */
  payFullRefund(refund: { id: number; policyId: number }): Promise<void>
  /** Start the `clawback-<id>` workflow of a new clawback (idempotent by its id). */
  startClawback(clawbackId: number): Promise<void>
  /** Tell a clawback's workflow that its record changed (paid, offset); starts it if missing. */
  clawbackChanged(clawbackId: number): Promise<void>
  /**
   * Deliver a staff decision on a paid clawback as the workflow's `decide` update (starting the
   * workflow first if it is missing); refusals surface as INVALID_TRANSITION (409) with the reason.
   */
  decideClawback(clawbackId: number, decision: ClawbackDecision): Promise<void>
  /** Start the `amendment-<id>` workflow of a new amendment (idempotent by its id). */
  startAmendment(amendmentId: number): Promise<void>
  /**
   * Deliver a decision on an amendment as the workflow's `decide` update (starting the workflow
   * first if it is missing); refusals surface as INVALID_TRANSITION (409) with the reason.
   */
  decideAmendment(amendmentId: number, decision: AmendmentDecision): Promise<void>
  /** Tell an amendment's workflow that its amendment changed outside a decision (finished: ignored). */
  amendmentChanged(amendmentId: number): Promise<void>
}

let registered: WorkflowPort | undefined

export function registerWorkflowPort(port: WorkflowPort) {
  registered = port
}

export function workflows(): WorkflowPort {
  if (!registered) throw new Error('No workflow port registered: import temporal/ports first')
  return registered
}
