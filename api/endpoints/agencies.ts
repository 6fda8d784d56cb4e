import { z } from 'zod'
import { endpoint, ok, paged } from '../define'
import { exportResponse, ExportFormatSchema } from '../export.server'
import { PageQuerySchema, SortDirectionSchema } from '../../domain/shared/pagination'
import { id } from '../../domain/shared/fields'
import * as S from '../../domain/agencies/agencies.schemas'
import { registerAgency } from '../../domain/agencies/onboarding/register-agency'
import { resendOtp } from '../../domain/agencies/onboarding/resend-otp'
import { verifyAgency } from '../../domain/agencies/onboarding/verify-agency'
import { createAgencyLogin } from '../../domain/agencies/onboarding/create-agency-login'
import { getAgencyBankDetail } from '../../domain/agencies/reads/get-agency-bank-detail'
import { updateAgency } from '../../domain/agencies/onboarding/update-agency'
import { updateAgencyAddress } from '../../domain/agencies/onboarding/update-agency-address'
import { updateAgencyBank } from '../../domain/agencies/onboarding/update-agency-bank'
import { approveAgencyBankChange } from '../../domain/agencies/bank-details/approve-agency-bank-change'
import { RejectBankChangeSchema } from '../../domain/agencies/bank-details/bank-change-decision'
import { rejectAgencyBankChange } from '../../domain/agencies/bank-details/reject-agency-bank-change'
import { findAgencyBankChanges } from '../../domain/agencies/bank-details/find-agency-bank-changes'
import { inviteAgency } from '../../domain/agencies/onboarding/invite-agency'
import { sendAgencyPasswordReset } from '../../domain/agencies/onboarding/send-agency-password-reset'
import { submitRegistrationRequest } from '../../domain/agencies/onboarding/submit-registration-request'
import { updateAdminAgencyStatus } from '../../domain/agencies/onboarding/update-admin-agency-status'
import { updateAgencyStatus } from '../../domain/agencies/onboarding/update-agency-status'
import { updateYourAdmission } from '../../domain/agencies/configuration/update-your-admission'
import { setUsersSecondFactor } from '../../domain/agencies/configuration/set-users-second-factor'
import { UsersSecondFactorSchema } from '../../domain/access/access.schemas'
import { deletePurchaseRule } from '../../domain/agencies/configuration/delete-purchase-rule'
import { findOvhcAgencies } from '../../domain/agencies/ovhc/find-ovhc-agencies'
import { getAgencyConfiguration } from '../../domain/agencies/configuration/get-agency-configuration'
import { getOvhcAgencyConfiguration } from '../../domain/agencies/ovhc/get-ovhc-agency-configuration'
import { updateAgencyCardSurcharge } from '../../domain/agencies/configuration/update-agency-card-surcharge'
import { findOvhcCommissionRanges } from '../../domain/agencies/ovhc/find-ovhc-commission-ranges'
import { updateAgencyOvhcConfiguration } from '../../domain/agencies/ovhc/update-agency-ovhc-configuration'
import { updateOvhcCommissionRange } from '../../domain/agencies/ovhc/update-ovhc-commission-range'
import { upsertAgencyConfiguration } from '../../domain/agencies/configuration/upsert-agency-configuration'
import { upsertAgencyConfigurationV2 } from '../../domain/agencies/configuration/upsert-agency-configuration-v2'
import { getAgencyDocument } from '../../domain/agencies/onboarding/get-agency-document'
import { sendAgreement } from '../../domain/agencies/onboarding/send-agreement'
import { uploadSignedAgreement } from '../../domain/agencies/onboarding/upload-signed-agreement'
import { uploadUnsignedAgreement } from '../../domain/agencies/onboarding/upload-unsigned-agreement'
import { getAgency } from '../../domain/agencies/reads/get-agency'
import { getAgencyHistories } from '../../domain/agencies/reads/get-agency-histories'
import { AGENCY_EXPORT_COLUMNS, iterateAgencies } from '../../domain/agencies/reads/iterate-agencies'
import { findAgencies } from '../../domain/agencies/reads/find-agencies'
import { findAllAgencies } from '../../domain/agencies/reads/find-all-agencies'
import { findInvitedAgencies } from '../../domain/agencies/reads/find-invited-agencies'

const BASE = '/agencies/agency-management'
const USERS_BASE = '/agencies/user-management'
const AM = ['agency_management'] as const

const AgencyIdParam = z.object({ agencyId: id() })
const IdParam = z.object({ id: id() })
const ListQuery = S.AgencyListQuerySchema.extend({ sort_direction: SortDirectionSchema }).merge(
  PageQuerySchema,
)
const ExportQuery = S.AgencyListQuerySchema.extend({
  sort_direction: SortDirectionSchema,
  format: ExportFormatSchema,
})

