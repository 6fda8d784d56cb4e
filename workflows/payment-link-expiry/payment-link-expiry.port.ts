// The client side of the payment link expiry process: the domain's PaymentLinkProcess over Temporal.
import { WorkflowNotFoundError } from '@temporalio/client'
import type { PaymentLinkProcess } from '../../domain/payments/payment-link-process'
import { temporalClient } from '../../temporal/client'
import { paymentLinkReminderSeconds } from '../../temporal/config'
import { startOnce } from '../../temporal/port-helpers'
import {
  PAYMENT_LINK_EXPIRY_WORKFLOW,
  paymentLinkPaidSignal,
  paymentLinkWorkflowId,
  type PaymentLinkExpiryInput,
} from './payment-link-expiry.contract'

export const paymentLinkExpiryPort: PaymentLinkProcess = {
  start: (link) =>
    startOnce(PAYMENT_LINK_EXPIRY_WORKFLOW, paymentLinkWorkflowId(link.id), {
      linkId: link.id,
      expiresAt: link.expiresAt.toISOString(),
      reminderSeconds: paymentLinkReminderSeconds(),
    } satisfies PaymentLinkExpiryInput),
  async paid(linkId) {
    const client = await temporalClient()
    try {
      await client.workflow.getHandle(paymentLinkWorkflowId(linkId)).signal(paymentLinkPaidSignal)
    } catch (err) {
      // Already expired or finished: the database holds the outcome either way.
      if (!(err instanceof WorkflowNotFoundError)) throw err
    }
  },
}
