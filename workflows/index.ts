export { agencyOnboarding } from './agency-onboarding/agency-onboarding.workflow'
export { paymentLinkExpiry } from './payment-link-expiry/payment-link-expiry.workflow'
export { commissionPayout } from './commission-payout/commission-payout.workflow'
export { fullRefund } from './full-refund/full-refund.workflow'
export { clawback } from './clawback/clawback.workflow'
export { amendment } from './amendment/amendment.workflow'
export {
  bnplSettlementJob,
  inboxDeadlinesJob,
  invoicesOverdueJob,
  ledgerReconciliationJob,
  notificationDigestsJob,
  notificationMailsJob,
} from './scheduled-jobs/scheduled-jobs.workflow'
