import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { timestamps } from './common'
import {
  CANCELLATION_REQUEST_STATUSES,
  CERTIFICATE_TYPES,
  PAYMENT_METHODS,
  POLICY_SOURCES,
  POLICY_STATUSES,
  PROVIDER_PAYMENT_STATUSES,
  REFUND_METHODS,
  USER_DEFINED_STATUSES,
} from './enums'
import { identities } from './identity'
import { agencies, currency, policyType } from './agencies'
import { agencyUsers, oshcUsers } from './access'
import { cities, countries, insuranceProviders, states } from './reference'
import { publicClients } from './public-clients'

export const policyStatus = pgEnum('policy_status', POLICY_STATUSES)
export const userDefinedStatus = pgEnum('user_defined_status', USER_DEFINED_STATUSES)
export const providerPaymentStatus = pgEnum('provider_payment_status', PROVIDER_PAYMENT_STATUSES)
export const cancellationRequestStatus = pgEnum('cancellation_request_status', CANCELLATION_REQUEST_STATUSES)
export const refundMethod = pgEnum('refund_method', REFUND_METHODS)
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS)
export const certificateType = pgEnum('certificate_type', CERTIFICATE_TYPES)
export const policySource = pgEnum('policy_source', POLICY_SOURCES)

/** The text the customer search matches: names, e-mail, passport and student number. */
export const customerSearchText = (t: {
  first_name: AnyPgColumn
  last_name: AnyPgColumn
  email: AnyPgColumn
  passport_number: AnyPgColumn
}) =>
  sql`(coalesce(${t.first_name}, '') || ' ' || coalesce(${t.last_name}, '') || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.passport_number}, ''))`

/** A student (customer) of an agency. Filled step by step; only names are needed at first. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    title: text('title'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    email: text('email'),
    dob: date('dob'),
    gender: text('gender'),
    passport_number: text('passport_number'),
    passport_country_id: integer('passport_country_id').references(() => countries.id),
    visa_sub_class: text('visa_sub_class'),
    education_institute: text('education_institute'),
    student_number: text('student_number'),
    mobile_number: text('mobile_number'),
    has_australian_address: boolean('has_australian_address').notNull().default(false),
    has_accepted_terms: boolean('has_accepted_terms').notNull().default(false),
    is_primary_visa_holder_and_eligible_to_apply: boolean('is_primary_visa_holder_and_eligible_to_apply')
      .notNull()
      .default(false),
    street_address_1: text('street_address_1'),
    street_address_2: text('street_address_2'),
    state_id: integer('state_id').references(() => states.id),
    city_id: integer('city_id').references(() => cities.id),
    post_code: text('post_code'),
    /** The student's country (a countries id); spec/02 calls the field `country`. */
    country: integer('country').references(() => countries.id),
    created_by: integer('created_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    index('customers_agency_idx').on(t.agency_id, t.created_at),
    index('customers_search_trgm_idx').using('gin', sql`${customerSearchText(t)} gin_trgm_ops`),
    // The policy lists' student sort (policy-listing.ts customerName): a page reads 25 students.
    index('customers_name_sort_idx').on(sql`lower(${t.first_name} || ' ' || ${t.last_name})`, t.id),
  ],
)

export const customerPartners = pgTable('customer_partners', {
  customer_id: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  title: text('title'),
  gender: text('gender'),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  dob: date('dob'),
  passport_number: text('passport_number'),
  country_id: integer('country_id').references(() => countries.id),
  ...timestamps,
})

export const customerDependants = pgTable(
  'customer_dependants',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    title: text('title'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    gender: text('gender'),
    dob: date('dob'),
    relationship: text('relationship'),
    passport_number: text('passport_number'),
    ...timestamps,
  },
  (t) => [index('customer_dependants_customer_idx').on(t.customer_id)],
)

/**
 * A policy. Money columns are integer cents (AUD unless premium_currency says otherwise). Rates
 * are percentages. The status column moves only along domain/policies/policies.rules.ts.
 */
