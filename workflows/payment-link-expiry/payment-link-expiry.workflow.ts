import { condition, proxyActivities, setHandler } from '@temporalio/workflow'
import {
  paymentLinkPaidSignal,
  paymentLinkStateQuery,
  reminderAtMs,
  type PaymentLinkActivities,
  type PaymentLinkExpiryInput,
  type PaymentLinkOutcome,
} from './payment-link-expiry.contract'

const acts = proxyActivities<PaymentLinkActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
})

/**
 * One per payment link (id `payment-link-<id>`): waits until the reminder time unless the link is
 * paid, reminds the agency, then waits until expiry unless paid, and expires the link. The
 * activities check the database, so a payment the signal missed still wins over expiry.
 */
export async function paymentLinkExpiry(input: PaymentLinkExpiryInput): Promise<PaymentLinkOutcome> {
  const expiresAt = Date.parse(input.expiresAt)
  let paid = false
  let reminded = false
  let phase: 'waiting-reminder' | 'waiting-expiry' | 'done' = 'waiting-reminder'
  setHandler(paymentLinkPaidSignal, () => {
    paid = true
  })
  setHandler(paymentLinkStateQuery, () => ({ phase, reminded, paid }))

  // Date.now() is deterministic inside a workflow (the time of the current workflow task).
  const remindAt = reminderAtMs(Date.now(), expiresAt, input.reminderSeconds)
  if (!(await condition(() => paid, Math.max(1, remindAt - Date.now())))) {
    reminded = await acts.remindPaymentLink(input.linkId)
  }
  phase = 'waiting-expiry'
  if (!paid) await condition(() => paid, Math.max(1, expiresAt - Date.now()))
  phase = 'done'
  if (paid) return 'paid'
  const status = await acts.expirePaymentLink(input.linkId)
  return status === 'PAID' ? 'paid' : 'expired'
}
