import { z } from 'zod'
import { endpoint, ok, type Endpoint, paged } from '../define'
import { exportResponse, ExportFormatSchema, type ExportColumn } from '../export.server'
import { id } from '../../domain/shared/fields'
import type { Actor } from '../../domain/shared/actor'
import * as S from '../../domain/policies/policies.schemas'
import { createCustomerDetails } from '../../domain/policies/create-customer-details'
import { updateCustomerDetails } from '../../domain/policies/update-customer-details'
import { savePartnerAndDependants } from '../../domain/policies/save-partner-and-dependants'
import { saveOtherDetails } from '../../domain/policies/save-other-details'
import { initiatePolicy } from '../../domain/policies/initiate-policy'
import { createStudentDetails } from '../../domain/policies/create-student-details'
import { updateStudentDetails } from '../../domain/policies/update-student-details'
import { getOtherDetailsOfCustomer } from '../../domain/policies/get-other-details-of-customer'
import { getPartnersAndDependantsOfCustomer } from '../../domain/policies/get-partners-and-dependants-of-customer'
import { getPersonalInformationOfCustomer } from '../../domain/policies/get-personal-information-of-customer'
import { getStudentDetailByCustomerId } from '../../domain/policies/get-student-detail-by-customer-id'
import { findPolicies } from '../../domain/policies/find-policies'
import { iteratePolicies } from '../../domain/policies/iterate-policies'
import { POLICY_EXPORT_COLUMNS, POLICY_REPORT_COLUMNS } from '../../domain/policies/policy-export-columns'
import type { PolicyListRow, PolicyScope } from '../../domain/policies/policy-listing'
import { searchPolicies } from '../../domain/policies/search-policies'
import { getCustomerDetailByPolicyId } from '../../domain/policies/get-customer-detail-by-policy-id'
import { getCustomerDetailByPolicyRef } from '../../domain/policies/get-customer-detail-by-policy-ref'
import { getPolicyById } from '../../domain/policies/get-policy-by-id'
import { getPolicyDetails } from '../../domain/policies/get-policy-details'
import { getPolicyHistory } from '../../domain/policies/get-policy-history'
import { getPolicyMeta } from '../../domain/policies/get-policy-meta'
import { getPolicyStatuses } from '../../domain/policies/policy-views'
import { archivePolicy } from '../../domain/policies/archive-policy'
import { assignPolicyToAgencyUser } from '../../domain/policies/assign-policy-to-agency-user'
import { assignPolicyToOshcUser } from '../../domain/policies/assign-policy-to-oshc-user'
import { updateUserDefinedStatus } from '../../domain/policies/update-user-defined-status'
import { updateProviderPaymentStatus } from '../../domain/policies/update-provider-payment-status'
import { uploadPolicyCertificate } from '../../domain/policies/upload-policy-certificate'
import { issuePolicyCertificate } from '../../domain/policies/issue-policy-certificate'
import { deletePolicyCertificate } from '../../domain/policies/delete-policy-certificate'
import { downloadCertificate } from '../../domain/policies/download-certificate'
import { getCertificateByPolicyId } from '../../domain/policies/get-certificate-by-policy-id'
import { getPolicyCertificate } from '../../domain/policies/get-policy-certificate'
import { POLICY_READ_AGENCY, POLICY_READ_STAFF } from '../../domain/policies/policy-guards'
import { businessDate } from '../../domain/shared/business-date'

const BASE = '/agencies/policy-management'
const STAFF = '/oshc/policy-management'

/** Policy reads: any agency permission on its own; staff policy_management or finance. */
const readers = { staff: POLICY_READ_STAFF, agency: POLICY_READ_AGENCY } as const

const CustomerIdParam = z.object({ customerId: id() })
const PolicyIdParam = z.object({ policyId: id() })
const AgencyIdParam = z.object({ agency_id: id() })
const ExportQuery = S.PolicyListFilterSchema.extend({ format: ExportFormatSchema })

