import { z } from 'zod'
import { endpoint, ok, paged, type Endpoint } from '../define'
import { id } from '../../domain/shared/fields'
import * as S from '../../domain/refunds/refunds.schemas'
import { requestFullRefund } from '../../domain/refunds/request-full-refund'
import { initiateFullRefund } from '../../domain/refunds/initiate-full-refund'
import { approveFullRefund } from '../../domain/refunds/approve-full-refund'
import { retryFullRefundPayment } from '../../domain/refunds/retry-full-refund-payment'
import { rejectFullRefund } from '../../domain/refunds/reject-full-refund'
import { tickCancellationStep } from '../../domain/refunds/tick-cancellation-step'
import { approvePolicyCancellation } from '../../domain/refunds/approve-policy-cancellation'
import { findCancellationSteps } from '../../domain/refunds/find-cancellation-steps'
import { getPolicyCancellationDetails } from '../../domain/refunds/get-policy-cancellation-details'
import { findFullRefundPolicies } from '../../domain/refunds/find-full-refund-policies'
import { getFullRefundDetails } from '../../domain/refunds/get-full-refund-details'
import { getFullRefundReceipt } from '../../domain/refunds/get-full-refund-receipt'
import { findFullRefundFiles } from '../../domain/refunds/find-full-refund-files'
import { deleteRefundDocument } from '../../domain/refunds/delete-refund-document'

const OSHC_FIN = '/oshc/finance-management'
const OSHC_POLICY = '/oshc/policy-management'
const AGENCY_FIN = '/agencies/finance-management'
const AGENCY_POLICY = '/agencies/policy-management'

const PolicyIdParam = z.object({ policyId: id() })
const PolicyIdSnake = z.object({ policy_id: id() })
const staffFinance = { staff: ['finance'] } as const
const agencySide = { agency: true } as const

