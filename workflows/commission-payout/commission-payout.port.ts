// The client side of the commission payout process: the domain's PayoutProcess over Temporal.
import type { PayoutProcess } from '../../domain/finance/payouts/payout-process'
import { payoutDurations } from '../../temporal/config'
import { decideOrRestart, startOnce } from '../../temporal/port-helpers'
import {
  COMMISSION_PAYOUT_WORKFLOW,
  commissionPayoutWorkflowId,
  payoutDecideUpdate,
  type CommissionPayoutInput,
} from './commission-payout.contract'

/** Starts a payout's workflow once (a running one is left alone). */
const start = (payoutId: number) =>
  startOnce(COMMISSION_PAYOUT_WORKFLOW, commissionPayoutWorkflowId(payoutId), {
    payoutId,
    durations: payoutDurations(),
  } satisfies CommissionPayoutInput)

export const commissionPayoutPort: PayoutProcess = {
  start,
  decide: (payoutId, decision) =>
    decideOrRestart({
      workflowId: commissionPayoutWorkflowId(payoutId),
      update: payoutDecideUpdate,
      args: [decision],
      restart: () => start(payoutId),
      closedMessage: 'This payout has already been decided',
    }),
}
