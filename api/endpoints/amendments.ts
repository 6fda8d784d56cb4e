import { z } from 'zod'
import { endpoint, ok, paged, type Endpoint } from '../define'
import { exportResponse, ExportFormatSchema } from '../export.server'
import { bool, id } from '../../domain/shared/fields'
import { UpdateStudentDetailsSchema } from '../../domain/policies/policies.schemas'
import * as S from '../../domain/amendments/amendments.schemas'
import { initiateAmendment } from '../../domain/amendments/initiate-amendment'
import { handlePolicyAmendment } from '../../domain/amendments/handle-policy-amendment'
import { updateAmendmentPremium } from '../../domain/amendments/update-amendment-premium'
import { updatePolicyPremium } from '../../domain/amendments/update-policy-premium'
import { payAmendment } from '../../domain/amendments/pay-amendment'
import { approveAmendmentPayment } from '../../domain/amendments/approve-amendment-payment'
import { rejectAmendmentPayment } from '../../domain/amendments/reject-amendment-payment'
import { uploadAmendmentDocument } from '../../domain/amendments/upload-amendment-document'
import { getAmendmentDetails } from '../../domain/amendments/get-amendment-details'
import { findAmendmentChangeLogs } from '../../domain/amendments/find-amendment-change-logs'
import { findPolicyAmendments } from '../../domain/amendments/find-policy-amendments'
import { findAmendments } from '../../domain/amendments/find-amendments'
import { findAmendedPolicies } from '../../domain/amendments/find-amended-policies'
import { iterateAmendedPolicies } from '../../domain/amendments/iterate-amended-policies'
import { AMENDMENT_EXPORT_COLUMNS } from '../../domain/amendments/amendment-listing'
import { businessDate } from '../../domain/shared/business-date'

const AGENCY_POLICY = '/agencies/policy-management'
const AGENCY_FINANCE = '/agencies/finance-management'
const STAFF_POLICY = '/oshc/policy-management'
const STAFF_FINANCE = '/oshc/finance-management'

const AmendmentParam = z.object({ amendmentId: id() })
const AmmendmentParam = z.object({ ammendmentId: id() })
const PolicyParam = z.object({ policyId: id() })
const ExportQuery = S.AmendmentListFilterSchema.extend({
  format: ExportFormatSchema,
  amended_only: bool().default(true),
})
/** The /oshc lists: staff only, though their use cases also serve the agency side (narrower is fine). */
const staffLists = { staff: ['policy_management', 'finance'] } as const