const agencyEndpoints = [
  endpoint({
    method: 'POST',
    path: `${AGENCY_FIN}/requestForFullRefund/{policyId}`,
    summary:
      "Ask for the full refund of a paid policy (PAYMENT_APPROVED, CERTIFICATE_UPLOADED, CERTIFICATE_ISSUED, a settled buy-now-pay-later purchase, or again after a rejected refund): full_refund_requested_reason required ('full_refund_requested_reason is required'), files = uploaded file keys kept as REFUND_DOCUMENT. Policy FULL_REFUND_REQUESTED, cancellation REQUESTED_FOR_CANCELLATION, staff notified, workflow full-refund-<policyId> started (inbox task). Another agency's policy: 404; a refund already open or an unpaid policy: 409",
    access: requestFullRefund.access,
    params: PolicyIdParam,
    body: S.RequestFullRefundSchema,
    status: 201,
    handler: async ({ actor, params, body }) => ({
      status: 201,
      message: 'Full refund requested',
      data: await requestFullRefund({
        actor,
        policyId: params.policyId,
        reason: body.full_refund_requested_reason,
        files: body.files,
      }),
    }),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY_FIN}/policies/getFullRefundRequestedPolicies`,
    summary:
      "The agency's full refund requests with policy and student: filters status, search (ref or student name); sort created_at | updated_at | status | ref; amounts in AUD",
    access: findFullRefundPolicies.access,
    query: S.RefundListQuerySchema.omit({ agency_id: true }),
    handler: async ({ actor, query }) => paged(await findFullRefundPolicies({ actor, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY_FIN}/policies/getFullRequestRefundFiles/{policy_id}`,
    summary:
      "The documents sent with the policy's refund requests, newest first, with 5-minute download URLs",
    access: agencySide,
    params: PolicyIdSnake,
    handler: async ({ actor, params }) =>
      ok(await findFullRefundFiles({ actor, policyId: params.policy_id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY_FIN}/getFullRefundPolicyDetailReceiptForAgency/{policy_id}`,
    summary:
      "Receipt of the policy's completed full refund (receipt id, refundable premium, commission deducted, refund paid, method, invoice); 404 until paid",
    access: agencySide,
    params: PolicyIdSnake,
    handler: async ({ actor, params }) =>
      ok(await getFullRefundReceipt({ actor, policyId: params.policy_id })),
  }),
  endpoint({
    method: 'DELETE',
    path: `${AGENCY_POLICY}/refund-document/{id}`,
    summary:
      'Remove a document of a refund request (a policy_files id of type REFUND_DOCUMENT) while the request is REQUESTED; later 409; unknown or another agency: 404',
    access: deleteRefundDocument.access,
    params: z.object({ id: id() }),
    handler: async ({ actor, params }) =>
      ok(await deleteRefundDocument({ actor, fileId: params.id }), 'Refund document removed'),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY_POLICY}/getPolicyCancellationDetailsForAgency/{policyId}`,
    summary:
      "The policy's cancellation (status, date, refund_method, no_refund), its steps with done state, whether a payment waits for verification, and the newest full refund",
    access: agencySide,
    params: PolicyIdParam,
    handler: async ({ actor, params }) =>
      ok(await getPolicyCancellationDetails({ actor, policyId: params.policyId })),
  }),
]

const staffEndpoints = [
  endpoint({
    method: 'POST',
    path: `${OSHC_FIN}/initiateFullRefund/{policyId}`,
    summary:
      "Set the amounts of a REQUESTED full refund, in AUD: refundable_premium_amount <= premium paid (is_full_refund: all of it), deductable_commission_amount <= the policy's commission and <= refundable_premium_amount (400 on the field). Through the workflow's decide update: FULL_REFUND_INITIATED; the agency is notified and sees the amounts. Not REQUESTED: 409",
    access: initiateFullRefund.access,
    params: PolicyIdParam,
    body: S.InitiateFullRefundSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await initiateFullRefund({
          actor,
          policyId: params.policyId,
          refundablePremiumAmount: body.refundable_premium_amount,
          deductableCommissionAmount: body.deductable_commission_amount,
          isFullRefund: body.is_full_refund,
        }),
        'Full refund initiated',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC_FIN}/approveFullRefundRequest/{policyId}`,
    summary:
      'Approve an INITIATED full refund (query payment_method AGENCY_BALANCE: the net refund is credited to the balance, ledger POLICY_PREMIUM_REFUNDED; BANK: payment_url = the uploaded transfer proof, which counts as paid; beside the specification, BANK with pay_by_batch=true needs no proof: the refund stays APPROVED until the confirmed debit of a payout batch pays it). The agency receives refundable_premium_amount - deductable_commission_amount; FULL_REFUND invoice paid; premium payment FULL_REFUNDED; commission FULL_REFUNDED when not paid out, else a clawback of what was not deducted. Answers the refund COMPLETED. The staff member who set the amounts: 403 (maker-checker); not INITIATED or commission in a payout request: 409',
    access: approveFullRefund.access,
    params: PolicyIdParam,
    query: S.ApproveFullRefundQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(
        await approveFullRefund({
          actor,
          policyId: params.policyId,
          paymentMethod: query.payment_method,
          paymentUrl: query.payment_url,
          payByBatch: query.pay_by_batch,
        }),
        'Full refund approved',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC_FIN}/rejectFullRefundRequest`,
    summary:
      'Reject a REQUESTED or INITIATED full refund (rejectionReason, policy_id): FULL_REFUND_REJECTED, a cancellation not yet approved withdrawn, agency notified and mailed; the agency may request again. Otherwise 409',
    access: rejectFullRefund.access,
    body: S.RejectFullRefundSchema,
    handler: async ({ actor, body }) =>
      ok(
        await rejectFullRefund({ actor, policyId: body.policy_id, reason: body.rejectionReason }),
        'Full refund rejected',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC_FIN}/retryFullRefundPayment/{policyId}`,
    summary:
      'Not in the spec: pay again an APPROVED full refund whose payment failed (its workflow run ended); the refund as it now is, COMPLETED once paid. Another status: 409',
    access: retryFullRefundPayment.access,
    params: PolicyIdParam,
    handler: async ({ actor, params }) =>
      ok(await retryFullRefundPayment({ actor, policyId: params.policyId }), 'Refund payment retried'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC_FIN}/policyCancellationApprove/{policyId}`,
    summary:
      'Approve the cancellation of a policy whose cancellation steps are all done (READY_FOR_CANCELLATION -> IN_CANCELLATION): refund_method GROSS_REFUND | NET_REFUND | NO_REFUND, policy_cancellation_date (YYYY-MM-DD, default today). The answer carries no_refund. While a payment of the policy waits for verification: 403 { message, is_payment_verification_pending: true }, checked before anything else; steps not done or already approved: 409',
    access: approvePolicyCancellation.access,
    params: PolicyIdParam,
    body: S.CancellationApproveBodySchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await approvePolicyCancellation({ actor, policyId: params.policyId, input: body }),
        'Policy cancellation approved',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC_FIN}/cancellation-steps/{policy_id}`,
    summary: "The cancellation steps of the policy's provider, in order, each with is_done, done_at, done_by",
    access: findCancellationSteps.access,
    params: PolicyIdSnake,
    handler: async ({ actor, params }) =>
      ok(await findCancellationSteps({ actor, policyId: params.policy_id })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC_POLICY}/{policyId}/cancellation-step/{cancellationStepId}`,
    summary:
      'Tick one cancellation step of a policy whose cancellation was requested (idempotent). The last one moves the cancellation to READY_FOR_CANCELLATION. Unknown step or of another provider: 404; no cancellation requested or already approved: 409',
    access: tickCancellationStep.access,
    params: z.object({ policyId: id(), cancellationStepId: id() }),
    handler: async ({ actor, params }) =>
      ok(
        await tickCancellationStep({
          actor,
          policyId: params.policyId,
          cancellationStepId: params.cancellationStepId,
        }),
        'Cancellation step done',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC_POLICY}/getPolicyCancellationDetails/{policyId}`,
    summary:
      "The policy's cancellation (status, date, refund_method, no_refund), its steps with who ticked them, whether a payment waits for verification, and the newest full refund",
    access: { staff: ['policy_management', 'finance'] },
    params: PolicyIdParam,
    handler: async ({ actor, params }) =>
      ok(await getPolicyCancellationDetails({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC_FIN}/getFullRefundRequestedPolicies`,
    summary:
      'Full refund requests of every agency with policy, student and agency: filters status, agency_id, search (ref or student name); sort created_at | updated_at | status | ref; amounts in AUD',
    access: staffFinance,
    query: S.RefundListQuerySchema,
    handler: async ({ actor, query }) => paged(await findFullRefundPolicies({ actor, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC_FIN}/getFullRefundPolicyDetails/{policy_id}`,
    summary:
      'A policy with what was paid (premium, commission and its status), its newest full refund (amounts, net refund, method), documents, cancellation and the refund timeline',
    access: staffFinance,
    params: PolicyIdSnake,
    handler: async ({ actor, params }) =>
      ok(await getFullRefundDetails({ actor, policyId: params.policy_id })),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC_FIN}/getFullRefundPolicyDetailReceipt/{policy_id}`,
    summary: "Receipt of the policy's completed full refund; 404 until paid",
    access: staffFinance,
    params: PolicyIdSnake,
    handler: async ({ actor, params }) =>
      ok(await getFullRefundReceipt({ actor, policyId: params.policy_id })),
  }),
]

/** Full refunds and cancellations (spec/02 7.1, 7.3, 7.4, 7.5). */
export const refundEndpoints: Endpoint[] = [...agencyEndpoints, ...staffEndpoints]
