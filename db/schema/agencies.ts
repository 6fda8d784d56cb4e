import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { timestamps } from './common'
import { AGENCY_STATUSES, CURRENCIES, POLICY_TYPES } from './enums'
import { identities } from './identity'
import { cities, countries, insuranceProviders, states } from './reference'

export { AGENCY_STATUSES }
export const agencyStatus = pgEnum('agency_status', AGENCY_STATUSES)
export const creationType = pgEnum('creation_type', ['SELF_SIGNUP', 'INVITATION', 'REFERRAL'])
export const currency = pgEnum('currency', CURRENCIES)
export const policyType = pgEnum('policy_type', POLICY_TYPES)
export const paymentMethodKey = pgEnum('payment_method_key', [
  'nexpay',
  'bank',
  'card',
  'agency_balance',
  'bnpl',
])
export const referralStatus = pgEnum('referral_status', ['ACTIVE', 'PAID', 'PENDING'])

/** The text agency search matches: name, e-mail, contact person and phone. */
export const agencySearchText = (t: {
  full_company_name: AnyPgColumn
  email: AnyPgColumn
  contact_person: AnyPgColumn
  contact_number: AnyPgColumn
}) =>
  sql`(coalesce(${t.full_company_name}, '') || ' ' || ${t.email} || ' ' || coalesce(${t.contact_person}, '') || ' ' || coalesce(${t.contact_number}, ''))`

export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    identity_id: integer('identity_id').references(() => identities.id),
    full_company_name: text('full_company_name'),
    full_company_address: text('full_company_address'),
    contact_person: text('contact_person'),
    email: text('email').notNull(),
    is_email_verified: boolean('is_email_verified').notNull().default(false),
    is_request_submitted: boolean('is_request_submitted').notNull().default(false),
    status: agencyStatus('status').notNull().default('PENDING'),
    creation_type: creationType('creation_type').notNull().default('SELF_SIGNUP'),
    policy_comms_email: text('policy_comms_email'),
    finance_comms_email: text('finance_comms_email'),
    /** The agency's users must set up a second factor (issue 24; its user_management decides). */
    users_need_second_factor: boolean('users_need_second_factor').notNull().default(false),
    contact_number: text('contact_number'),
    profile_image: text('profile_image'),
    street_address_1: text('street_address_1'),
    street_address_2: text('street_address_2'),
    country_id: integer('country_id').references(() => countries.id),
    state_id: integer('state_id').references(() => states.id),
    city_id: integer('city_id').references(() => cities.id),
    post_code: text('post_code'),
    is_verfied: boolean('is_verfied').notNull().default(false),
    is_yourAdmission_active: boolean('is_yourAdmission_active').notNull().default(false),
    is_card_surcharge_enabled: boolean('is_card_surcharge_enabled').notNull().default(false),
    verification_date: timestamp('verification_date', { withTimezone: true }),
    main_branch_email: text('main_branch_email'),
    invitation_token_hash: text('invitation_token_hash'),
    referred_by_id: integer('referred_by_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('agencies_email_lower_idx').on(sql`lower(${t.email})`),
    index('agencies_status_created_idx').on(t.status, t.created_at),
    index('agencies_country_idx').on(t.country_id),
    index('agencies_creation_type_idx').on(t.creation_type),
    index('agencies_name_idx').on(t.full_company_name),
    index('agencies_created_idx').on(t.created_at),
    // Text search (global_filter) is one ILIKE '%…%' over this expression: one trigram index
    // scan, which the planner prefers to a sequential scan where four OR-ed ones lose.
    index('agencies_search_trgm_idx').using('gin', sql`${agencySearchText(t)} gin_trgm_ops`),
  ],
)

/** One-time e-mail codes, stored as HMAC-SHA256 (never the code). */
export const agencyOtps = pgTable(
  'agency_otps',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    code_hmac: text('code_hmac').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    used_at: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('agency_otps_agency_idx').on(t.agency_id, t.created_at)],
)

export const agencyBankDetails = pgTable('agency_bank_details', {
  agency_id: integer('agency_id')
    .primaryKey()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  is_gst_registered: boolean('is_gst_registered').notNull().default(false),
  abn: text('abn'),
  bsb: text('bsb'),
  swift_code: text('swift_code'),
  bank: text('bank').notNull(),
  bank_account_name: text('bank_account_name').notNull(),
  account_number: text('account_number').notNull(),
  ...timestamps,
})

/**
 * A change of payout details (bank account, BSB, GST status) asked for after activation: held
 * PENDING until staff with finance verify it (maker-checker); payouts keep reading
 * agency_bank_details, the last verified account, until it is APPROVED. One PENDING per agency; a
 * newer request SUPERSEDES the older. `before`/`after` are agency_bank_details field maps.
 */
export const agencyBankDetailChanges = pgTable(
  'agency_bank_detail_changes',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'PENDING' | 'APPROVED' | 'REJECTED' | 'SUPERSEDED'>()
      .notNull()
      .default('PENDING'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    requested_by: integer('requested_by').references(() => identities.id),
    decided_by: integer('decided_by').references(() => identities.id),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    rejection_reason: text('rejection_reason'),
    ...timestamps,
  },
  (t) => [
    check(
      'agency_bank_detail_changes_status_check',
      sql`${t.status} in ('PENDING', 'APPROVED', 'REJECTED', 'SUPERSEDED')`,
    ),
    uniqueIndex('agency_bank_detail_changes_one_pending_idx')
      .on(t.agency_id)
      .where(sql`${t.status} = 'PENDING'`),
    index('agency_bank_detail_changes_status_idx').on(t.status, t.created_at),
  ],
)

