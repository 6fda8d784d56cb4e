import { endpoint, ok, type Endpoint } from '../define'
import { BulkDecisionSchema } from '../../domain/finance/bulk/bulk-decisions.schemas'
import { decideInBulk } from '../../domain/finance/bulk/decide-in-bulk'

/** Bulk decisions (issue 25): a call beside the specification's (paymentReject stays all-or-nothing). */
export const bulkDecisionEndpoints: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/oshc/finance-management/bulk-decisions',
    summary:
      'Approve or reject several items of one kind ({ kind: policy_payment | topup | payout | bnpl, decision, ids, reason for a rejection, payment_type AGENCY_BALANCE or SETTLED_WITH_CLAWBACK for payouts }): each through its own decision with its maker-checker; answers a result per item (ok, or status and message), one refusal does not stop the others. Needs a fresh second factor (x-second-factor-code)',
    access: decideInBulk.access,
    body: BulkDecisionSchema,
    handler: async ({ actor, body }) => {
      const r = await decideInBulk({ actor, input: body })
      return ok(r, `${r.done} decided, ${r.refused} refused`)
    },
  }),
]
