import isVATExport from 'validator/lib/isVAT'
import { z } from 'zod'
import {
  bool,
  email,
  hasNoScriptScheme,
  id,
  isoDate,
  list,
  MAX_AMOUNT,
  optionalId,
  optionalText,
  rate,
  requiredText,
  text,
  WEB_URL_MSG,
} from '../shared/fields'
import { AGENCY_SIDE_STATUSES, AGENCY_STATUSES } from './agencies.rules'

/** spec/01 section 5: "contact_number: required, 2 to 256 (message: contact number is required.)". */
export const CONTACT_NUMBER_REQUIRED = 'contact number is required.'
const contactNumber = () => requiredText(2, 256, CONTACT_NUMBER_REQUIRED)

export const RegisterAgencySchema = z.object({
  full_company_name: text(2, 256),
  full_company_address: text(2, 256),
  contact_person: text(2, 256),
  email: email(),
  contact_number: contactNumber(),
  country_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('country_id is required')),
  has_accepted_terms_and_privacy_policy: z.preprocess(
    (v) => v === true || v === 'true' || v === 'on',
    z.literal(true, { error: 'Please accept the terms and privacy policy' }),
  ),
  recaptcha_token: requiredText(1, 4096, 'recaptcha_token is required'),
  token: z.string().optional(),
  invitation: bool().optional(),
})
export type RegisterAgencyInput = z.infer<typeof RegisterAgencySchema>

export const InvitationSchema = z.object({
  email: email(),
  mainBranchEmail: email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
})
export const AgencyIdBodySchema = z.object({ agencyId: id() })
export const VerifyAgencySchema = z.object({
  agencyId: id(),
  otp: requiredText(1, 6, 'otp is required').regex(/^\d{6}$/, 'The code has 6 digits'),
})
export const CreateLoginSchema = z.object({ email: email() })

export const UpdateAgencySchema = z.object({
  full_company_name: text(2, 256),
  full_company_address: text(2, 256),
  contact_person: text(2, 256),
  country_id: id('country_id is required'),
  contact_number: contactNumber(),
  // A file key or an http(s) address of the picture; never `javascript:` or `data:`.
  profile_image: optionalText(512).refine(hasNoScriptScheme, WEB_URL_MSG),
})

export const UpdateAgencyAddressSchema = z.object({
  street_address_1: text(2, 256),
  street_address_2: optionalText(256),
  city_id: optionalId(),
  state_id: optionalId(),
  post_code: text(2, 256),
  policy_comms_email: email(),
  finance_comms_email: email(),
})

export const ABN_INVALID = 'This ABN is not valid: it must be 11 digits that pass the ABN checksum'
export const GST_NEEDS_ABN = 'GST registration needs a valid ABN'

// validator's lib files are CommonJS setting `exports.default`: bundlers (Vite, tsx) hand over the
// function, Node's own ESM import of the production server build the exports object.
const isVAT = (isVATExport as unknown as { default?: typeof isVATExport }).default ?? isVATExport

/** An ABN passes the Australian Business Register's checksum (validator's isVAT for AU). */
export const isValidAbn = (abn: string) => isVAT(abn.replace(/\s+/g, ''), 'AU')

export const UpdateAgencyBankSchema = z
  .object({
    bank: text(2, 256),
    bank_account_name: text(2, 256),
    account_number: text(2, 256),
    abn: optionalText(256),
    bsb: optionalText(256),
    swift_code: optionalText(256),
    is_gst_registered: bool().default(false),
  })
  // GST is added to payouts only for a registration we can check: an ABN that passes the checksum.
  .superRefine((v, ctx) => {
    if (v.abn && !isValidAbn(v.abn)) ctx.addIssue({ code: 'custom', path: ['abn'], message: ABN_INVALID })
    else if (v.is_gst_registered && !v.abn)
      ctx.addIssue({ code: 'custom', path: ['abn'], message: GST_NEEDS_ABN })
  })

export const AgencyStatusSchema = z.object({
  status: z.enum(AGENCY_SIDE_STATUSES, { error: 'Invalid status' }),
})
export const AdminAgencyStatusSchema = z.object({
  status: z.enum(AGENCY_STATUSES, { error: 'Invalid status' }),
  // Required when the status is not an ordinary staff step (the use case says which): it is the
  // note of the audit row.
  reason: optionalText(1000),
})

export const AgreementUploadSchema = z.object({
  agreement_id: optionalText(256),
  file_path: text(2, 512),
  date: isoDate().optional(),
  filename: text(2, 100),
})

const commissionRate = rate(0, 100, 'Commission rate must be more than 0%', 'must be at most 100', true)
export const CURRENCIES = ['AUD', 'NPR', 'USD', 'INR'] as const
export const POLICY_TYPES = ['SINGLE', 'FAMILY', 'SINGLE_PARENT', 'COUPLE'] as const
export const PAYMENT_METHOD_KEYS = ['nexpay', 'bank', 'card', 'agency_balance', 'bnpl'] as const

