import { WorkflowNotFoundError } from '@temporalio/client'
import { DomainError } from '../domain/shared/errors'
import { registerWorkflowPort, type WorkflowPort } from '../domain/shared/ports'
import { temporalClient } from './client'
import { decideOrRestart, refusalOf, startOnce } from './port-helpers'
import { fullRefundPort } from './full-refund-port'
import { onboardingDurations, paymentLinkReminderSeconds, payoutDurations, taskQueue } from './config'
import { clawbackDurations } from './config'
import { amendmentDurations } from './config'
import {
  AMENDMENT_WORKFLOW,
  amendmentChangedSignal,
  amendmentDecideUpdate,
  amendmentWorkflowId,
  type AmendmentInput,
} from './contracts/amendment.contract'
import {
  AGENCY_ONBOARDING_WORKFLOW,
  agencyChangedSignal,
  agencyOnboardingWorkflowId,
  decideUpdate,
  overrideStatusUpdate,
  type AgencyOnboardingInput,
} from './contracts/agency-onboarding.contract'
import {
  PAYMENT_LINK_EXPIRY_WORKFLOW,
  paymentLinkPaidSignal,
  paymentLinkWorkflowId,
  type PaymentLinkExpiryInput,
} from './contracts/payment-link.contract'
import {
  COMMISSION_PAYOUT_WORKFLOW,
  commissionPayoutWorkflowId,
  payoutDecideUpdate,
  type CommissionPayoutInput,
} from './contracts/commission-payout.contract'
import {
  CLAWBACK_WORKFLOW,
  clawbackChangedSignal,
  clawbackDecideUpdate,
  clawbackWorkflowId,
  type ClawbackInput,
} from './contracts/clawback.contract'

/** The one way to start or wake the onboarding workflow: signal-with-start, idempotent by id. */
async function signalOnboarding(agencyId: number) {
  const client = await temporalClient()
  const input: AgencyOnboardingInput = { agencyId, durations: onboardingDurations() }
  await client.workflow.signalWithStart(AGENCY_ONBOARDING_WORKFLOW, {
    workflowId: agencyOnboardingWorkflowId(agencyId),
    taskQueue: taskQueue(),
    args: [input],
    signal: agencyChangedSignal,
    signalArgs: [],
  })
}

/** Starts a payout's workflow once (a running one is left alone). */
const startPayout = (payoutId: number) =>
  startOnce(COMMISSION_PAYOUT_WORKFLOW, commissionPayoutWorkflowId(payoutId), {
    payoutId,
    durations: payoutDurations(),
  } satisfies CommissionPayoutInput)

/** Starts an amendment's workflow once. */
const startAmendmentWorkflow = (amendmentId: number) =>
  startOnce(AMENDMENT_WORKFLOW, amendmentWorkflowId(amendmentId), {
    amendmentId,
    durations: amendmentDurations(),
  } satisfies AmendmentInput)

/** Starts a clawback's workflow once. */
const startClawbackWorkflow = (clawbackId: number) =>
  startOnce(CLAWBACK_WORKFLOW, clawbackWorkflowId(clawbackId), {
    clawbackId,
    durations: clawbackDurations(),
  } satisfies ClawbackInput)

export const temporalWorkflowPort: WorkflowPort = {
  ...fullRefundPort,
  agencyChanged: signalOnboarding,
  async decideOnboarding(agencyId, decision, actor, note) {
    const client = await temporalClient()
    const handle = client.workflow.getHandle(agencyOnboardingWorkflowId(agencyId))
    try {
      await handle.executeUpdate(decideUpdate, { args: [decision, { actor, note }] })
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) {
        throw new DomainError('INVALID_TRANSITION', 'This agency has no onboarding in progress')
      }
      throw refusalOf(err) ?? err
    }
  },
  async overrideOnboarding(agencyId, status, actor) {
    const client = await temporalClient()
    const handle = client.workflow.getHandle(agencyOnboardingWorkflowId(agencyId))
    try {
      await handle.executeUpdate(overrideStatusUpdate, { args: [{ status, actor }] })
      return true
    } catch (err) {
      // Never started, or completed (an update to a closed workflow is NOT_FOUND too).
      if (err instanceof WorkflowNotFoundError) return false
      throw err
    }
  },
  startPaymentLinkExpiry: (link) =>
    startOnce(PAYMENT_LINK_EXPIRY_WORKFLOW, paymentLinkWorkflowId(link.id), {
      linkId: link.id,
      expiresAt: link.expiresAt.toISOString(),
      reminderSeconds: paymentLinkReminderSeconds(),
    } satisfies PaymentLinkExpiryInput),
  startCommissionPayout: startPayout,
  decideCommissionPayout: (payoutId, decision) =>
    decideOrRestart({
      workflowId: commissionPayoutWorkflowId(payoutId),
      update: payoutDecideUpdate,
      args: [decision],
      restart: () => startPayout(payoutId),
      closedMessage: 'This payout has already been decided',
    }),
  startAmendment: startAmendmentWorkflow,
  decideAmendment: (amendmentId, decision) =>
    decideOrRestart({
      workflowId: amendmentWorkflowId(amendmentId),
      update: amendmentDecideUpdate,
      args: [decision],
      restart: () => startAmendmentWorkflow(amendmentId),
      closedMessage: 'This amendment is closed',
    }),
  async amendmentChanged(amendmentId) {
    const client = await temporalClient()
    try {
      await client.workflow.getHandle(amendmentWorkflowId(amendmentId)).signal(amendmentChangedSignal)
    } catch (err) {
      // Finished (or never started): the database holds the outcome either way.
      if (!(err instanceof WorkflowNotFoundError)) throw err
    }
  },
  startClawback: startClawbackWorkflow,
  async clawbackChanged(clawbackId) {
    const client = await temporalClient()
    const input: ClawbackInput = { clawbackId, durations: clawbackDurations() }
    // Signal-with-start: a missing run (its start failed after the commit) is started; after a
    // finished one a new run loads the clawback, sees it COMPLETED and ends at once.
    await client.workflow.signalWithStart(CLAWBACK_WORKFLOW, {
      workflowId: clawbackWorkflowId(clawbackId),
      taskQueue: taskQueue(),
      args: [input],
      signal: clawbackChangedSignal,
      signalArgs: [],
    })
  },
  decideClawback: (clawbackId, decision) =>
    decideOrRestart({
      workflowId: clawbackWorkflowId(clawbackId),
      update: clawbackDecideUpdate,
      args: [decision],
      restart: () => startClawbackWorkflow(clawbackId),
      closedMessage: 'This clawback has already been settled',
    }),
  async paymentLinkPaid(linkId) {
    const client = await temporalClient()
    try {
      await client.workflow.getHandle(paymentLinkWorkflowId(linkId)).signal(paymentLinkPaidSignal)
    } catch (err) {
      // Already expired or finished: the database holds the outcome either way.
      if (!(err instanceof WorkflowNotFoundError)) throw err
    }
  },
}

registerWorkflowPort(temporalWorkflowPort)
