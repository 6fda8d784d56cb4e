import { z } from 'zod'
import { endpoint, ok, paged, type Endpoint } from '../define'
import { exportResponse, ExportFormatSchema } from '../export.server'
import { id } from '../../domain/shared/fields'
import { PageQuerySchema } from '../../domain/shared/pagination'
import * as S from '../../domain/clawbacks/clawbacks.schemas'
import { initiateClawback } from '../../domain/clawbacks/initiate-clawback'
import { payClawback } from '../../domain/clawbacks/pay-clawback'
import { approveClawback } from '../../domain/clawbacks/approve-clawback'
import { rejectClawback } from '../../domain/clawbacks/reject-clawback'
import { getClawbackInitiateDetails } from '../../domain/clawbacks/get-clawback-initiate-details'
import { getClawbackDetailsForBankedCommissions } from '../../domain/clawbacks/get-clawback-details-for-banked-commissions'
import { findClawbacks } from '../../domain/clawbacks/find-clawbacks'
import { iterateClawbacks } from '../../domain/clawbacks/iterate-clawbacks'
import { getClawback } from '../../domain/clawbacks/get-clawback'
import { findClawbackTransactions } from '../../domain/clawbacks/find-clawback-transactions'
import { CLAWBACK_EXPORT_COLUMNS } from '../../domain/clawbacks/clawback-listing'
import { businessDate } from '../../domain/shared/business-date'

const OSHC = '/oshc/finance-management'
const OSHC_POLICY = '/oshc/policy-management'
const AGENCY = '/agencies/finance-management'
const AGENCY_POLICY = '/agencies/policy-management'

const PolicyIdParam = z.object({ policyId: id() })
const PolicyIdSnake = z.object({ policy_id: id() })
const AgencyIdParam = z.object({ agency_id: id() })
const ClawbackExport = S.ClawbackListQuerySchema.omit({ page: true, perPage: true }).extend({
  format: ExportFormatSchema,
})
const staffFinance = { staff: ['finance'] } as const
const agencyFinance = { agency: ['finance', 'purchase'] } as const