export const UpsertConfigurationSchema = z.object({
  agency_id: id(),
  insurance_provider_id: id(),
  commission_rate: commissionRate,
  credit_amount: z.coerce
    .number({ error: 'Not a number' })
    .min(0, 'must be at least 0')
    .max(10000, 'must be at most 10000')
    .default(0),
  credit_currency: z.enum(CURRENCIES).default('AUD'),
  is_buy_now_pay_later_enabled: bool().default(false),
})

export const PaymentMethodConfigSchema = z.object({
  payment_method: z.enum(PAYMENT_METHOD_KEYS),
  is_payment_method_enabled: bool().default(true),
  commission_rate: rate(
    0,
    100,
    'Commission rate must be greater or equals to zero',
    'Commission rate must be less than 100',
    false,
    true,
  ),
})

export const PurchaseRuleSchema = z.object({
  id: id().optional(),
  should_buy_insurance_provider_id: id(),
  should_buy_policy_type: z.enum(POLICY_TYPES),
  should_buy_quantity: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(10000, 'must be at most 10000'),
  can_buy_policy_type: z.enum(POLICY_TYPES),
  can_buy_insurance_provider_id: id(),
})

/** spec/01 section 5: an OVHC commission is above 0 and below 100. */
const ovhcRate = () =>
  rate(0, 100, 'Commission rate must be more than 0', 'Commission rate must be less than 100', true, true)
export const OvhcCommissionSchema = z.object({ provider_id: id(), commission_rate: ovhcRate() })

export const UpsertConfigurationV2Schema = z.object({
  agency_Id: id(),
  buy_now_pay_later_amount: z.preprocess(
    // Blank (or spaces) is "not given", not a zero allowance.
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.coerce
      .number({ error: 'Buy Now Pay Later amount is required' })
      .min(0, 'must be at least 0')
      .max(MAX_AMOUNT, 'Buy Now Pay Later amount must be at most 1,000,000.00'),
  ),
  paymentBasedConfigs: z
    .array(
      z.object({
        insurance_provider_id: id(),
        commission_rate: commissionRate,
        is_buy_now_pay_later_enabled: bool().default(false),
        credit_amount: z.coerce
          .number()
          .min(0, 'must be at least 0')
          .max(10000, 'must be at most 10000')
          .default(0),
        credit_currency: z.enum(CURRENCIES).default('AUD'),
        paymentMethods: z.array(PaymentMethodConfigSchema).default([]),
      }),
    )
    .default([]),
  ovhcData: z.array(OvhcCommissionSchema).default([]),
  purchase_rule: z.array(PurchaseRuleSchema).default([]),
})

export const DeletePurchaseRuleSchema = z.object({ agency_id: id(), purchase_rule_id: id() })
export const CardSurchargeSchema = z.object({ agency_id: id(), is_card_surcharge_enabled: bool() })
export const YourAdmissionSchema = z.object({ is_yourAdmission_active: bool() })
export const OvhcConfigurationSchema = OvhcCommissionSchema.extend({ agency_id: id().optional() })

/** The OVHC commission range staff allow agencies for one provider (within the spec's 0..100). */
export const OvhcCommissionRangeSchema = z
  .object({ provider_id: id(), min_rate: ovhcRate(), max_rate: ovhcRate() })
  .refine((v) => Number(v.min_rate) <= Number(v.max_rate), {
    path: ['max_rate'],
    message: 'The maximum rate must not be below the minimum rate',
  })

export const AGENCY_SORT_KEYS = [
  'created_at',
  'updated_at',
  'full_company_name',
  'email',
  'status',
  'contact_person',
] as const
export const AgencyListQuerySchema = z.object({
  status: list(z.enum(AGENCY_STATUSES, { error: 'Invalid status' })).default([]),
  sort_key: z.enum(AGENCY_SORT_KEYS, { error: 'Unknown sort key' }).default('created_at'),
  country_filter: list(id()).default([]),
  creation_type_filter: list(z.enum(['SELF_SIGNUP', 'INVITATION', 'REFERRAL'])).default([]),
  start_date_filter: isoDate().optional(),
  end_date_filter: isoDate().optional(),
  global_filter: z.string().trim().max(256).optional(),
  agency_filter: list(id()).default([]),
})

export const GetAgencyQuerySchema = z
  .object({ email: z.string().trim().toLowerCase().optional(), id: id().optional() })
  .refine((q) => q.email || q.id, { message: 'Please provide either email or id', path: ['email'] })

export const ReferralSchema = z.object({
  referred_to_agency_name: text(2, 256),
  referred_to_agency_email: email(),
})
export const ChangeReferralSchema = z.object({
  is_referring_paid: bool().optional(),
  referring_payment_document: optionalText(512),
  is_referred_paid: bool().optional(),
  referred_payment_document: optionalText(512),
})
