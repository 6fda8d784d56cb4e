import { z } from 'zod'
import { endpoint, ok, paged, type Endpoint } from '../define'
import { exportResponse, ExportFormatSchema } from '../export.server'
import { id } from '../../domain/shared/fields'
import * as S from '../../domain/finance/payouts/payouts.schemas'
import { requestCommissionPayout } from '../../domain/finance/payouts/request-commission-payout'
import { approveCommissionPayout } from '../../domain/finance/payouts/approve-commission-payout'
import { rejectCommissionPayout } from '../../domain/finance/payouts/reject-commission-payout'
import { findCommissionPayouts } from '../../domain/finance/payouts/find-commission-payouts'
import { iterateCommissionPayouts } from '../../domain/finance/payouts/iterate-commission-payouts'
import { getCommissionPayout } from '../../domain/finance/payouts/get-commission-payout'
import { findCommissionPayoutHistories } from '../../domain/finance/payouts/find-commission-payout-histories'
import { findPayoutCommissionLines } from '../../domain/finance/payouts/find-payout-commission-lines'
import { findBankedCommission } from '../../domain/finance/payouts/find-banked-commission'
import { iterateBankedCommission } from '../../domain/finance/payouts/iterate-banked-commission'
import { BANKED_EXPORT_COLUMNS, PAYOUT_EXPORT_COLUMNS } from '../../domain/finance/payouts/payout-listing'
import { businessDate } from '../../domain/shared/business-date'

const OSHC = '/oshc/finance-management'
const AGENCY = '/agencies/finance-management'
const PAY = '/payment-system'

const AgencyIdParam = z.object({ agency_id: id() })
const IdParam = z.object({ id: id() })
const NO_PAGE = { page: true, perPage: true } as const
const PayoutExport = S.PayoutListQuerySchema.omit(NO_PAGE).extend({ format: ExportFormatSchema })
const BankedExport = S.BankedCommissionQuerySchema.omit(NO_PAGE).extend({ format: ExportFormatSchema })

/** The /oshc rows: staff only, though their use cases also serve the agency side (narrower is fine). */
const staffFinance = { staff: ['finance'] } as const

const created = (data: unknown) => ({ status: 201, message: 'Commission payout requested', data })

