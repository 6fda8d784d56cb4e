// The composition root of the processes (ADR 0014): each domain area declares the small port of
// the process it starts or tells; each process folder under workflows/ implements it over Temporal
// (`<process>.port.ts`); this module puts them together. `wireProcesses()` is called once at
// start-up by the web server (server/index.ts through server/web-process.ts), the worker
// (workers/main.ts) and the tests' per-file setup, never by importing a module.
import {
  onboardingProcess,
  type OnboardingProcess,
} from '../domain/agencies/onboarding-workflow/onboarding-process'
import { amendmentProcess, type AmendmentProcess } from '../domain/amendments/amendment-process'
import { clawbackProcess, type ClawbackProcess } from '../domain/clawbacks/clawback-process'
import { payoutProcess, type PayoutProcess } from '../domain/finance/payouts/payout-process'
import { paymentLinkProcess, type PaymentLinkProcess } from '../domain/payments/payment-link-process'
import { refundProcess, type RefundProcess } from '../domain/refunds/refund-process'
import { agencyOnboardingPort } from '../workflows/agency-onboarding/agency-onboarding.port'
import { amendmentPort } from '../workflows/amendment/amendment.port'
import { clawbackPort } from '../workflows/clawback/clawback.port'
import { commissionPayoutPort } from '../workflows/commission-payout/commission-payout.port'
import { fullRefundPort } from '../workflows/full-refund/full-refund.port'
import { paymentLinkExpiryPort } from '../workflows/payment-link-expiry/payment-link-expiry.port'

/** One port per process that people or records drive (the scheduled jobs have none: temporal/schedules.ts). */
export type Processes = {
  onboarding: OnboardingProcess
  paymentLink: PaymentLinkProcess
  payout: PayoutProcess
  refund: RefundProcess
  clawback: ClawbackProcess
  amendment: AmendmentProcess
}

/** The Temporal-backed ports. */
export const temporalProcesses: Processes = {
  onboarding: agencyOnboardingPort,
  paymentLink: paymentLinkExpiryPort,
  payout: commissionPayoutPort,
  refund: fullRefundPort,
  clawback: clawbackPort,
  amendment: amendmentPort,
}

/**
 * Fills the domain's process slots (what use cases reach) and answers the ports, which the worker
 * passes on to the activities that start or tell another process (a refund opening a clawback).
 */
export function wireProcesses(processes: Processes = temporalProcesses): Processes {
  onboardingProcess.wire(processes.onboarding)
  paymentLinkProcess.wire(processes.paymentLink)
  payoutProcess.wire(processes.payout)
  refundProcess.wire(processes.refund)
  clawbackProcess.wire(processes.clawback)
  amendmentProcess.wire(processes.amendment)
  return processes
}
