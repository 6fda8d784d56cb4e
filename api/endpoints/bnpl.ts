import { z } from 'zod'
import { endpoint, ok, paged, type Endpoint } from '../define'
import { id } from '../../domain/shared/fields'
import * as S from '../../domain/finance/bnpl/bnpl.schemas'
import { sendBnplPaymentRequest } from '../../domain/finance/bnpl/send-bnpl-payment-request'
import { approveBnplPaymentRequest } from '../../domain/finance/bnpl/approve-bnpl-payment-request'
import { rejectBnplPaymentRequest } from '../../domain/finance/bnpl/reject-bnpl-payment-request'
import { getBnplPaymentRequest } from '../../domain/finance/bnpl/get-bnpl-payment-request'
import { findBnplPaymentRequestHistory } from '../../domain/finance/bnpl/find-bnpl-payment-request-history'
import { findBnplPaymentRequests } from '../../domain/finance/bnpl/find-bnpl-payment-requests'
import { findUnsettledBnplPolicies } from '../../domain/finance/bnpl/find-unsettled-bnpl-policies'
import { confirmCardTopup } from '../../domain/finance/topups/confirm-card-topup'

const OSHC = '/oshc/finance-management'
const AGENCY = '/agencies/finance-management'

const IdParam = z.object({ id: id() })
const AgencyIdParam = z.object({ agency_id: id() })

/** Buy-now-pay-later settlement (spec/02 sections 7.4 and 7.5) and the card top-up return. */
export const bnplEndpoints: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: `${AGENCY}/sendBuyNowPayLaterPaymentRequest`,
    summary:
      "Settle BNPL purchases: policies[] of agency_id (another agency's policy is 404), each bought with BNPL and owed (PENDING_CREDIT_PAYMENT, or PENDING_CREDIT_PAYMENT_REJECTED after a rejection); one already in an open request or not owed is a 409 naming it. payment_type BANK (bank_document = uploaded file key, 'Bank document is required') or AGENCY_BALANCE (debited now, given back on rejection). by_pass_document_validation is honoured for staff with finance only (an agency's is ignored). Creates the REQUESTED request, its BNPL_PAYMENT invoice with a pending payment, and the staff task bnpl-<id>",
    access: sendBnplPaymentRequest.access,
    body: S.SendBnplRequestSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Buy now, pay later payment request sent',
      data: await sendBnplPaymentRequest({ actor, input: body }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/approveBuyNowPayLaterPaymentRequest`,
    summary:
      'Approve a REQUESTED BNPL settlement: premiums PAID, allowance restored (one BNPL ledger entry per policy), commissions banked, PREMIUM invoices and the settlement invoice paid, agency mailed and notified. 403 for its sender (maker-checker); 409 when not REQUESTED',
    access: approveBnplPaymentRequest.access,
    body: S.ApproveBnplSchema,
    handler: async ({ actor, body }) =>
      ok(
        await approveBnplPaymentRequest({ actor, requestId: body.buyNowPaylaterPaymentId }),
        'Buy now, pay later payment request approved',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/rejectBuyNowPayLaterPaymentRequest`,
    summary:
      'Reject a REQUESTED BNPL settlement with a reason: premiums PENDING_CREDIT_PAYMENT_REJECTED (still owed, requestable again), its invoice CANCELLED, a balance payment given back. 409 when not REQUESTED',
    access: rejectBnplPaymentRequest.access,
    body: S.RejectBnplSchema,
    handler: async ({ actor, body }) =>
      ok(
        await rejectBnplPaymentRequest({
          actor,
          requestId: body.buyNowPayLaterPaymentRequestId,
          reason: body.rejectionReason,
        }),
        'Buy now, pay later payment request rejected',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getBuyNowPayLaterPaymentRequests`,
    summary:
      "Not in the specification (its staff list of BNPL requests is implied by the approve and reject calls): every agency's settlement requests, newest first; filters status (REQUESTED | APPROVED | REJECTED) and agency_id",
    access: findBnplPaymentRequests.access,
    query: S.BnplRequestListQuerySchema,
    handler: async ({ actor, query }) => paged(await findBnplPaymentRequests({ actor, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getBuyNowPayLaterPaymentByIdForAdmin/{agency_id}/{id}`,
    summary: 'One BNPL settlement request of that agency with its policies, deadlines and document URL',
    access: getBnplPaymentRequest.access,
    params: z.object({ agency_id: id(), id: id() }),
    handler: async ({ actor, params }) =>
      ok(await getBnplPaymentRequest({ actor, requestId: params.id, agencyId: params.agency_id })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getBuyNowPaylaterPaymentOSHCHistory/{id}`,
    summary: "A BNPL settlement request's full timeline, oldest first",
    access: findBnplPaymentRequestHistory.access,
    params: IdParam,
    handler: async ({ actor, params }) =>
      ok(await findBnplPaymentRequestHistory({ actor, requestId: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getBuyNowPayLaterPaymentById`,
    summary:
      "One of the agency's BNPL settlement requests (query id; the specification names no path parameter) with its policies and deadlines",
    access: getBnplPaymentRequest.access,
    query: S.BnplIdQuerySchema,
    handler: async ({ actor, query }) => ok(await getBnplPaymentRequest({ actor, requestId: query.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getBuyNowPayLaterPaymentById/{id}`,
    summary: 'getBuyNowPayLaterPaymentById with the id in the path',
    access: getBnplPaymentRequest.access,
    params: IdParam,
    handler: async ({ actor, params }) => ok(await getBnplPaymentRequest({ actor, requestId: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getBuyNowPaylaterPaymentHistory/{id}`,
    summary: "A BNPL settlement request's timeline as the agency sees it, oldest first",
    access: findBnplPaymentRequestHistory.access,
    params: IdParam,
    handler: async ({ actor, params }) =>
      ok(await findBnplPaymentRequestHistory({ actor, requestId: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getBuyNowPayLaterPaymentRequests/{agency_id}`,
    summary:
      "Not in the specification: the agency's own BNPL settlement requests, newest first (filter status)",
    access: findBnplPaymentRequests.access,
    params: AgencyIdParam,
    query: S.BnplRequestListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await findBnplPaymentRequests({ actor, agencyId: params.agency_id, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getUnsettledBuyNowPayLaterPolicies/{agency_id}`,
    summary:
      "Not in the specification: the agency's BNPL purchases still to settle, oldest first, each with its settlement deadline (BNPL_SETTLEMENT_DAYS after purchase), days left, overdue flag and open request; and blocked_reason when new BNPL purchases are refused",
    access: findUnsettledBnplPolicies.access,
    params: AgencyIdParam,
    handler: async ({ actor, params }) =>
      ok(await findUnsettledBnplPolicies({ actor, agencyId: params.agency_id })),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/confirmTopUpCheckout`,
    summary:
      "Not in the specification: after the card gateway returns, asks it whether the top-up checkout (session_id) is paid and credits the balance once (already_confirmed when the webhook or a previous return did). 409 while unpaid; another agency's checkout is 404",
    access: confirmCardTopup.access,
    body: z.object({ session_id: z.string().trim().min(1).max(255) }),
    handler: async ({ actor, body }) =>
      ok(await confirmCardTopup({ actor, sessionId: body.session_id }), 'Top-up confirmed'),
  }),
]
