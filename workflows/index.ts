export { agencyOnboarding } from './agency-onboarding.workflow'
export { paymentLinkExpiry } from './payment-link-expiry.workflow'
export { commissionPayout } from './commission-payout.workflow'
export { fullRefund } from './full-refund.workflow'
export { clawback } from './clawback.workflow'
export { amendment } from './amendment.workflow'
export {
  bnplSettlementJob,
  inboxDeadlinesJob,
  invoicesOverdueJob,
  ledgerReconciliationJob,
  notificationDigestsJob,
  notificationMailsJob,
} from './scheduled-jobs.workflow'