/** Every policy export: the list's rows with its filters, streamed as CSV or XLSX. */
const exportPolicies = (
  actor: Actor,
  scope: PolicyScope,
  query: z.infer<typeof ExportQuery>,
  name: string,
  columns: ExportColumn<PolicyListRow>[] = POLICY_EXPORT_COLUMNS,
) =>
  iteratePolicies({ actor, scope, query }).then((rows) =>
    exportResponse({
      filename: `${name}-${businessDate()}`,
      format: query.format,
      columns,
      rows,
    }),
  )

const listSummary =
  'query: status[], table (certificates | my_policies | cancellations), email, sortByExpiryDate, sort_key (created_at, start_date, end_date, premium, ref, customer_name, purchased_at), sort_direction (true asc / false desc), country_filter[] (student country), start_date_from/start_date_to and end_date_from/end_date_to (cover dates), created_from/created_to, global_filter (ref, student name, e-mail, passport), provider_filter[], policy_type_filter[], page, perPage'

/** Customers, policies, lists and certificates (spec/02 sections 7.1 and 7.3). */
export const policyEndpoints: Endpoint[] = [
  // ---- Customers and the step-by-step policy ---------------------------------------------------
  endpoint({
    method: 'POST',
    path: `${BASE}/createCustomerDetails`,
    summary:
      'Student personal details; creates the student and a draft policy (PERSONAL_INFORMATION_ADDED). Staff pass agency_id. Answers { customerId, policyId }',
    access: createCustomerDetails.access,
    body: S.CreateCustomerDetailsSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Student details saved',
      data: await createCustomerDetails({ actor, input: body }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/updateCustomerDetails`,
    summary: "Correct a student's personal details (customer_id) before the purchase; 409 afterwards",
    access: updateCustomerDetails.access,
    body: S.UpdateCustomerDetailsSchema,
    handler: async ({ actor, body }) =>
      ok(await updateCustomerDetails({ actor, input: body }), 'Student details updated'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/createOrUpdatePartneAndDependentDetails`,
    summary:
      'Partner and dependants (customer_id, partner, family_members[]) checked against the policy type -> PARTNER_DEPENDANTS_INFORMATION_ADDED',
    access: savePartnerAndDependants.access,
    body: S.PartnerAndDependantsSchema,
    handler: async ({ actor, body }) =>
      ok(await savePartnerAndDependants({ actor, input: body }), 'Partner and dependants saved'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/createOrUpdateCustomerOtherDetails`,
    summary: 'Passport, visa, institute and address (customer_id) -> OTHER_DETAILS_ADDED',
    access: saveOtherDetails.access,
    body: S.OtherDetailsSchema,
    handler: async ({ actor, body }) =>
      ok(await saveOtherDetails({ actor, input: body }), 'Other details saved'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/initiatePolicy`,
    summary:
      'Price the chosen quote (customer_id, insurance_provider_id, policy_type, start_date, end_date, is_policy_number_available, policy_number) and open the PREMIUM invoice -> INITIATED; 409 when a purchase rule protects the quote',
    access: initiatePolicy.access,
    body: S.InitiatePolicySchema,
    handler: async ({ actor, body }) => ok(await initiatePolicy({ actor, input: body }), 'Policy initiated'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/createStudentDetails`,
    summary:
      'Student, partner, dependants and policy at once ({ customer, partner, family_members, policy }; staff add agency_id) -> INITIATED with its PREMIUM invoice. Answers { customerId, policyId, invoiceId }',
    access: createStudentDetails.access,
    body: S.StudentDetailsSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Policy created',
      data: await createStudentDetails({ actor, input: body }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/updateStudentDetails`,
    summary:
      'Replace the details of a policy not bought yet (same shape + policy_id) and price it again. Answers { old_premium, new_premium, policyId, invoiceId }. After the purchase: with amendment_note it opens an amendment instead (as initiateAmendment: old and new price and amendment_id), without it a 409',
    access: updateStudentDetails.access,
    body: S.UpdateStudentDetailsSchema,
    handler: async ({ actor, body }) =>
      ok(await updateStudentDetails({ actor, input: body }), 'Student details updated'),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getPartnersAndDepandantsofCustomer/{customerId}`,
    summary: 'The partner and dependants of a student',
    access: getPartnersAndDependantsOfCustomer.access,
    params: CustomerIdParam,
    handler: async ({ actor, params }) =>
      ok(await getPartnersAndDependantsOfCustomer({ actor, customerId: params.customerId })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getPersonalInformationOfCustomer/{customerId}`,
    summary: 'The personal details of a student',
    access: getPersonalInformationOfCustomer.access,
    params: CustomerIdParam,
    handler: async ({ actor, params }) =>
      ok(await getPersonalInformationOfCustomer({ actor, customerId: params.customerId })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/GetOtherDetailsOfCustomers/{customerId}`,
    summary: 'Passport, visa, institute and address of a student',
    access: getOtherDetailsOfCustomer.access,
    params: CustomerIdParam,
    handler: async ({ actor, params }) =>
      ok(await getOtherDetailsOfCustomer({ actor, customerId: params.customerId })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getStudentDetailByCustomerId/{customerId}`,
    summary: 'The whole student (details, partner, dependants) with the newest policy',
    access: getStudentDetailByCustomerId.access,
    params: CustomerIdParam,
    handler: async ({ actor, params }) =>
      ok(await getStudentDetailByCustomerId({ actor, customerId: params.customerId })),
  }),

  // ---- Lists -------------------------------------------------------------------------------------
  endpoint({
    method: 'GET',
    path: `${BASE}/getPoliciesByStatus/{agency_id}`,
    summary: `The agency's policies (not archived), filtered, sorted and paged; ${listSummary}`,
    access: readers,
    params: AgencyIdParam,
    query: S.PolicyListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await findPolicies({ actor, scope: { agencyId: params.agency_id, archived: false }, query })),
  }),
  // The spec lists the export both as POST getPoliciesByStatus and as POST exportPoliciesByStatus.
  ...['getPoliciesByStatus', 'exportPoliciesByStatus'].map((name) =>
    endpoint({
      method: 'POST',
      path: `${BASE}/${name}/{agency_id}`,
      summary: 'Export of getPoliciesByStatus: the same filters, CSV (or XLSX with format=xlsx), streamed',
      access: readers,
      params: AgencyIdParam,
      query: ExportQuery,
      handler: async ({ actor, params, query }) =>
        exportPolicies(actor, { agencyId: params.agency_id, archived: false }, query, 'policies'),
    }),
  ),
  endpoint({
    method: 'GET',
    path: `${BASE}/getArchivePolicies/{agency_id}`,
    summary: "The agency's archived policies, with the filters of getPoliciesByStatus",
    access: readers,
    params: AgencyIdParam,
    query: S.PolicyListQuerySchema,
    handler: async ({ actor, params, query }) =>
      paged(await findPolicies({ actor, scope: { agencyId: params.agency_id, archived: true }, query })),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/archivePolicy`,
    summary:
      'Archive (is_archived true) or restore a policy; archived policies only show in getArchivePolicies',
    access: archivePolicy.access,
    body: S.ArchivePolicySchema,
    handler: async ({ actor, body }) =>
      ok(
        await archivePolicy({ actor, policyId: body.policy_id, isArchived: body.is_archived }),
        body.is_archived ? 'Policy archived' : 'Policy restored',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${STAFF}/getPoliciesByStatus`,
    summary: `Every agency's policies (not archived); agency_filter[] narrows to agencies; ${listSummary}`,
    access: { staff: POLICY_READ_STAFF },
    query: S.PolicyListQuerySchema,
    handler: async ({ actor, query }) =>
      paged(await findPolicies({ actor, scope: { agencyId: null, archived: false }, query })),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF}/exportPoliciesByStatus`,
    summary: 'Export of the staff getPoliciesByStatus: CSV (or XLSX with format=xlsx), streamed',
    access: { staff: POLICY_READ_STAFF },
    query: ExportQuery,
    handler: async ({ actor, query }) =>
      exportPolicies(actor, { agencyId: null, archived: false }, query, 'policies'),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF}/exportPolicyReportForAdmin`,
    summary:
      'The staff policy report: every policy of every agency, archived ones included, with the filters of the staff getPoliciesByStatus (agency_filter[] too) and the export columns plus agency e-mail, cancellation request and archived; CSV (or XLSX with format=xlsx), streamed',
    access: { staff: POLICY_READ_STAFF },
    query: ExportQuery,
    handler: async ({ actor, query }) =>
      exportPolicies(
        actor,
        { agencyId: null, archived: null },
        query,
        'policy-report',
        POLICY_REPORT_COLUMNS,
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${STAFF}/getArchivePolicies`,
    summary: 'Archived policies of every agency, with the filters of getPoliciesByStatus',
    access: { staff: POLICY_READ_STAFF },
    query: S.PolicyListQuerySchema,
    handler: async ({ actor, query }) =>
      paged(await findPolicies({ actor, scope: { agencyId: null, archived: true }, query })),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF}/exportArchivePolicies`,
    summary: 'Export of getArchivePolicies (staff): CSV (or XLSX with format=xlsx), streamed',
    access: { staff: POLICY_READ_STAFF },
    query: ExportQuery,
    handler: async ({ actor, query }) =>
      exportPolicies(actor, { agencyId: null, archived: true }, query, 'archived-policies'),
  }),
  endpoint({
    method: 'GET',
    path: `${STAFF}/searchPolicies`,
    summary:
      'Search by ref, student name, e-mail or passport; newest first, 20 at a time; cursor = nextCursor of the previous answer (the last id). Answers { data, total, nextCursor }',
    access: searchPolicies.access,
    query: S.SearchPoliciesQuerySchema,
    handler: async ({ actor, query }) => ok(await searchPolicies({ actor, ...query })),
  }),

  // ---- One policy --------------------------------------------------------------------------------
  endpoint({
    method: 'GET',
    path: `${BASE}/getPoliciesDetailsById/{policyId}`,
    summary:
      'The policy with student, family, insurer, payments, invoices, commission, certificates, files, assignees and what may be done now (meta)',
    access: readers,
    params: PolicyIdParam,
    handler: async ({ actor, params }) => ok(await getPolicyDetails({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getPolicyById/{policyId}`,
    summary: 'The policy record (amounts as decimals)',
    access: getPolicyById.access,
    params: PolicyIdParam,
    handler: async ({ actor, params }) => ok(await getPolicyById({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getPolicyHistory/{policyId}`,
    summary: 'The policy timeline (status changes with actor, note and meta), oldest first',
    access: getPolicyHistory.access,
    params: PolicyIdParam,
    handler: async ({ actor, params }) => ok(await getPolicyHistory({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getPolicyMeta/{policyId}`,
    summary: 'Status, label and what may be done now (edit, pay, certificate actions, wizard step)',
    access: getPolicyMeta.access,
    params: PolicyIdParam,
    handler: async ({ actor, params }) => ok(await getPolicyMeta({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getPolicyCertificate/{policyId}`,
    summary: 'Certificates of the policy (agency side: the current one once issued; staff: all)',
    access: getPolicyCertificate.access,
    params: PolicyIdParam,
    handler: async ({ actor, params }) =>
      ok(await getPolicyCertificate({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/downloadCertificate/{policyId}`,
    summary: 'A 5-minute download URL of the current certificate (agency side: once issued, 409 before)',
    access: downloadCertificate.access,
    params: PolicyIdParam,
    handler: async ({ actor, params }) => ok(await downloadCertificate({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/assignPolicyToAgencyUser`,
    summary: 'Agency admin (agency account or user_management) assigns a policy to one of its enabled users',
    access: assignPolicyToAgencyUser.access,
    body: S.AssignAgencyUserSchema,
    handler: async ({ actor, body }) =>
      ok(
        await assignPolicyToAgencyUser({
          actor,
          policyId: body.policy_id,
          agencyUserId: body.assign_to_agency_user,
        }),
        'Policy assigned',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${STAFF}/getPolicieById/{policyId}`,
    summary: 'The policy with everything the staff detail shows (as getPoliciesDetailsById)',
    access: { staff: POLICY_READ_STAFF },
    params: PolicyIdParam,
    handler: async ({ actor, params }) => ok(await getPolicyDetails({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${STAFF}/getCustomerDetailByPolicyId/{policyId}`,
    summary: 'The student, partner and dependants of a policy',
    access: getCustomerDetailByPolicyId.access,
    params: PolicyIdParam,
    handler: async ({ actor, params }) =>
      ok(await getCustomerDetailByPolicyId({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${STAFF}/getCustomerDetailByPolicyRef/{ref}`,
    summary: 'The student, partner and dependants of a policy, by policy reference',
    access: getCustomerDetailByPolicyRef.access,
    params: z.object({ ref: z.string().trim().min(1).max(64) }),
    handler: async ({ actor, params }) => ok(await getCustomerDetailByPolicyRef({ actor, ref: params.ref })),
  }),
  endpoint({
    method: 'GET',
    path: `${STAFF}/getCertificateByPolicyId/{policyId}`,
    summary: 'Every certificate (old and new) of a policy with 5-minute download URLs',
    access: getCertificateByPolicyId.access,
    params: PolicyIdParam,
    handler: async ({ actor, params }) =>
      ok(await getCertificateByPolicyId({ actor, policyId: params.policyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${STAFF}/getPolicyStatuses`,
    summary: 'Policy statuses, user-defined statuses, provider payment and cancellation statuses with labels',
    access: { staff: true, agency: POLICY_READ_AGENCY },
    handler: async () => ok(getPolicyStatuses()),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF}/assignPolicyToOshcUser`,
    summary: 'Assign a policy to an enabled staff user (assign_to = staff user id)',
    access: assignPolicyToOshcUser.access,
    body: S.AssignOshcUserSchema,
    handler: async ({ actor, body }) =>
      ok(
        await assignPolicyToOshcUser({ actor, policyId: body.policy_id, oshcUserId: body.assign_to }),
        'Policy assigned',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF}/updateUserDefinedPolicyStatus`,
    summary: 'Set the working (user-defined) status of a policy',
    access: updateUserDefinedStatus.access,
    body: S.UserDefinedStatusSchema,
    handler: async ({ actor, body }) =>
      ok(
        await updateUserDefinedStatus({ actor, policyId: body.policy_id, status: body.status }),
        'Status updated',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${STAFF}/{policyId}/provider-payment-status`,
    summary:
      'Set how the provider has been paid (query status: BUY_NOW_PAY_LATER, PAID, BOTH, NOT_AVAILABLE)',
    access: updateProviderPaymentStatus.access,
    params: PolicyIdParam,
    query: S.ProviderPaymentStatusQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(
        await updateProviderPaymentStatus({ actor, policyId: params.policyId, status: query.status }),
        'Provider payment status updated',
      ),
  }),

  // ---- Certificates --------------------------------------------------------------------------------
  endpoint({
    method: 'POST',
    path: `${STAFF}/uploadPolicyCertificate/{policyId}`,
    summary:
      'Upload the certificate of a paid policy (certificate_url = uploaded file key, certificate_name, membership_number, policy_number?) -> CERTIFICATE_UPLOADED; the previous one becomes old',
    access: uploadPolicyCertificate.access,
    params: PolicyIdParam,
    body: S.UploadCertificateSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await uploadPolicyCertificate({ actor, policyId: params.policyId, input: body }),
        'Certificate uploaded',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/issuePolicyCertificate/{policyId}`,
    summary:
      'Issue the uploaded certificate -> CERTIFICATE_ISSUED and mail it to the student (shouldSendEmail, default true). With certificate_url (+ certificate_name, membership_number, policy_number?) it uploads first',
    access: issuePolicyCertificate.access,
    params: PolicyIdParam,
    body: S.IssueCertificateSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await issuePolicyCertificate({ actor, policyId: params.policyId, input: body }),
        'Certificate issued',
      ),
  }),
  endpoint({
    method: 'DELETE',
    path: `${BASE}/{policyId}/certificate`,
    summary:
      'Delete a certificate: certificate_type old (a replaced one; certificateId or the newest) or new (the current one; the policy returns to PAYMENT_APPROVED, or PAYMENT_BY_BUY_NOW_PAY_LATER when bought with BNPL)',
    access: deletePolicyCertificate.access,
    params: PolicyIdParam,
    query: S.DeleteCertificateQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(
        await deletePolicyCertificate({
          actor,
          policyId: params.policyId,
          certificateType: query.certificate_type,
          certificateId: query.certificateId,
        }),
        'Certificate deleted',
      ),
  }),
]
