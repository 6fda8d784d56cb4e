export { agencyOnboarding } from './agency-onboarding.workflow'