export const policies = pgTable(
  'policies',
  {
    id: serial('id').primaryKey(),
    ref: text('ref').notNull(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    insurance_provider_id: integer('insurance_provider_id').references(() => insuranceProviders.id),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    start_date: date('start_date'),
    end_date: date('end_date'),
    policy_type: policyType('policy_type'),
    premium: bigint('premium', { mode: 'number' }),
    premium_without_gst: bigint('premium_without_gst', { mode: 'number' }),
    premium_before_discount: bigint('premium_before_discount', { mode: 'number' }),
    premium_currency: currency('premium_currency').notNull().default('AUD'),
    gst_rate: numeric('gst_rate', { precision: 5, scale: 2 }),
    commission_rate: numeric('commission_rate', { precision: 5, scale: 2 }),
    no_of_adults: integer('no_of_adults').notNull().default(1),
    no_of_dependents: integer('no_of_dependents').notNull().default(0),
    is_created_by_agency: boolean('is_created_by_agency').notNull().default(true),
    is_assigned_by_agency: boolean('is_assigned_by_agency').notNull().default(false),
    is_archived: boolean('is_archived').notNull().default(false),
    created_by: integer('created_by').references(() => identities.id),
    membership_number: text('membership_number'),
    status: policyStatus('status').notNull(),
    user_defined_status: userDefinedStatus('user_defined_status'),
    purchased_at: timestamp('purchased_at', { withTimezone: true }),
    payment_method: paymentMethod('payment_method'),
    is_policy_number_available: boolean('is_policy_number_available').notNull().default(false),
    policy_number: text('policy_number'),
    provider_payment_status: providerPaymentStatus('provider_payment_status')
      .notNull()
      .default('NOT_AVAILABLE'),
    cancellation_request_status: cancellationRequestStatus('cancellation_request_status')
      .notNull()
      .default('NO_CANCELLATION'),
    policy_cancellation_date: date('policy_cancellation_date'),
    assigned_to: integer('assigned_to').references(() => oshcUsers.id),
    assigned_by: integer('assigned_by').references(() => oshcUsers.id),
    assigned_to_agency_user: integer('assigned_to_agency_user').references(() => agencyUsers.id),
    assigned_by_agency_user: integer('assigned_by_agency_user').references(() => agencyUsers.id),
    full_refund_requested_reason: text('full_refund_requested_reason'),
    full_refund_rejection_reason: text('full_refund_rejection_reason'),
    full_refund_payment_proof_url: text('full_refund_payment_proof_url'),
    full_refundable_premium: bigint('full_refundable_premium', { mode: 'number' }),
    refund_method: refundMethod('refund_method'),
    full_refund_payment_method: paymentMethod('full_refund_payment_method'),
    clawback_amount: bigint('clawback_amount', { mode: 'number' }),
    surcharge_rate: numeric('surcharge_rate', { precision: 5, scale: 2 }),
    surcharge_amount: bigint('surcharge_amount', { mode: 'number' }),
    is_surcharge_applied: boolean('is_surcharge_applied').notNull().default(false),
    is_offer_applied: boolean('is_offer_applied').notNull().default(false),
    original_amount_before_offer: bigint('original_amount_before_offer', { mode: 'number' }),
    offer_id: integer('offer_id'),
    offer_rate: integer('offer_rate'),
    discount_rate: numeric('discount_rate', { precision: 5, scale: 2 }),
    offer_end_date: date('offer_end_date'),
    /** Where the sale started: the portal, or a public client's widget (`public_client_id`). */
    source: policySource('source').notNull().default('PORTAL'),
    public_client_id: integer('public_client_id').references(() => publicClients.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('policies_ref_idx').on(t.ref),
    index('policies_public_client_idx').on(t.public_client_id, t.created_at),
    // The dashboard's ranges (sales by purchase date).
    index('policies_purchased_idx').on(t.purchased_at),
    index('policies_ref_trgm_idx').using('gin', sql`${t.ref} gin_trgm_ops`),
    index('policies_agency_status_idx').on(t.agency_id, t.status, t.created_at),
    index('policies_status_created_idx').on(t.status, t.created_at),
    index('policies_customer_idx').on(t.customer_id),
    // The insurer filter, with the status filter and the start-date sort the lists combine it with;
    // is_archived last, so that a list's capped count of an insurer's statuses reads the index only.
    index('policies_provider_status_start_idx').on(
      t.insurance_provider_id,
      t.status,
      t.start_date,
      t.is_archived,
    ),
    // An insurer's live (or archived) policies in start-date order: a page of several statuses
    // stops after its rows instead of sorting all of the insurer's.
    index('policies_provider_start_idx').on(t.insurance_provider_id, t.is_archived, t.start_date, t.id),
    index('policies_start_idx').on(t.start_date),
    index('policies_end_idx').on(t.end_date),
    index('policies_archived_idx').on(t.is_archived, t.created_at),
  ],
)

/** Append-only timeline of a policy. */
export const policyHistories = pgTable(
  'policy_histories',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    from_status: policyStatus('from_status'),
    status: policyStatus('status'),
    actor: text('actor').notNull(),
    note: text('note'),
    meta: jsonb('meta'),
    ...timestamps,
  },
  (t) => [index('policy_histories_policy_idx').on(t.policy_id, t.created_at)],
)

/** Files attached to a policy: payment proofs, refund documents, amendment documents. */
export const policyFiles = pgTable(
  'policy_files',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Storage key (files.key); downloads are presigned on read. */
    url: text('url').notNull(),
    file_type: text('file_type').notNull(),
    amendment_id: integer('amendment_id'),
    meta: jsonb('meta'),
    uploaded_by: integer('uploaded_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [index('policy_files_policy_idx').on(t.policy_id, t.file_type)],
)

/**
 * Certificates of a policy: the current one is `new`; uploading a replacement turns the previous
 * `new` into `old`. Issuing marks the `new` one issued.
 */
export const policyCertificates = pgTable(
  'policy_certificates',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    certificate_type: certificateType('certificate_type').notNull().default('new'),
    certificate_url: text('certificate_url').notNull(),
    certificate_name: text('certificate_name').notNull(),
    membership_number: text('membership_number').notNull(),
    policy_number: text('policy_number'),
    issued_at: timestamp('issued_at', { withTimezone: true }),
    uploaded_by: integer('uploaded_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    index('policy_certificates_policy_idx').on(t.policy_id, t.certificate_type),
    index('policy_certificates_issued_idx').on(t.issued_at),
  ],
)
