import { z } from 'zod'
import type { PageInfo } from '../../domain/shared/pagination'
import { endpoint, ok, type Endpoint, paged } from '../define'
import { exportResponse, ExportFormatSchema } from '../export.server'
import { id } from '../../domain/shared/fields'
import * as S from '../../domain/finance/finance.schemas'
import { approvePolicyPayment } from '../../domain/finance/policy-payments/approve-policy-payment'
import { rejectPolicyPayments } from '../../domain/finance/policy-payments/reject-policy-payments'
import { uploadPolicyPaymentProof } from '../../domain/finance/policy-payments/upload-policy-payment-proof'
import { findPaymentPolicies } from '../../domain/finance/policy-payments/find-payment-policies'
import { iteratePaymentPolicies } from '../../domain/finance/policy-payments/iterate-payment-policies'
import {
  PAYMENT_POLICY_EXPORT_COLUMNS,
  type PaymentList,
} from '../../domain/finance/policy-payments/payment-policy-listing'
import { getPendingPaymentPolicy } from '../../domain/finance/policy-payments/get-pending-payment-policy'
import { getPolicyBankDocuments } from '../../domain/finance/policy-payments/get-policy-bank-documents'
import { getAgencyBalance } from '../../domain/finance/ledger/get-agency-balance'
import { getBnplPercentageRemaining } from '../../domain/finance/bnpl/get-bnpl-percentage-remaining'
import { findBalanceTransactions } from '../../domain/finance/ledger/find-balance-transactions'
import { findBnplTransactions } from '../../domain/finance/bnpl/find-bnpl-transactions'
import { findCommissionBankedPolicies } from '../../domain/finance/ledger/find-commission-banked-policies'
import { findCommissionTransactions } from '../../domain/finance/ledger/find-commission-transactions'
import { requestTopup } from '../../domain/finance/topups/request-topup'
import { approveTopup } from '../../domain/finance/topups/approve-topup'
import { rejectTopup } from '../../domain/finance/topups/reject-topup'
import { findTopups } from '../../domain/finance/topups/find-topups'
import { iterateTopups } from '../../domain/finance/topups/iterate-topups'
import { TOPUP_EXPORT_COLUMNS } from '../../domain/finance/topups/topup-listing'
import { notFound } from '../../domain/shared/errors'
import type { Actor } from '../../domain/shared/actor'
import { businessDate } from '../../domain/shared/business-date'

const OSHC = '/oshc/finance-management'
const OSHC_POLICY = '/oshc/policy-management'
const AGENCY = '/agencies/finance-management'
const AGENCY_POLICY = '/agencies/policy-management'

const FINANCE = ['finance'] as const
/** Agency-side finance reads and top-ups (spec/02 section 6: top-ups need purchase; finance reads finance). */
const AGENCY_FINANCE = ['finance', 'purchase'] as const
const staffFinance = { staff: FINANCE } as const
const staffOrAgencyFinance = { staff: FINANCE, agency: AGENCY_FINANCE } as const

const AgencyIdParam = z.object({ agency_id: id() })
const PolicyIdParam = z.object({ policy_id: id() })

/** An export takes the list's filters and sort (no paging) plus format=csv|xlsx. */
const NO_PAGE = { page: true, perPage: true } as const
const format = { format: ExportFormatSchema }
const VerificationExport = S.VerificationListQuerySchema.omit(NO_PAGE).extend(format)
const OutstandingExport = S.OutstandingListQuerySchema.omit(NO_PAGE).extend(format)
const PurchasedExport = S.PurchasedListQuerySchema.omit(NO_PAGE).extend(format)
const AgencyPendingExport = S.AgencyPendingListQuerySchema.omit(NO_PAGE).extend(format)
const TopUpExport = S.TopUpListQuerySchema.omit(NO_PAGE).extend(format)

const paymentExport = async (
  actor: Actor,
  list: PaymentList,
  query: z.infer<typeof VerificationExport>,
  filename: string,
  agencyId?: number,
) =>
  exportResponse({
    filename: `${filename}-${businessDate()}`,
    format: query.format,
    columns: PAYMENT_POLICY_EXPORT_COLUMNS,
    rows: await iteratePaymentPolicies({ actor, list, agencyId, input: query }),
  })

// ---- Staff payment verification ------------------------------------------------------------------

