import { processSlot } from '../shared/process-slot'

/** What the payments area asks of a payment link's expiry process (workflows/payment-link-expiry). */
export interface PaymentLinkProcess {
  /** Start the expiry of a new link (idempotent by its id). */
  start(link: { id: number; expiresAt: Date }): Promise<void>
  /** The link was paid (a finished process is left alone). */
  paid(linkId: number): Promise<void>
}

export const paymentLinkProcess = processSlot<PaymentLinkProcess>('payment link expiry')
