export { agencyOnboarding } from './agency-onboarding.workflow'
export { paymentLinkExpiry } from './payment-link-expiry.workflow'
