import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
} from '@temporalio/client'
import { DomainError } from '../domain/shared/errors'
import { registerWorkflowPort, type WorkflowPort } from '../domain/shared/ports'
import { temporalClient } from './client'
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

/** Starts a payout's workflow; one already running (or started by a concurrent call) is left alone. */
async function startPayout(payoutId: number) {
  const client = await temporalClient()
  const input: CommissionPayoutInput = { payoutId, durations: payoutDurations() }
  try {
    await client.workflow.start(COMMISSION_PAYOUT_WORKFLOW, {
      workflowId: commissionPayoutWorkflowId(payoutId),
      taskQueue: taskQueue(),
      args: [input],
    })
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err
  }
}

/** Starts an amendment's workflow; one already running (or started concurrently) is left alone. */
async function startAmendmentWorkflow(amendmentId: number) {
  const client = await temporalClient()
  const input: AmendmentInput = { amendmentId, durations: amendmentDurations() }
  try {
    await client.workflow.start(AMENDMENT_WORKFLOW, {
      workflowId: amendmentWorkflowId(amendmentId),
      taskQueue: taskQueue(),
      args: [input],
    })
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err
  }
}

/** Starts a clawback's workflow; one already running (or started concurrently) is left alone. */
async function startClawbackWorkflow(clawbackId: number) {
  const client = await temporalClient()
  const input: ClawbackInput = { clawbackId, durations: clawbackDurations() }
  try {
    await client.workflow.start(CLAWBACK_WORKFLOW, {
      workflowId: clawbackWorkflowId(clawbackId),
      taskQueue: taskQueue(),
      args: [input],
    })
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err
  }
}

/** Update failures (validator refusals and refused activities) become 409s with their reason. */
function reasonOf(err: unknown): string | null {
  if (err instanceof WorkflowUpdateFailedError) {
    let cause: unknown = err.cause
    while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause
    return cause instanceof Error ? cause.message : err.message
  }
  return null
}

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
      const reason = reasonOf(err)
      if (reason) throw new DomainError('INVALID_TRANSITION', reason)
      throw err
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
  async startPaymentLinkExpiry(link) {
    const client = await temporalClient()
    const input: PaymentLinkExpiryInput = {
      linkId: link.id,
      expiresAt: link.expiresAt.toISOString(),
      reminderSeconds: paymentLinkReminderSeconds(),
    }
    try {
      await client.workflow.start(PAYMENT_LINK_EXPIRY_WORKFLOW, {
        workflowId: paymentLinkWorkflowId(link.id),
        taskQueue: taskQueue(),
        args: [input],
      })
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err
    }
  },
  startCommissionPayout: startPayout,
  async decideCommissionPayout(payoutId, decision) {
    const client = await temporalClient()
    const handle = client.workflow.getHandle(commissionPayoutWorkflowId(payoutId))
    const decide = async () => {
      try {
        await handle.executeUpdate(payoutDecideUpdate, { args: [decision] })
      } catch (err) {
        const reason = reasonOf(err)
        if (reason) throw new DomainError('INVALID_TRANSITION', reason)
        throw err
      }
    }
    try {
      await decide()
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err
      // A completed run means the payout was decided. A run that never started (the start after
      // the request failed) or was terminated is started again: it loads the payout and waits.
      let finished = false
      try {
        finished = (await handle.describe()).status.name === 'COMPLETED'
      } catch (e) {
        if (!(e instanceof WorkflowNotFoundError)) throw e
      }
      if (finished) throw new DomainError('INVALID_TRANSITION', 'This payout has already been decided')
      await startPayout(payoutId)
      await decide()
    }
  },
  startAmendment: startAmendmentWorkflow,
  async decideAmendment(amendmentId, decision) {
    const client = await temporalClient()
    const handle = client.workflow.getHandle(amendmentWorkflowId(amendmentId))
    const decide = async () => {
      try {
        await handle.executeUpdate(amendmentDecideUpdate, { args: [decision] })
      } catch (err) {
        const reason = reasonOf(err)
        if (reason) throw new DomainError('INVALID_TRANSITION', reason)
        throw err
      }
    }
    try {
      await decide()
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err
      // A completed run means the amendment is closed. A run that never started (the start after
      // the opening failed) or was terminated is started again: it loads the amendment and waits.
      let finished = false
      try {
        finished = (await handle.describe()).status.name === 'COMPLETED'
      } catch (e) {
        if (!(e instanceof WorkflowNotFoundError)) throw e
      }
      if (finished) throw new DomainError('INVALID_TRANSITION', 'This amendment is closed')
      await startAmendmentWorkflow(amendmentId)
      await decide()
    }
  },
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
  async decideClawback(clawbackId, decision) {
    const client = await temporalClient()
    const handle = client.workflow.getHandle(clawbackWorkflowId(clawbackId))
    const decide = async () => {
      try {
        await handle.executeUpdate(clawbackDecideUpdate, { args: [decision] })
      } catch (err) {
        const reason = reasonOf(err)
        if (reason) throw new DomainError('INVALID_TRANSITION', reason)
        throw err
      }
    }
    try {
      await decide()
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err
      let finished = false
      try {
        finished = (await handle.describe()).status.name === 'COMPLETED'
      } catch (e) {
        if (!(e instanceof WorkflowNotFoundError)) throw e
      }
      if (finished) throw new DomainError('INVALID_TRANSITION', 'This clawback has already been settled')
      await startClawbackWorkflow(clawbackId)
      await decide()
    }
  },
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