/** Clawbacks (spec/02 §7.3-§7.5; DESIGN.md §6 "Clawback"), workflow `clawback-<id>`. */
export const clawbackEndpoints: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: `${AGENCY_POLICY}/initiate-clawback/{policyId}`,
    summary:
      "Staff (finance) open a clawback on a policy whose commission was PAID: clawback_premium_amount (AUD), clawback_document (uploaded file key), clawback_document_name. The server computes clawback_commission_amount = round(premium x the policy's commission_rate / 100); CLAWBACK invoice; policy CLAWBACK_INITIATED; the agency is notified and the clawback workflow starts. 409 with the reason when the policy or its commission does not allow it",
    access: initiateClawback.access,
    params: PolicyIdParam,
    body: S.InitiateClawbackSchema,
    handler: async ({ actor, params, body }) => ({
      status: 201,
      message: 'Clawback initiated',
      data: await initiateClawback({ actor, policyId: params.policyId, input: body }),
    }),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC_POLICY}/getClawbackInitiateDetails`,
    summary:
      'What can be clawed back on a policy (query policy_id): premium, commission amount, rate and status, policy status, can_initiate with the reason, and the latest clawback',
    access: getClawbackInitiateDetails.access,
    query: PolicyIdSnake,
    handler: async ({ actor, query }) =>
      ok(await getClawbackInitiateDetails({ actor, policyId: query.policy_id })),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/getClawbackDetailsForBankedCommissions`,
    summary:
      "Preview (changes nothing) of netting the agency's open clawbacks against the banked commission of the named premium lines: banked total, netted, payable to the agency, per clawback",
    access: getClawbackDetailsForBankedCommissions.access,
    body: S.BankedClawbackPreviewSchema,
    handler: async ({ actor, body }) =>
      ok(await getClawbackDetailsForBankedCommissions({ actor, input: body })),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/clawbackPayment`,
    summary:
      "The agency pays its policy's open clawback: payment_method BANKED_COMMISSION (netted against COMMISSION_BANKED commission on approval), COMMISSION (offset by the next payout approved SETTLED_WITH_CLAWBACK), AGENCY_BALANCE (debited now; 409 'Insufficient agency balance') or BANK (bank_document required). Clawback REQUESTED, policy CLAWBACK_REQUESTED",
    access: payClawback.access,
    body: S.ClawbackPaymentSchema,
    handler: async ({ actor, body }) =>
      ok(await payClawback({ actor, input: body }), 'Clawback payment submitted'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/clawbackApprove/{policyId}`,
    summary:
      'Approve the paid clawback of a policy through its workflow: COMPLETED with receipt and clawback_completed_at, CLAWBACK invoice paid, policy CLAWBACK_COMPLETED (BANKED_COMMISSION: the banked commission is netted now, ledger COMMISSION_RECEIVED and CLAWBACK_PAYMENT). 403 for whoever initiated it; 409 unless REQUESTED (or a COMMISSION clawback no payout has settled)',
    access: approveClawback.access,
    params: PolicyIdParam,
    handler: async ({ actor, params }) =>
      ok(await approveClawback({ actor, policyId: params.policyId }), 'Clawback approved'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/clawbackReject/{policyId}`,
    summary:
      'Reject the paid clawback of a policy with rejection_reason (not named by the spec; added beside clawbackApprove): REJECTED, policy CLAWBACK_REJECTED, payable again; an AGENCY_BALANCE payment is given back (ledger CLAWBACK_PAYMENT credit)',
    access: rejectClawback.access,
    params: PolicyIdParam,
    body: S.ClawbackRejectSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await rejectClawback({ actor, policyId: params.policyId, reason: body.rejection_reason }),
        'Clawback rejected',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getClawbackDetailsByAdmin`,
    summary:
      'Clawbacks of every agency: filters status, clawback_method, agency_id, policy_id; sort created_at | clawback_commission_amount | outstanding_amount | status',
    access: staffFinance,
    query: S.ClawbackListQuerySchema,
    handler: async ({ actor, query }) => paged(await findClawbacks({ actor, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getClawbackDetailsByIdForAdmin/{policy_id}`,
    summary: "A policy's clawbacks with their whole timelines (reminders and escalations included)",
    access: staffFinance,
    params: PolicyIdSnake,
    handler: async ({ actor, params }) => ok(await getClawback({ actor, policyId: params.policy_id })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/exportClawbacks`,
    summary: 'getClawbackDetailsByAdmin as CSV or XLSX (format=xlsx), streamed; filters in the query',
    access: staffFinance,
    query: ClawbackExport,
    handler: async ({ actor, query }) =>
      exportResponse({
        filename: `clawbacks-${businessDate()}`,
        format: query.format,
        columns: CLAWBACK_EXPORT_COLUMNS,
        rows: await iterateClawbacks({ actor, input: query }),
      }),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getClawbackDetailsByAgency/{agency_id}`,
    summary:
      "The agency's clawbacks (filters status, clawback_method, policy_id); another agency's id is 404",
    access: agencyFinance,
    params: AgencyIdParam,
    query: S.ClawbackListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await findClawbacks({ actor, agencyId: params.agency_id, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getClawbackDetailsById/{policy_id}`,
    summary: "One of the agency's policies' clawbacks with their timelines (agency-visible rows)",
    access: agencyFinance,
    params: PolicyIdSnake,
    handler: async ({ actor, params }) => ok(await getClawback({ actor, policyId: params.policy_id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getClawbackDetailsForCommissionPayout/{agency_id}`,
    summary:
      'The open clawbacks (INITIATED, REQUESTED, REJECTED) a commission payout approved SETTLED_WITH_CLAWBACK would offset, with what is outstanding',
    access: agencyFinance,
    params: AgencyIdParam,
    query: S.ClawbackListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await findClawbacks({ actor, agencyId: params.agency_id, openOnly: true, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getClawbackTransactionForAgency/{agency_id}`,
    summary:
      'Ledger of clawback payments: completed payments on the agency’s CLAWBACK invoices, newest first',
    access: agencyFinance,
    params: AgencyIdParam,
    query: PageQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await findClawbackTransactions({ actor, agencyId: params.agency_id, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/exportClawbacks`,
    summary: "The agency's clawbacks as CSV or XLSX, streamed; filters in the query",
    access: agencyFinance,
    query: ClawbackExport,
    handler: async ({ actor, query }) =>
      exportResponse({
        filename: `clawbacks-${businessDate()}`,
        format: query.format,
        columns: CLAWBACK_EXPORT_COLUMNS,
        rows: await iterateClawbacks({ actor, input: query }),
      }),
  }),
]
