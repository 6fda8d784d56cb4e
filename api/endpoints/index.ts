import { endpoint, ok, type Endpoint } from '../define'
import { openApiEndpoints } from '../openapi'
import { authEndpoints } from './auth'
import { passkeyEndpoints } from './passkeys'
import { securityEndpoints } from './security'
import { agencyEndpoints } from './agencies'
import { referralEndpoints } from './referrals'
import { userEndpoints } from './users'
import { fileEndpoints } from './files'
import { referenceEndpoints } from './reference'
import { devEndpoints } from './dev'
import { taskEndpoints } from './tasks'
import { quoteEndpoints } from './quotes'
import { policyEndpoints } from './policies'
import { paymentEndpoints } from './payments'
import { financeEndpoints } from './finance'
import { statementEndpoints } from './statements'
import { suspenseEndpoints } from './suspense'
import { payoutBatchEndpoints } from './payout-batches'
import { remittanceEndpoints } from './remittances'
import { periodEndpoints } from './periods'
import { commissionCapEndpoints } from './commission-caps'
import { bulkDecisionEndpoints } from './bulk-decisions'
import { payoutEndpoints } from './payouts'
import { clawbackEndpoints } from './clawbacks'
import { invoiceEndpoints } from './invoices'
import { bnplEndpoints } from './bnpl'
import { reconciliationEndpoints } from './reconciliation'
import { amendmentEndpoints } from './amendments'
import { refundEndpoints } from './refunds'
import { admissionEndpoints } from './admission'
import { dashboardEndpoints } from './dashboard'
import { notificationEndpoints } from './notifications'
import { promotionEndpoints } from './promotions'
import { feedbackEndpoints } from './feedback'
import { publicIntegrationEndpoints } from './public-integration'

/** The one table of every /api call. */
export const endpoints: Endpoint[] = [
  ...authEndpoints,
  ...passkeyEndpoints,
  ...securityEndpoints,
  ...agencyEndpoints,
  ...referralEndpoints,
  ...userEndpoints,
  ...fileEndpoints,
  ...referenceEndpoints,
  ...devEndpoints,
  ...taskEndpoints,
  ...quoteEndpoints,
  ...policyEndpoints,
  ...paymentEndpoints,
  ...financeEndpoints,
  ...statementEndpoints,
  ...suspenseEndpoints,
  ...payoutBatchEndpoints,
  ...remittanceEndpoints,
  ...periodEndpoints,
  ...commissionCapEndpoints,
  ...bulkDecisionEndpoints,
  ...payoutEndpoints,
  ...clawbackEndpoints,
  ...invoiceEndpoints,
  ...bnplEndpoints,
  ...reconciliationEndpoints,
  ...amendmentEndpoints,
  ...refundEndpoints,
  ...admissionEndpoints,
  ...dashboardEndpoints,
  ...notificationEndpoints,
  ...promotionEndpoints,
  ...feedbackEndpoints,
  ...publicIntegrationEndpoints,
]
endpoints.push(
  ...openApiEndpoints(endpoints),
  endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness: answers without touching the database (the benchmark baseline)',
    access: { public: true },
    handler: async () => ok({ status: 'ok' }),
  }),
)