const agencyRows = [
  endpoint({
    method: 'POST',
    path: `${AGENCY_POLICY}/initiateAmendment`,
    summary:
      'Open an amendment of a paid policy with its new details (the updateStudentDetails shape: policy_id, customer, partner, family_members, policy, amendment_note). The details are kept apart from the policy until the new certificate; the server reprices them: prev/new/changed premium and commission, payer AGENCY when the premium rises, OSHC when it falls, is_personal_details_changed / is_policy_details_changed. Answers old_premium, new_premium and amendment_id; next step CONFIRM_PREMIUM_BY_ADMIN. 409: not paid, an amendment already open, nothing changes; another agency: 404',
    access: initiateAmendment.access,
    status: 201,
    body: UpdateStudentDetailsSchema,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Amendment initiated',
      data: await initiateAmendment({ actor, input: body }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY_POLICY}/updatePolicyPremium/{amendmentId}`,
    summary:
      'The agency accepts the premium staff confirmed (allow_payment true, premium in AUD equal to it: a different premium is a 409 naming the confirmed one; optional note) or withdraws (allow_payment false: the amendment closes, the policy is untouched). A rise then waits for ammendmentPayment; a fall is credited to the agency balance (AMENDMENT_PAYMENT_RECEIVED) at once. 409 unless the amendment waits for the agency',
    access: updatePolicyPremium.access,
    params: AmendmentParam,
    body: S.UpdatePolicyPremiumSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await updatePolicyPremium({
          actor,
          amendmentId: params.amendmentId,
          premium: body.premium,
          allowPayment: body.allow_payment,
          note: body.note,
        }),
        body.allow_payment ? 'Amended premium accepted' : 'Amendment withdrawn',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY_POLICY}/amendmentDocumentUpload/{amendmentId}`,
    summary:
      'Attach an uploaded file (ammendment_document_url = file key; document_type PAYMENT_DOCUMENT | SUPPORT_DOCUMENT, default SUPPORT_DOCUMENT; addition_note) to an open amendment. Closed amendment: 409',
    access: uploadAmendmentDocument.access,
    status: 201,
    params: AmendmentParam,
    body: S.AmendmentDocumentSchema,
    handler: async ({ actor, params, body }) => ({
      status: 201,
      message: 'Amendment document uploaded',
      data: await uploadAmendmentDocument({ actor, amendmentId: params.amendmentId, input: body }),
    }),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY_POLICY}/getAmendmentDetails/{amendmentId}`,
    summary:
      'One amendment: status, next step, phase, new and previous details with the changes, premiums and commissions (AUD), payer, invoice, payments and documents',
    access: getAmendmentDetails.access,
    params: AmendmentParam,
    handler: async ({ actor, params }) =>
      ok(await getAmendmentDetails({ actor, amendmentId: params.amendmentId })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY_POLICY}/getPolicyAmmendmentChangeLogs/{amendmentId}`,
    summary:
      "An amendment's changes (field, before, after) and its steps on the policy history, oldest first",
    access: findAmendmentChangeLogs.access,
    params: AmendmentParam,
    handler: async ({ actor, params }) =>
      ok(await findAmendmentChangeLogs({ actor, amendmentId: params.amendmentId })),
  }),
  endpoint({
    method: 'GET',
    path: `${AGENCY_POLICY}/getPolicyAmmendmentsHistory/{policyId}`,
    summary: 'Every amendment of a policy, newest first',
    access: findPolicyAmendments.access,
    params: PolicyParam,
    handler: async ({ actor, params }) =>
      ok(await findPolicyAmendments({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'POST',
    path: `${AGENCY_FINANCE}/ammendmentPayment/{ammendmentId}`,
    summary:
      "Pay an accepted amendment's difference: payment_method BANK (bank_document = uploaded file key, 'Bank document is required') -> payment REQUESTED for staff to verify; AGENCY_BALANCE -> balance debited (ledger AMENDMENT_PAYMENT; 409 'Insufficient agency balance'), payment COMPLETED, next step ISSUE_CERTIFICATE; CARD -> answers `checkout` (url of the card gateway's hosted page): the payment completes when the agency returns from it paid. 409 unless the amendment waits for its payment",
    access: payAmendment.access,
    params: AmmendmentParam,
    body: S.AmendmentPaymentSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await payAmendment({
          actor,
          amendmentId: params.ammendmentId,
          paymentMethod: body.payment_method,
          bankDocument: body.bank_document,
        }),
        body.payment_method === 'CARD' ? 'Card checkout opened' : 'Amendment payment recorded',
      ),
  }),
]

const staffRows = [
  endpoint({
    method: 'POST',
    path: `${STAFF_POLICY}/handlePolicyAmendment/{policyId}`,
    summary:
      'Staff open an amendment of a paid policy: amendment_premium (AUD) is the new premium; optional new details (customer and policy together, partner, family_members, amendment_note); without amendment_premium the details are repriced. Waits for the premium to be confirmed (updateAmmendmentPolicyById) like every opening, so invoice_id is null here: the AMENDMENT invoice exists once a rising premium is confirmed. 409: not paid, an amendment open, nothing changes',
    access: handlePolicyAmendment.access,
    status: 201,
    params: PolicyParam,
    body: S.HandlePolicyAmendmentSchema,
    handler: async ({ actor, params, body }) => ({
      status: 201,
      message: 'Amendment initiated',
      data: await handlePolicyAmendment({ actor, policyId: params.policyId, input: body }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF_POLICY}/updateAmmendmentPolicyById`,
    summary:
      'Staff adjust (new_premium, AUD) and/or confirm (is_premium_confirmed_by_admin true) the premium of an amendment waiting for them -> CONFIRM_PREMIUM_BY_AGENCY; a rise gets its AMENDMENT invoice (PREMIUM with amendment_id). Answers invoiceId (null when nothing is payable) and the amendment. is_premium_confirmed_by_agency true is a 400 (the agency confirms itself); other waits: 409. Maker-checker: a premium that differs from the repriced one, or a fall on an amendment staff opened, is confirmed only by staff holding finance who neither opened the amendment nor last set its premium (403 with the reason); whoever adjusts the premium becomes its last setter',
    access: updateAmendmentPremium.access,
    body: S.UpdateAmendmentPremiumSchema,
    handler: async ({ actor, body }) =>
      ok(
        await updateAmendmentPremium({
          actor,
          amendmentId: body.id,
          newPremium: body.new_premium,
          confirm: body.is_premium_confirmed_by_admin,
          confirmByAgency: body.is_premium_confirmed_by_agency,
        }),
        body.is_premium_confirmed_by_admin ? 'Amended premium confirmed' : 'Amended premium updated',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF_POLICY}/rejectAmmendmentPaymentRequest/{ammendmentId}`,
    summary:
      'Reject the bank transfer of an amendment (rejection_reason, or reason; required): payment REJECTED, the amendment payable again. Same use case as the finance path; needs finance. 403 for its submitter; 409 when none waits',
    access: rejectAmendmentPayment.access,
    params: AmmendmentParam,
    body: S.RejectAmendmentPaymentSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await rejectAmendmentPayment({ actor, amendmentId: params.ammendmentId, reason: body.reason }),
        'Amendment payment rejected',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF_FINANCE}/rejectAmmendmentPaymentRequest/{ammendmentId}`,
    summary:
      'Reject the bank transfer of an amendment with a reason (required): payment REJECTED, amendment REJECTED and payable again, agency notified. 403 for its submitter (maker-checker); 409 when no payment waits',
    access: rejectAmendmentPayment.access,
    params: AmmendmentParam,
    body: S.RejectAmendmentPaymentSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await rejectAmendmentPayment({ actor, amendmentId: params.ammendmentId, reason: body.reason }),
        'Amendment payment rejected',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF_FINANCE}/approveAmmendmentPaymentRequest/{ammendmentId}`,
    summary:
      'Verify the bank transfer of an amendment: payment COMPLETED, AMENDMENT invoice paid (BANK), commission adjusted (COMMISSION_BANKED_AMENDMENT_ADJUSTED or PAID_AMENDMENT_ADJUSTED, clawing back what was paid out too much), next step ISSUE_CERTIFICATE. 403 for its submitter; 409 when none waits',
    access: approveAmendmentPayment.access,
    params: AmmendmentParam,
    handler: async ({ actor, params }) =>
      ok(
        await approveAmendmentPayment({ actor, amendmentId: params.ammendmentId }),
        'Amendment payment approved',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${STAFF_POLICY}/getAllAmendmentPolicies`,
    summary:
      'Amendments of every agency: type all | payable | receivable, tab CONFIRM_PREMIUM | PAYMENT_PENDING | AMMEND_POLICY | REFUND | AMMENDED_POLICY, agency_id, policy_id, global_filter; sort created_at | new_premium | changed_premium | status',
    access: staffLists,
    query: S.AmendmentListQuerySchema,
    handler: async ({ actor, query }) => paged(await findAmendments({ actor, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${STAFF_POLICY}/getAmmendedPolicies`,
    summary:
      'Amendments that are done (new certificate uploaded), with the filters of getAllAmendmentPolicies',
    access: staffLists,
    query: S.AmendmentListQuerySchema,
    handler: async ({ actor, query }) => paged(await findAmendedPolicies({ actor, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF_POLICY}/exportAmmendedPolicies`,
    summary:
      'Export (CSV, or XLSX with format=xlsx) of the amended policies; amended_only=false exports every amendment of the filter (getAllAmendmentPolicies)',
    access: staffLists,
    query: ExportQuery,
    handler: async ({ actor, query }) =>
      exportResponse({
        filename: `amended-policies-${businessDate()}`,
        format: query.format,
        columns: AMENDMENT_EXPORT_COLUMNS,
        rows: await iterateAmendedPolicies({ actor, input: query, amendedOnly: query.amended_only }),
      }),
  }),
]

/** Amendments (spec/02 sections 7.1, 7.3, 7.4, 7.5). */
export const amendmentEndpoints: Endpoint[] = [...agencyRows, ...staffRows]
