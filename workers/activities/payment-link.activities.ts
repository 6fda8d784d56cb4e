import type { PaymentLinkActivities } from '../../temporal/contracts/payment-link.contract'
import { expirePaymentLink, remindPaymentLink } from '../../domain/payments/payment-link-expiry'
import { nonRetryable } from './errors'

/** Payment-link activities over the domain layer; each checks the database, so retries are safe. */
export function createPaymentLinkActivities(): PaymentLinkActivities {
  return {
    remindPaymentLink: (linkId) => nonRetryable(() => remindPaymentLink(linkId)),
    expirePaymentLink: (linkId) => nonRetryable(() => expirePaymentLink(linkId)),
  }
}