const staffEndpoints = [
  endpoint({
    method: 'POST',
    path: `${OSHC}/approveCommissionPayoutRequest`,
    summary:
      "Approve a REQUESTED commission payout through its workflow: payment_type BANK (bank_document = uploaded file key, 'bank_document is required'), AGENCY_BALANCE (whole total credited to the balance, ledger COMMISSION_RECEIVED) or SETTLED_WITH_CLAWBACK (the agency's open clawbacks, oldest first, are offset up to the total; the rest is credited to the balance). Payout APPROVED with receipt_id and payment_date, commissions PAID, COMMISSION invoice PAID, agency mailed and notified. 403 for its requester (maker-checker); 409 when already decided",
    access: approveCommissionPayout.access,
    body: S.ApprovePayoutSchema,
    handler: async ({ actor, body }) =>
      ok(
        await approveCommissionPayout({
          actor,
          payoutId: body.commission_payout_request_id,
          paymentType: body.payment_type,
          bankDocument: body.bank_document,
        }),
        'Commission payout approved',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/rejectCommissionPayoutRequest`,
    summary:
      'Reject a REQUESTED commission payout with a reason (not named by the spec, which shows only the approve call; added beside it): payout REJECTED, its commissions COMMISSION_BANKED again (requestable in a new request), its invoice CANCELLED, agency mailed and notified. 403 for its requester; 409 when already decided',
    access: rejectCommissionPayout.access,
    body: S.RejectPayoutSchema,
    handler: async ({ actor, body }) =>
      ok(
        await rejectCommissionPayout({
          actor,
          payoutId: body.commission_payout_request_id,
          reason: body.rejection_reason,
        }),
        'Commission payout rejected',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getCommissionPayouts`,
    summary:
      'Commission payout requests of every agency: filters status, payment_type, agency_id, start_date / end_date (request date); sort created_at | total_amount | status | payment_date',
    access: staffFinance,
    query: S.PayoutListQuerySchema,
    handler: async ({ actor, query }) => paged(await findCommissionPayouts({ actor, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/exportCommissionPayouts`,
    summary: 'getCommissionPayouts as CSV or XLSX (format=xlsx), streamed; filters in the query',
    access: staffFinance,
    query: PayoutExport,
    handler: async ({ actor, query }) =>
      exportResponse({
        filename: `commission-payouts-${businessDate()}`,
        format: query.format,
        columns: PAYOUT_EXPORT_COLUMNS,
        rows: await iterateCommissionPayouts({ actor, input: query }),
      }),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getCommissionPayoutById/{agency_id}/{commission_payout_payment_id}`,
    summary: 'One payout of that agency: commission lines with GST share, invoice and full timeline',
    access: staffFinance,
    params: z.object({ agency_id: id(), commission_payout_payment_id: id() }),
    handler: async ({ actor, params }) =>
      ok(
        await getCommissionPayout({
          actor,
          agencyId: params.agency_id,
          payoutId: params.commission_payout_payment_id,
        }),
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getCommissionPayoutOSHCHistories/{id}`,
    summary: "A payout's whole timeline (requests, decisions, reminders, escalations), oldest first",
    access: staffFinance,
    params: IdParam,
    handler: async ({ actor, params }) =>
      ok(await findCommissionPayoutHistories({ actor, payoutId: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getPayoutCommissionForEachPolicyForAdmin`,
    summary:
      'The commission of each policy in payout requests (commission, GST share, total, payout and commission status); filters commission_payout_payment_id, status (payout), agency_id',
    access: staffFinance,
    query: S.PayoutLinesQuerySchema,
    handler: async ({ actor, query }) => paged(await findPayoutCommissionLines({ actor, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getBankedCommision`,
    summary:
      'COMMISSION_BANKED commissions of every agency (agency_id narrows), with the premium invoice_line_item_id a payout request names',
    access: staffFinance,
    query: S.BankedCommissionQuerySchema,
    handler: async ({ actor, query }) => paged(await findBankedCommission({ actor, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/exportBankedCommission`,
    summary: 'getBankedCommision as CSV or XLSX, streamed',
    access: staffFinance,
    query: BankedExport,
    handler: async ({ actor, query }) =>
      exportResponse({
        filename: `banked-commission-${businessDate()}`,
        format: query.format,
        columns: BANKED_EXPORT_COLUMNS,
        rows: await iterateBankedCommission({ actor, input: query }),
      }),
  }),
]

const agencyEndpoints = [
  endpoint({
    method: 'POST',
    path: `${AGENCY}/sendCommmisionPayoutRequest`,
    summary:
      "Request the payout of banked commission: invoice_line_item_ids are the premium lines getCommissionBankedPolicies lists, external_invoice_id the agency's own invoice number (unique per agency, 409). Creates a REQUESTED payout (GST = round(commission x rate) when the agency is GST registered), a COMMISSION invoice from the agency to the insurer, moves the commissions to PAYOUT_REQUESTED and starts workflow payout-<id>. Another agency's lines: 404; lines not COMMISSION_BANKED: 409 naming them",
    access: requestCommissionPayout.access,
    body: S.PayoutRequestSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(
        await requestCommissionPayout({
          actor,
          externalInvoiceId: body.external_invoice_id,
          lineItemIds: body.invoice_line_item_ids,
        }),
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getCommissionPayouts/{agency_id}`,
    summary: "The agency's payout requests (same filters and sort as the staff list)",
    access: findCommissionPayouts.access,
    params: AgencyIdParam,
    query: S.PayoutListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await findCommissionPayouts({ actor, agencyId: params.agency_id, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/exportCommissionPayouts/{agency_id}`,
    summary: "The agency's payout requests as CSV or XLSX, streamed",
    access: iterateCommissionPayouts.access,
    params: AgencyIdParam,
    query: PayoutExport,
    handler: async ({ actor, params, query }) =>
      exportResponse({
        filename: `commission-payouts-${businessDate()}`,
        format: query.format,
        columns: PAYOUT_EXPORT_COLUMNS,
        rows: await iterateCommissionPayouts({ actor, agencyId: params.agency_id, input: query }),
      }),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getCommissionPayoutById`,
    summary:
      "One of the agency's payouts (query commission_payout_payment_id, as the spec shows no path parameter): lines, GST, invoice and the timeline meant for the agency",
    access: getCommissionPayout.access,
    query: S.PayoutByIdQuerySchema,
    handler: async ({ actor, query }) =>
      ok(await getCommissionPayout({ actor, payoutId: query.commission_payout_payment_id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getCommissionPayoutAgenciesHistories/{id}`,
    summary: "The timeline of one of the agency's payouts (requested, approved or rejected), oldest first",
    access: findCommissionPayoutHistories.access,
    params: IdParam,
    handler: async ({ actor, params }) =>
      ok(await findCommissionPayoutHistories({ actor, payoutId: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getPayoutCommissionForEachPolicy/{agency_id}`,
    summary:
      "The commission of each of the agency's policies in payout requests, with GST share and statuses",
    access: findPayoutCommissionLines.access,
    params: AgencyIdParam,
    query: S.PayoutLinesQuerySchema.omit({ agency_id: true }),
    handler: async ({ actor, params, query }) =>
      paged(await findPayoutCommissionLines({ actor, agencyId: params.agency_id, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/exportBankedCommission/{agency_id}`,
    summary: "The agency's banked commission (getCommissionBankedPolicies) as CSV or XLSX, streamed",
    access: iterateBankedCommission.access,
    params: AgencyIdParam,
    query: z.object({ format: ExportFormatSchema }),
    handler: async ({ actor, params, query }) =>
      exportResponse({
        filename: `banked-commission-${businessDate()}`,
        format: query.format,
        columns: BANKED_EXPORT_COLUMNS,
        rows: await iterateBankedCommission({ actor, agencyId: params.agency_id, input: {} }),
      }),
  }),
]

const paymentSystemEndpoints = [
  endpoint({
    method: 'POST',
    path: `${PAY}/invoice-payment/createInvoicePaymentRequestForBankedCommission`,
    summary:
      'The same use case as sendCommmisionPayoutRequest, with the agency named (agency_id; staff with finance may request for an agency, whose maker then may not approve it) and the lines as invoice_line_items_ids; without external_invoice_id one is generated (COMM-<agency>-<time>)',
    access: requestCommissionPayout.access,
    body: S.BankedCommissionPaymentRequestSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(
        await requestCommissionPayout({
          actor,
          agencyId: body.agency_id,
          externalInvoiceId: body.external_invoice_id,
          lineItemIds: body.invoice_line_items_ids,
        }),
      ),
  }),
]

/** Commission payouts and banked commission (spec/02 7.4, 7.5 and the one 7.6 call about them). */
export const payoutEndpoints: Endpoint[] = [...staffEndpoints, ...agencyEndpoints, ...paymentSystemEndpoints]