/** Reads offered at both bases (spec/01 lists them under user-management too). */
const sharedReads = (base: string) => [
  endpoint({
    method: 'GET',
    path: `${base}/getAgency`,
    summary: 'An agency by e-mail or id',
    access: getAgency.access,
    query: S.GetAgencyQuerySchema,
    handler: async ({ actor, query }) => ok(await getAgency({ actor, ...query })),
  }),
  endpoint({
    method: 'GET',
    path: `${base}/getAgencyConfiguration/{agencyId}`,
    summary: 'Provider configuration, BNPL meta, purchase rules, payment methods and surcharge',
    access: getAgencyConfiguration.access,
    params: AgencyIdParam,
    handler: async ({ actor, params }) =>
      ok(await getAgencyConfiguration({ actor, agencyId: params.agencyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${base}/getAgencyDocument/{agencyId}`,
    summary: 'Agreement documents with presigned URLs',
    access: getAgencyDocument.access,
    params: AgencyIdParam,
    handler: async ({ actor, params }) => ok(await getAgencyDocument({ actor, agencyId: params.agencyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${base}/getAgencyHistories/{agencyId}`,
    summary: 'The agency timeline',
    access: getAgencyHistories.access,
    params: AgencyIdParam,
    handler: async ({ actor, params }) => ok(await getAgencyHistories({ actor, agencyId: params.agencyId })),
  }),
]

export const agencyEndpoints = [
  endpoint({
    method: 'POST',
    path: `${BASE}/registerAgency`,
    summary: 'Public agency registration (or completion of an invitation)',
    access: { public: true },
    body: S.RegisterAgencySchema,
    status: 201,
    handler: async ({ body, clientIp }) => ({
      status: 201,
      message: 'Registration received. We have e-mailed you a verification code.',
      data: await registerAgency({ input: body, clientIp }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/sendInvitation`,
    summary: 'Invite an agency by e-mail',
    access: inviteAgency.access,
    body: S.InvitationSchema,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Invitation sent',
      data: await inviteAgency({ actor, email: body.email, mainBranchEmail: body.mainBranchEmail }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/resendOtp`,
    summary: 'Send a new one-time code',
    access: { public: true },
    body: S.AgencyIdBodySchema,
    handler: async ({ body }) => ({ message: 'A new code has been sent', data: await resendOtp(body) }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/verifyAgency`,
    summary: 'Verify the e-mail with the one-time code',
    access: { public: true },
    body: S.VerifyAgencySchema,
    handler: async ({ body, clientIp }) => ({
      message: 'E-mail verified',
      data: await verifyAgency({ ...body, clientIp }),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/createAgencyInCognito`,
    summary: 'Create the agency login and mail a temporary password',
    access: { public: true },
    body: S.CreateLoginSchema,
    handler: async ({ body }) => ({
      message: 'Login created. Your temporary password has been e-mailed.',
      data: await createAgencyLogin(body),
    }),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/updateAgency/{agencyId}`,
    summary: 'Company details (step one)',
    access: updateAgency.access,
    params: AgencyIdParam,
    body: S.UpdateAgencySchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateAgency({ actor, agencyId: params.agencyId, input: body }), 'Company details saved'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/updateAgencyAddress/{agencyId}`,
    summary: 'Address and contact e-mails (step two)',
    access: updateAgencyAddress.access,
    params: AgencyIdParam,
    body: S.UpdateAgencyAddressSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateAgencyAddress({ actor, agencyId: params.agencyId, input: body }), 'Address saved'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/setUsersSecondFactor`,
    summary: "Require (or stop requiring) a second factor of the caller's agency users",
    access: setUsersSecondFactor.access,
    body: UsersSecondFactorSchema,
    handler: async ({ actor, body }) => ok(await setUsersSecondFactor({ actor, required: body.required })),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/updateAgencyBank/{agencyId}`,
    summary: 'Bank details (last company step)',
    access: updateAgencyBank.access,
    params: AgencyIdParam,
    body: S.UpdateAgencyBankSchema,
    handler: async ({ actor, params, body }) => {
      const saved = await updateAgencyBank({ actor, agencyId: params.agencyId, input: body })
      return ok(
        saved,
        saved.bank_change
          ? 'Bank details change sent to our finance team for verification'
          : 'Bank details saved',
      )
    },
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/findAgencyBankChanges`,
    summary:
      'Payout details for staff to resolve: pending bank-detail changes, GST without ABN, renames (not in the specification)',
    access: findAgencyBankChanges.access,
    handler: async ({ actor }) => ok(await findAgencyBankChanges({ actor })),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/approveAgencyBankChange/{id}`,
    summary:
      'Verify a pending payout-details change (staff finance, not its requester; not in the specification)',
    access: approveAgencyBankChange.access,
    params: IdParam,
    handler: async ({ actor, params }) =>
      ok(await approveAgencyBankChange({ actor, changeId: params.id }), 'Bank details verified'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/rejectAgencyBankChange/{id}`,
    summary:
      'Reject a pending payout-details change (staff finance, not its requester; not in the specification)',
    access: rejectAgencyBankChange.access,
    params: IdParam,
    body: RejectBankChangeSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await rejectAgencyBankChange({ actor, changeId: params.id, input: body }),
        'Bank details change rejected',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/submitAgencyRegistrationRequest`,
    summary: 'Submit the completed registration to staff',
    access: submitRegistrationRequest.access,
    body: S.AgencyIdBodySchema,
    handler: async ({ actor, body }) =>
      ok(
        await submitRegistrationRequest({ actor, agencyId: body.agencyId }),
        'Registration request submitted',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/updateAgencyStatus/{agencyId}`,
    summary: 'Agency-side status update (its allowed subset, along the onboarding machine)',
    access: updateAgencyStatus.access,
    params: AgencyIdParam,
    body: S.AgencyStatusSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateAgencyStatus({ actor, agencyId: params.agencyId, status: body.status })),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/updateAdminAgencyStatus/{agencyId}`,
    summary: 'Staff set any status (a reason is required off the ordinary activation and deactivation)',
    access: updateAdminAgencyStatus.access,
    params: AgencyIdParam,
    body: S.AdminAgencyStatusSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await updateAdminAgencyStatus({
          actor,
          agencyId: params.agencyId,
          status: body.status,
          reason: body.reason,
        }),
        'Status updated',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/updateAgencyStatusForYourAdmission/{id}`,
    summary: 'Enable or disable the admission service for an agency',
    access: updateYourAdmission.access,
    params: IdParam,
    body: S.YourAdmissionSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateYourAdmission({ actor, agencyId: params.id, active: body.is_yourAdmission_active })),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/upsertAgencyConfiguration`,
    summary: 'Commission, credit and BNPL for one provider',
    access: upsertAgencyConfiguration.access,
    body: S.UpsertConfigurationSchema,
    handler: async ({ actor, body }) =>
      ok(await upsertAgencyConfiguration({ actor, input: body }), 'Configuration saved'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/upsertAgencyConfigurationV2`,
    summary: 'Whole agency configuration: providers, payment methods, OVHC, purchase rules, BNPL amount',
    access: upsertAgencyConfigurationV2.access,
    body: S.UpsertConfigurationV2Schema,
    handler: async ({ actor, body }) =>
      ok(await upsertAgencyConfigurationV2({ actor, input: body }), 'Configuration saved'),
  }),
  endpoint({
    method: 'DELETE',
    path: `${BASE}/deletePurchaseRule`,
    summary: 'Delete a purchase rule',
    access: deletePurchaseRule.access,
    body: S.DeletePurchaseRuleSchema,
    handler: async ({ actor, body }) =>
      ok(await deletePurchaseRule({ actor, input: body }), 'Purchase rule deleted'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/updateAgencyCardSurcharge`,
    summary: 'Turn the card surcharge on or off',
    access: updateAgencyCardSurcharge.access,
    body: S.CardSurchargeSchema,
    handler: async ({ actor, body }) => ok(await updateAgencyCardSurcharge({ actor, input: body })),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/uploadUnsignedAgencyAgreementDocument/{agencyId}`,
    summary: 'Attach the unsigned agreement (uploaded first through the file calls)',
    access: uploadUnsignedAgreement.access,
    params: AgencyIdParam,
    body: S.AgreementUploadSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await uploadUnsignedAgreement({ actor, agencyId: params.agencyId, input: body }),
        'Agreement uploaded',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/sendUnsignedAgencyAgreementDocumentToAgency/{agencyId}`,
    summary: 'Send the agreement to the agency (AGREEMENT_SENT)',
    access: sendAgreement.access,
    params: AgencyIdParam,
    handler: async ({ actor, params }) =>
      ok(await sendAgreement({ actor, agencyId: params.agencyId }), 'Agreement sent'),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/uploadSignedAgencyAgreementDocument/{agencyId}`,
    summary: 'Attach the signed agreement (AGREEMENT_SIGNED)',
    access: uploadSignedAgreement.access,
    params: AgencyIdParam,
    body: S.AgreementUploadSchema,
    handler: async ({ actor, params, body }) =>
      ok(
        await uploadSignedAgreement({ actor, agencyId: params.agencyId, input: body }),
        'Signed agreement uploaded',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/sendPasswordResetEmail/{agencyId}`,
    summary: 'Mail the agency a password reset link',
    access: sendAgencyPasswordReset.access,
    params: AgencyIdParam,
    handler: async ({ actor, params }) =>
      ok(await sendAgencyPasswordReset({ actor, agencyId: params.agencyId }), 'Password reset e-mail sent'),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/agenciesByStatus`,
    summary: 'Agencies filtered by status list, country, creation type, dates and text',
    access: { staff: AM },
    query: ListQuery,
    handler: async ({ actor, query }) => paged(await findAgencies({ actor, ...query })),
  }),
  endpoint({
    method: 'POST',
    path: `${BASE}/exportAgenciesReport`,
    summary: 'The agenciesByStatus list as CSV or XLSX (format=xlsx), streamed',
    access: { staff: AM },
    query: ExportQuery,
    handler: async ({ actor, query }) =>
      exportResponse({
        filename: 'agencies',
        format: query.format,
        columns: AGENCY_EXPORT_COLUMNS,
        rows: iterateAgencies({ actor, ...query }),
      }),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getAgencyBankDetail/{agencyId}`,
    summary: 'Bank details of an agency',
    access: getAgencyBankDetail.access,
    params: AgencyIdParam,
    handler: async ({ actor, params }) => ok(await getAgencyBankDetail({ actor, agencyId: params.agencyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getAllAgencies`,
    summary: 'Every agency (id, name, e-mail, status)',
    access: { staff: AM },
    handler: async ({ actor }) => ok(await findAllAgencies({ actor })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getInvitedAgencies`,
    summary: 'Invited and referred agencies',
    access: { staff: AM },
    query: z
      .object({
        filter_key: z.enum(['pending', 'registered', 'all']).default('all'),
        global_filter: z.string().trim().max(256).optional(),
        sort_key: z.enum(['created_at', 'email'], { error: 'Unknown sort key' }).default('created_at'),
        sort_direction: SortDirectionSchema,
      })
      .merge(PageQuerySchema),
    handler: async ({ actor, query }) => paged(await findInvitedAgencies({ actor, ...query })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getOvhcAgencyConfiguration/{agencyId}`,
    summary: 'OVHC commissions of an agency',
    access: getOvhcAgencyConfiguration.access,
    params: AgencyIdParam,
    handler: async ({ actor, params }) =>
      ok(await getOvhcAgencyConfiguration({ actor, agencyId: params.agencyId })),
  }),
  endpoint({
    method: 'GET',
    path: `${BASE}/getAllOvhcAgencyConfiguration`,
    summary: 'OVHC commissions of every active agency',
    access: findOvhcAgencies.access,
    handler: async ({ actor }) => ok(await findOvhcAgencies({ actor, returnBankDetails: false })),
  }),
  endpoint({
    method: 'GET',
    path: '/agencies/ovhc/agencyForOvhc',
    summary: 'Active agencies with OVHC commissions (and bank details when returnBankDetailsFlag=TRUE)',
    access: findOvhcAgencies.access,
    query: z.object({ returnBankDetailsFlag: z.enum(['TRUE', 'FALSE']).default('FALSE') }),
    handler: async ({ actor, query }) =>
      ok(await findOvhcAgencies({ actor, returnBankDetails: query.returnBankDetailsFlag === 'TRUE' })),
  }),
  endpoint({
    method: 'GET',
    path: '/agencies/ovhc/agencyForOvhcById/{id}',
    summary: 'One agency with OVHC commissions and bank details',
    access: findOvhcAgencies.access,
    params: IdParam,
    handler: async ({ actor, params }) =>
      ok((await findOvhcAgencies({ actor, returnBankDetails: true, agencyId: params.id }))[0]),
  }),
  endpoint({
    method: 'POST',
    path: '/agencies/ovhc/updateAgencyOvhcConfiguration',
    summary:
      'Set an OVHC commission: staff for any agency (agency_id), an agency with finance for itself within the range staff allow for the provider',
    access: updateAgencyOvhcConfiguration.access,
    body: S.OvhcConfigurationSchema,
    handler: async ({ actor, body }) => ok(await updateAgencyOvhcConfiguration({ actor, input: body })),
  }),
  endpoint({
    method: 'GET',
    path: '/agencies/ovhc/getOvhcCommissionRanges',
    summary: 'The OVHC commission range agencies may choose from, per provider (not in the specification)',
    access: findOvhcCommissionRanges.access,
    handler: async ({ actor }) => ok(await findOvhcCommissionRanges({ actor })),
  }),
  endpoint({
    method: 'POST',
    path: '/agencies/ovhc/updateOvhcCommissionRange',
    summary: "Set a provider's OVHC commission range for agencies (staff; not in the specification)",
    access: updateOvhcCommissionRange.access,
    body: S.OvhcCommissionRangeSchema,
    handler: async ({ actor, body }) =>
      ok(await updateOvhcCommissionRange({ actor, input: body }), 'OVHC commission range saved'),
  }),
  ...sharedReads(BASE),
  ...sharedReads(USERS_BASE),
]
