import { endpoint, ok, type Endpoint } from '../define'
import {
  DecideSuspenseClearingSchema,
  ProposeSuspenseClearingSchema,
  SuspenseClearingIdSchema,
  SuspenseListQuerySchema,
} from '../../domain/finance/suspense/suspense.schemas'
import { findSuspenseItems } from '../../domain/finance/suspense/find-suspense-items'
import { proposeSuspenseClearing } from '../../domain/finance/suspense/propose-suspense-clearing'
import { decideSuspenseClearing } from '../../domain/finance/suspense/decide-suspense-clearing'

/** Clearing suspense (issue 25): calls beside the specification's finance-management ones. */
const OSHC = '/oshc/finance-management/suspense'

export const suspenseEndpoints: Endpoint[] = [
  endpoint({
    method: 'GET',
    path: OSHC,
    summary:
      'Money held in suspense: each transfer into it, newest first, with what it still holds (open, cents), where it came from and its decisions; state=all lists cleared items too',
    access: findSuspenseItems.access,
    query: SuspenseListQuerySchema,
    handler: async ({ actor, query }) => ok(await findSuspenseItems({ actor, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/clearings`,
    summary:
      'Propose what to do with money in suspense: { transfer_id, action: ALLOCATE | REFUND | CREDIT_AGENCY | WRITE_OFF, amount (AUD), policy_ref (ALLOCATE: a policy whose bank payment waits), agency_id (CREDIT_AGENCY), reason }. Another person with finance approves it. 409 over what the item still holds, for a refund of money that came by no channel, or while a proposal waits; 400 for a write-off over SUSPENSE_WRITE_OFF_LIMIT_CENTS',
    access: proposeSuspenseClearing.access,
    body: ProposeSuspenseClearingSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      ...ok(await proposeSuspenseClearing({ actor, input: body }), 'Proposed: another person approves it'),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/clearings/{id}/decision`,
    summary:
      'Approve (posts the movement: to a policy premium, back to the channel, to the agency balance, or to write-off) or reject a proposed suspense decision: { decision: approve | reject, note? }. 403 for its proposer approving; 409 unless it is waiting or when the item no longer holds the amount',
    access: decideSuspenseClearing.access,
    params: SuspenseClearingIdSchema,
    body: DecideSuspenseClearingSchema,
    handler: async ({ actor, params, body }) =>
      ok(await decideSuspenseClearing({ actor, id: params.id, input: body }), 'Decision recorded'),
  }),
]
