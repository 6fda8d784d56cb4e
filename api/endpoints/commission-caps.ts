import { endpoint, ok, type Endpoint } from '../define'
import {
  CapParamsSchema,
  ProposeCapSchema,
  WithdrawCapSchema,
} from '../../domain/finance/commission-cap/commission-cap.schemas'
import { getCommissionCaps } from '../../domain/finance/commission-cap/get-commission-caps'
import { proposeCommissionCap } from '../../domain/finance/commission-cap/propose-commission-cap'
import { confirmCommissionCap } from '../../domain/finance/commission-cap/confirm-commission-cap'
import { withdrawCommissionCap } from '../../domain/finance/commission-cap/withdraw-commission-cap'
import { findAgenciesAboveCap } from '../../domain/finance/commission-cap/find-agencies-above-cap'

/** Commission cap compliance (issue 25): calls beside the specification's finance ones; rates in percent. */
const OSHC = '/oshc/finance-management/commission-caps'

export const commissionCapEndpoints: Endpoint[] = [
  endpoint({
    method: 'GET',
    path: OSHC,
    summary:
      'The commission cap per product line (OSHC, OVHC): the cap in force today, the one rates set now must keep, the settings in force, the proposal waiting for a second person, and the audit',
    access: getCommissionCaps.access,
    handler: async ({ actor }) => ok(await getCommissionCaps({ actor })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/propose`,
    summary:
      'Propose a cap: { product_line, max_rate (percent; null turns the cap off), effective_from (first purchase date, Australia/Sydney), note }. Nothing changes until another person confirms it. 409 while the line has a proposal waiting',
    access: proposeCommissionCap.access,
    body: ProposeCapSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      ...ok(await proposeCommissionCap({ actor, input: body }), 'Commission cap proposed'),
      status: 201,
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{id}/confirm`,
    summary:
      'Confirm a proposed cap (maker-checker: 403 for whoever proposed it; a fresh second factor). In force for sales purchased from its effective date; replaces a setting of the same line and day',
    access: confirmCommissionCap.access,
    params: CapParamsSchema,
    handler: async ({ actor, params }) =>
      ok(await confirmCommissionCap({ actor, id: params.id }), 'Commission cap confirmed'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/{id}/withdraw`,
    summary: 'Withdraw a proposed cap with an optional { reason }. 409 unless it is a proposal',
    access: withdrawCommissionCap.access,
    params: CapParamsSchema,
    body: WithdrawCapSchema,
    handler: async ({ actor, params, body }) =>
      ok(await withdrawCommissionCap({ actor, id: params.id, input: body }), 'Proposal withdrawn'),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/agencies-above`,
    summary:
      "Agencies whose configured rates exceed a cap: each insurer rate above it and each enabled payment method whose rate takes the insurer's over it, with the difference in percentage points",
    access: findAgenciesAboveCap.access,
    handler: async ({ actor }) => ok(await findAgenciesAboveCap({ actor })),
  }),
]