export const agencyDocuments = pgTable('agency_documents', {
  agency_id: integer('agency_id')
    .primaryKey()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  agreement_id: text('agreement_id'),
  unsigned_agreement: text('unsigned_agreement'),
  unsigned_agreement_date: date('unsigned_agreement_date'),
  unsigned_agreement_filename: text('unsigned_agreement_filename'),
  signed_agreement: text('signed_agreement'),
  signed_agreement_date: date('signed_agreement_date'),
  signed_agreement_filename: text('signed_agreement_filename'),
  is_unsigned_agreement_sent: boolean('is_unsigned_agreement_sent').notNull().default(false),
  ...timestamps,
})

/** Commission, BNPL and credit per (agency, insurance provider). */
export const agencyConfigurations = pgTable(
  'agency_configurations',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    insurance_provider_id: integer('insurance_provider_id')
      .notNull()
      .references(() => insuranceProviders.id),
    is_buy_now_pay_later_enabled: boolean('is_buy_now_pay_later_enabled').notNull().default(false),
    commission_rate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull(),
    credit_amount: numeric('credit_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    credit_currency: currency('credit_currency').notNull().default('AUD'),
    ...timestamps,
  },
  (t) => [uniqueIndex('agency_configurations_agency_provider_idx').on(t.agency_id, t.insurance_provider_id)],
)

export const agencyPaymentMethodConfigs = pgTable(
  'agency_payment_method_configs',
  {
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    insurance_provider_id: integer('insurance_provider_id')
      .notNull()
      .references(() => insuranceProviders.id),
    payment_method: paymentMethodKey('payment_method').notNull(),
    is_payment_method_enabled: boolean('is_payment_method_enabled').notNull().default(true),
    commission_rate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agency_id, t.insurance_provider_id, t.payment_method] })],
)

export const agencyOvhcCommissions = pgTable(
  'agency_ovhc_commissions',
  {
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    provider_id: integer('provider_id')
      .notNull()
      .references(() => insuranceProviders.id),
    commission_rate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agency_id, t.provider_id] })],
)

/**
 * The OVHC commission range staff allow per provider: an agency setting its own OVHC commission
 * must stay within it (staff may set any rate the spec allows). No row: agencies cannot set it.
 */
export const ovhcCommissionRanges = pgTable(
  'ovhc_commission_ranges',
  {
    provider_id: integer('provider_id')
      .primaryKey()
      .references(() => insuranceProviders.id),
    min_rate: numeric('min_rate', { precision: 5, scale: 2 }).notNull(),
    max_rate: numeric('max_rate', { precision: 5, scale: 2 }).notNull(),
    ...timestamps,
  },
  (t) => [
    check(
      'ovhc_commission_ranges_bounds',
      sql`${t.min_rate} > 0 AND ${t.min_rate} <= ${t.max_rate} AND ${t.max_rate} < 100`,
    ),
  ],
)

export const purchaseRules = pgTable(
  'purchase_rules',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    should_buy_insurance_provider_id: integer('should_buy_insurance_provider_id')
      .notNull()
      .references(() => insuranceProviders.id),
    should_buy_policy_type: policyType('should_buy_policy_type').notNull(),
    should_buy_quantity: integer('should_buy_quantity').notNull(),
    can_buy_policy_type: policyType('can_buy_policy_type').notNull(),
    can_buy_insurance_provider_id: integer('can_buy_insurance_provider_id')
      .notNull()
      .references(() => insuranceProviders.id),
    has_bought_quantity: integer('has_bought_quantity').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('purchase_rules_agency_idx').on(t.agency_id)],
)

/**
 * Derived money position of an agency (minor units, AUD). Every change is made in the same
 * transaction as the ledger entry that explains it.
 */
export const agencyBalances = pgTable('agency_balances', {
  agency_id: integer('agency_id')
    .primaryKey()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  commission: bigint('commission', { mode: 'number' }).notNull().default(0),
  due_amount: bigint('due_amount', { mode: 'number' }).notNull().default(0),
  buy_now_pay_later_amount: bigint('buy_now_pay_later_amount', { mode: 'number' }).notNull().default(0),
  buy_now_pay_later_remaining_amount: bigint('buy_now_pay_later_remaining_amount', { mode: 'number' })
    .notNull()
    .default(0),
  ...timestamps,
})

/** Append-only timeline of an agency: status changes and notable actions. */
export const agencyHistories = pgTable(
  'agency_histories',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    from_status: agencyStatus('from_status'),
    to_status: agencyStatus('to_status'),
    actor: text('actor').notNull(),
    note: text('note'),
    meta: jsonb('meta'),
    ...timestamps,
  },
  (t) => [index('agency_histories_agency_idx').on(t.agency_id, t.created_at)],
)

export const agencyReferrals = pgTable(
  'agency_referrals',
  {
    id: serial('id').primaryKey(),
    referred_to_agency_name: text('referred_to_agency_name').notNull(),
    referred_to_agency_email: text('referred_to_agency_email').notNull(),
    status: referralStatus('status').notNull().default('PENDING'),
    is_referring_paid: boolean('is_referring_paid').notNull().default(false),
    referring_payment_document: text('referring_payment_document'),
    referring_paid_by: integer('referring_paid_by'),
    referring_paid_at: timestamp('referring_paid_at', { withTimezone: true }),
    is_referred_paid: boolean('is_referred_paid').notNull().default(false),
    referred_payment_document: text('referred_payment_document'),
    referred_paid_by: integer('referred_paid_by'),
    referred_paid_at: timestamp('referred_paid_at', { withTimezone: true }),
    referred_by_id: integer('referred_by_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    referred_agency_id: integer('referred_agency_id').references(() => agencies.id),
    ...timestamps,
  },
  (t) => [index('agency_referrals_by_idx').on(t.referred_by_id, t.created_at)],
)
