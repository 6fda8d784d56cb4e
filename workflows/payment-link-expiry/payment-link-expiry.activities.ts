import type { PaymentLinkActivities } from './payment-link-expiry.contract'
import { expirePaymentLink, remindPaymentLink } from '../../domain/payments/payment-link-expiry'
import type { ActivityDeps } from '../../workers/activities/deps'
import { nonRetryable } from '../../workers/activities/errors'

/**
 * Payment-link activities over the domain layer; each checks the database, so retries are safe.
 * The expiry steps run entirely on `deps` (their database, mailer and clock).
 */
export function createPaymentLinkActivities(deps: ActivityDeps): PaymentLinkActivities {
  return {
    remindPaymentLink: (linkId) => nonRetryable(() => remindPaymentLink(linkId, deps)),
    expirePaymentLink: (linkId) => nonRetryable(() => expirePaymentLink(linkId, deps)),
  }
}