const verificationList = (base: string) =>
  endpoint({
    method: 'GET',
    path: `${base}/getPaymentVerificationPendingPolicies`,
    summary:
      'Policies whose premium payment waits for verification (REQUESTED), with the payment. Filters: search (ref, student name, e-mail, passport), agency_id, provider_id, payment_type; sort_key requested_at | purchased_at | created_at | premium | ref',
    access: staffFinance,
    query: S.VerificationListQuerySchema,
    handler: async ({ actor, query }) =>
      paged(await findPaymentPolicies({ actor, list: { kind: 'verification' }, input: query })),
  })

const staffEndpoints = [
  endpoint({
    method: 'POST',
    path: `${OSHC}/paymentApprove`,
    summary:
      "Approve a PURCHASED policy's waiting payment: payment PAID, policy PAYMENT_APPROVED, commission banked, PREMIUM invoice paid, agency mailed. 403 for the staff member who created or last changed the payment (maker-checker); 409 in any other status",
    access: approvePolicyPayment.access,
    body: S.PaymentApproveSchema,
    handler: async ({ actor, body }) =>
      ok(await approvePolicyPayment({ actor, policyId: body.policyId }), 'Payment approved'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/paymentReject`,
    summary:
      'Reject the waiting payments of one or more PURCHASED policies with a reason (policy PAYMENT_REJECTED, the agency may pay again; parts of a premium already received are held in suspense for a decision, heldInSuspenseCents). All or nothing: one policy in another status is a 409 naming it',
    access: rejectPolicyPayments.access,
    body: S.PaymentRejectSchema,
    handler: async ({ actor, body }) =>
      ok(
        await rejectPolicyPayments({ actor, policyIds: body.policyId, reason: body.reason }),
        body.policyId.length === 1 ? 'Payment rejected' : 'Payments rejected',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/uploadPolicyPaymentProof`,
    summary:
      "Attach an uploaded file (document_url = file key) as the proof of the policy's waiting payment; the uploader may then not approve it",
    access: uploadPolicyPaymentProof.access,
    body: S.UploadPaymentProofSchema,
    handler: async ({ actor, body }) =>
      ok(
        await uploadPolicyPaymentProof({ actor, policyId: body.policy_id, documentUrl: body.document_url }),
        'Payment proof uploaded',
      ),
  }),
  verificationList(OSHC),
  verificationList(OSHC_POLICY),
  endpoint({
    method: 'POST',
    path: `${OSHC_POLICY}/exportPaymentVerificationPendingPolicies`,
    summary:
      'getPaymentVerificationPendingPolicies as CSV or XLSX (format=xlsx), streamed; filters in the query',
    access: staffFinance,
    query: VerificationExport,
    handler: async ({ actor, query }) =>
      paymentExport(actor, { kind: 'verification' }, query, 'payment-verification-pending'),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getOutStandingPolicies`,
    summary:
      'Policies by payment state: tab All | Unpaid (INITIATED, PAYMENT_REJECTED) | Pending (PURCHASED, PAYMENT_BY_BUY_NOW_PAY_LATER) | Paid (PAYMENT_APPROVED, CERTIFICATE_UPLOADED, CERTIFICATE_ISSUED); same filters and sort as the verification list',
    access: staffFinance,
    query: S.OutstandingListQuerySchema,
    handler: async ({ actor, query }) =>
      paged(
        await findPaymentPolicies({ actor, list: { kind: 'outstanding', tab: query.tab }, input: query }),
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/exportOutstandingPolicies`,
    summary: 'getOutStandingPolicies as CSV or XLSX, streamed; filters and tab in the query',
    access: staffFinance,
    query: OutstandingExport,
    handler: async ({ actor, query }) =>
      paymentExport(actor, { kind: 'outstanding', tab: query.tab }, query, 'outstanding-policies'),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getPurchasedPolicies`,
    summary: 'Policies whose payment was approved (PAYMENT_APPROVED and every later status), any agency',
    access: staffFinance,
    query: S.PurchasedListQuerySchema,
    handler: async ({ actor, query }) =>
      paged(await findPaymentPolicies({ actor, list: { kind: 'purchased' }, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/exportPurchasedPolicies`,
    summary: 'getPurchasedPolicies as CSV or XLSX, streamed; filters in the query',
    access: staffFinance,
    query: PurchasedExport,
    handler: async ({ actor, query }) =>
      paymentExport(actor, { kind: 'purchased' }, query, 'purchased-policies'),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getPurchasedPoliciesbyid/{agency_id}/{policy_id}`,
    summary: "One policy's payment picture (payments, commission, PREMIUM invoices)",
    access: staffFinance,
    params: z.object({ agency_id: id(), policy_id: id() }),
    handler: async ({ actor, params }) => {
      const p = await getPendingPaymentPolicy({ actor, policyId: params.policy_id })
      if (p.agency.id !== params.agency_id) throw notFound('Policy')
      return ok(p)
    },
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC_POLICY}/getPolicyBankDocumentsForAdmin/{policy_id}`,
    summary: 'The payment proofs of a policy, newest first, with 5-minute download URLs',
    access: staffFinance,
    params: PolicyIdParam,
    query: S.BankDocumentsQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(
        await getPolicyBankDocuments({
          actor,
          policyId: params.policy_id,
          excludeLatest: query.exclude_latest_document,
        }),
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${OSHC}/getAgencyTopup`,
    summary:
      'Every agency top-up (filters status, agency_id; sort created_at | topup_date | amount | status)',
    access: staffFinance,
    query: S.TopUpListQuerySchema,
    handler: async ({ actor, query }) => paged(await findTopups({ actor, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/exportAgencyTopups`,
    summary: 'getAgencyTopup as CSV or XLSX, streamed; filters in the query',
    access: staffFinance,
    query: TopUpExport,
    handler: async ({ actor, query }) =>
      exportResponse({
        filename: `agency-topups-${businessDate()}`,
        format: query.format,
        columns: TOPUP_EXPORT_COLUMNS,
        rows: await iterateTopups({ actor, input: query }),
      }),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/topUpApprove`,
    summary:
      'Approve a REQUESTED top-up: balance credited (ledger AGENCY_TOPUP), TOPUP invoice paid, agency mailed. 403 for its creator (maker-checker); 409 when not REQUESTED',
    access: approveTopup.access,
    body: S.TopUpApproveSchema,
    handler: async ({ actor, body }) =>
      ok(await approveTopup({ actor, topupId: body.top_up_id }), 'Top-up approved'),
  }),
  endpoint({
    method: 'POST',
    path: `${OSHC}/topUpReject`,
    summary:
      "Reject a REQUESTED top-up with a reason (its invoice is cancelled). Body agencyId + reason rejects the agency's single requested top-up; top_up_id picks one (409 when several wait and none is named)",
    access: rejectTopup.access,
    body: S.TopUpRejectSchema,
    handler: async ({ actor, body }) =>
      ok(
        await rejectTopup({ actor, agencyId: body.agencyId, topUpId: body.top_up_id, reason: body.reason }),
        'Top-up rejected',
      ),
  }),
]

// ---- Agency finance --------------------------------------------------------------------------

type LedgerFinder = (opts: {
  actor: Actor
  agencyId: number
  page: number
  perPage: number
}) => Promise<{ items: unknown[]; pageInfo: PageInfo }>

const ledger = (name: string, summary: string, find: LedgerFinder) =>
  endpoint({
    method: 'GET',
    path: `${AGENCY}/${name}/{agency_id}`,
    summary,
    access: staffOrAgencyFinance,
    params: AgencyIdParam,
    query: S.LedgerQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await find({ actor, agencyId: params.agency_id, page: query.page, perPage: query.perPage })),
  })

const agencyEndpoints = [
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getPendingPaymentPolicies/{agency_id}`,
    summary:
      "The agency's policies to pay or being verified: tab Outstanding (INITIATED, PAYMENT_REJECTED) | Payment_Verification_Pending (PURCHASED) | All",
    access: staffOrAgencyFinance,
    params: AgencyIdParam,
    query: S.AgencyPendingListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(
        await findPaymentPolicies({
          actor,
          list: { kind: 'pending', tab: query.tab },
          agencyId: params.agency_id,
          input: query,
        }),
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/exportPendingPaymentPolicies/{agency_id}`,
    summary: 'getPendingPaymentPolicies as CSV or XLSX, streamed; filters and tab in the query',
    access: staffOrAgencyFinance,
    params: AgencyIdParam,
    query: AgencyPendingExport,
    handler: async ({ actor, params, query }) =>
      paymentExport(actor, { kind: 'pending', tab: query.tab }, query, 'pending-payments', params.agency_id),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getPendingPaymentPolicyById/{policy_id}`,
    summary: "One policy's payment picture: premium, payments newest first, commission, PREMIUM invoices",
    access: staffOrAgencyFinance,
    params: PolicyIdParam,
    handler: async ({ actor, params }) =>
      ok(await getPendingPaymentPolicy({ actor, policyId: params.policy_id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getPurchasedPolicies/{agency_id}`,
    summary: "The agency's policies whose payment was approved (PAYMENT_APPROVED and later)",
    access: staffOrAgencyFinance,
    params: AgencyIdParam,
    query: S.AgencyPurchasedListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(
        await findPaymentPolicies({
          actor,
          list: { kind: 'purchased' },
          agencyId: params.agency_id,
          input: query,
        }),
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/exportPurchasedPolicies/{agency_id}`,
    summary: "The agency's getPurchasedPolicies as CSV or XLSX, streamed",
    access: staffOrAgencyFinance,
    params: AgencyIdParam,
    query: PurchasedExport,
    handler: async ({ actor, params, query }) =>
      paymentExport(actor, { kind: 'purchased' }, query, 'purchased-policies', params.agency_id),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getPurchasedPoliciesbyid/{policy_id}`,
    summary: "One purchased policy's payment picture (same shape as getPendingPaymentPolicyById)",
    access: staffOrAgencyFinance,
    params: PolicyIdParam,
    handler: async ({ actor, params }) =>
      ok(await getPendingPaymentPolicy({ actor, policyId: params.policy_id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY_POLICY}/getPolicyBankDocumentsForAgency/{policy_id}`,
    summary:
      "The payment proofs of one of the agency's policies, newest first, with 5-minute download URLs; exclude_latest_document=true leaves out the newest",
    access: staffOrAgencyFinance,
    params: PolicyIdParam,
    query: S.BankDocumentsQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(
        await getPolicyBankDocuments({
          actor,
          policyId: params.policy_id,
          excludeLatest: query.exclude_latest_document,
        }),
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/balance/{agency_id}`,
    summary:
      'Balance, banked commission (sum of COMMISSION_BANKED commissions), due amount, BNPL allowance and remaining, as AUD decimals',
    access: getAgencyBalance.access,
    params: AgencyIdParam,
    handler: async ({ actor, params }) => ok(await getAgencyBalance({ actor, agencyId: params.agency_id })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getBuyNowPayLaterPercentageRemainingOfAgency/{agency_id}`,
    summary:
      'BNPL allowance, remaining, used and percentage_remaining (two decimals; 0 without an allowance)',
    access: getBnplPercentageRemaining.access,
    params: AgencyIdParam,
    handler: async ({ actor, params }) =>
      ok(await getBnplPercentageRemaining({ actor, agencyId: params.agency_id })),
  }),
  ledger(
    'getAgencyBalanceTransactionForAgency',
    'The agency balance ledger, newest first: signed amount, balance after, type, policy / top-up / invoice',
    findBalanceTransactions,
  ),
  ledger(
    'getBnplTransactionForAgency',
    'The buy-now-pay-later ledger, newest first: signed amount and the allowance remaining after it',
    findBnplTransactions,
  ),
  ledger(
    'getAgencyCommissionTransactionForAgency',
    'Commission per policy (any status) with the policy ref and status, most recently changed first',
    findCommissionTransactions,
  ),
  ledger(
    'getCommissionBankedPolicies',
    'Policies whose commission is banked, with the premium invoice_line_item_id a payout request names',
    findCommissionBankedPolicies,
  ),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/doTopUpByAgency`,
    summary:
      "Request a top-up, always REQUESTED whatever status is sent. BANK: receipt_url = uploaded file key ('Bank document is required'), staff verify it. CARD: a gateway checkout opens; answers checkout.url to send the agency to; the top-up is APPROVED and the balance credited only when the gateway confirms (webhook or return). Answers { invoiceId, topup, checkout? }",
    access: requestTopup.access,
    body: S.TopUpRequestSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Top-up requested',
      data: await requestTopup({ actor, input: body }),
    }),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY}/getAgencyTopup/{agency_id}`,
    summary: "The agency's top-ups (filter status; sort created_at | topup_date | amount | status)",
    access: staffOrAgencyFinance,
    params: AgencyIdParam,
    query: S.TopUpListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await findTopups({ actor, agencyId: params.agency_id, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY}/exportAgencyTopup/{agency_id}`,
    summary: "The agency's top-ups as CSV or XLSX, streamed",
    access: staffOrAgencyFinance,
    params: AgencyIdParam,
    query: TopUpExport,
    handler: async ({ actor, params, query }) =>
      exportResponse({
        filename: `topups-${businessDate()}`,
        format: query.format,
        columns: TOPUP_EXPORT_COLUMNS,
        rows: await iterateTopups({ actor, agencyId: params.agency_id, input: query }),
      }),
  }),
]

/** Staff payment verification, top-ups, agency balance and ledgers (spec/02 7.4-7.5); invoices: invoices.ts. */
export const financeEndpoints: Endpoint[] = [...staffEndpoints, ...agencyEndpoints]
