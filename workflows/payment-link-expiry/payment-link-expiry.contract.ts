/**
 * Contract of the paymentLinkExpiry workflow. Its input and signal are persisted in workflow
 * histories: change them only in backward-compatible ways.
 */
import { defineQuery, defineSignal } from '@temporalio/workflow'
import type { PaymentLinkStatus } from '../../domain/payments/payments.rules'
import { processKeys } from '../../domain/shared/process-keys.rules'

export const PAYMENT_LINK_EXPIRY_WORKFLOW = 'paymentLinkExpiry'
export const paymentLinkWorkflowId = processKeys.paymentLink

export type PaymentLinkExpiryInput = {
  linkId: number
  /** ISO instant at which the link expires. */
  expiresAt: string
  /** The reminder goes out this many seconds before expiry (immediately when that has passed). */
  reminderSeconds: number
}

/** When the reminder is due (ms): `reminderSeconds` before expiry, never before now. */
export function reminderAtMs(nowMs: number, expiresAtMs: number, reminderSeconds: number): number {
  return Math.max(nowMs, expiresAtMs - reminderSeconds * 1000)
}

/** How the link ended: paid (signal or found paid in the database) or expired. */
export type PaymentLinkOutcome = 'paid' | 'expired'

export type { PaymentLinkStatus }

/** The link was paid: stop waiting, never expire it. */
export const paymentLinkPaidSignal = defineSignal('paid')

export const paymentLinkStateQuery = defineQuery<{
  phase: 'waiting-reminder' | 'waiting-expiry' | 'done'
  reminded: boolean
  paid: boolean
}>('paymentLinkState')

/** Activities the workflow calls; implemented beside it (*.activities.ts) over domain/payments. */
export interface PaymentLinkActivities {
  /** Mails the reminder when the link is still ACTIVE (once); true when a mail went out. */
  remindPaymentLink(linkId: number): Promise<boolean>
  /** ACTIVE -> EXPIRED (a PAID link stays PAID); answers the status the link ends with. */
  expirePaymentLink(linkId: number): Promise<PaymentLinkStatus>
}
