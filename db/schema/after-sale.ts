// After the sale: full refunds with the cancellation steps beside them, and amendments with their
// payments and documents. Amounts are integer cents. Clawbacks live in money.ts.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from './common'
import {
  AMENDMENT_DOCUMENT_TYPES,
  AMENDMENT_NEXT_STEPS,
  AMENDMENT_PAYERS,
  AMENDMENT_PAYMENT_STATUSES,
  AMENDMENT_STATUSES,
  FULL_REFUND_STATUSES,
} from './enums'
import { identities } from './identity'
import { agencies } from './agencies'
import { insuranceProviders } from './reference'
import { paymentMethod, policies, refundMethod } from './policies'
import { invoicePayments, invoices } from './finance'

export const fullRefundStatus = pgEnum('full_refund_status', FULL_REFUND_STATUSES)
export const amendmentStatus = pgEnum('amendment_status', AMENDMENT_STATUSES)
export const amendmentPaymentStatus = pgEnum('amendment_payment_status', AMENDMENT_PAYMENT_STATUSES)
export const amendmentNextStep = pgEnum('amendment_next_step', AMENDMENT_NEXT_STEPS)
export const amendmentPayer = pgEnum('amendment_payer', AMENDMENT_PAYERS)
export const amendmentDocumentType = pgEnum('amendment_document_type', AMENDMENT_DOCUMENT_TYPES)

/**
 * One full-refund request of a policy (the policy's status mirrors it: FULL_REFUND_*). At most one
 * open (REQUESTED, INITIATED, APPROVED) per policy. The agency receives
 * refundable_premium_amount - deductable_commission_amount.
 */
export const fullRefunds = pgTable(
  'full_refunds',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    status: fullRefundStatus('status').notNull().default('REQUESTED'),
    reason: text('reason').notNull(),
    refundable_premium_amount: bigint('refundable_premium_amount', { mode: 'number' }),
    deductable_commission_amount: bigint('deductable_commission_amount', { mode: 'number' }),
    is_full_refund: boolean('is_full_refund'),
    payment_method: paymentMethod('payment_method'),
    payment_url: text('payment_url'),
    rejection_reason: text('rejection_reason'),
    refund_method: refundMethod('refund_method'),
    invoice_id: integer('invoice_id').references(() => invoices.id),
    clawback_id: integer('clawback_id'),
    receipt_id: text('receipt_id'),
    requested_by: integer('requested_by').references(() => identities.id),
    initiated_by: integer('initiated_by').references(() => identities.id),
    decided_by: integer('decided_by').references(() => identities.id),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('full_refunds_policy_idx').on(t.policy_id, t.created_at),
    index('full_refunds_status_idx').on(t.status, t.created_at),
    index('full_refunds_completed_idx').on(t.status, t.completed_at),
    uniqueIndex('full_refunds_one_open_idx')
      .on(t.policy_id)
      .where(sql`${t.status} in ('REQUESTED', 'INITIATED', 'APPROVED')`),
  ],
)

/** The provider's cancellation steps (seeded; provider_id null = every provider). */
export const cancellationSteps = pgTable('cancellation_steps', {
  id: serial('id').primaryKey(),
  insurance_provider_id: integer('insurance_provider_id').references(() => insuranceProviders.id),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  ...timestamps,
})

/** A cancellation step ticked for one policy. */
export const policyCancellationSteps = pgTable(
  'policy_cancellation_steps',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    cancellation_step_id: integer('cancellation_step_id')
      .notNull()
      .references(() => cancellationSteps.id),
    done_at: timestamp('done_at', { withTimezone: true }).notNull(),
    done_by: integer('done_by').references(() => identities.id),
    note: text('note'),
    ...timestamps,
  },
  (t) => [uniqueIndex('policy_cancellation_steps_unique_idx').on(t.policy_id, t.cancellation_step_id)],
)

/**
 * A change to a sold policy. `data` holds the amended details apart from the policy until the new
 * certificate is uploaded; `is_open` is true until DONE or withdrawn (one open per policy).
 */
export const amendments = pgTable(
  'amendments',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    data: jsonb('data').notNull(),
    /** The policy's details before the change, for the change log. */
    previous_data: jsonb('previous_data'),
    status: amendmentStatus('status').notNull().default('INITIATED'),
    next_step: amendmentNextStep('next_step').notNull().default('CONFIRM_PREMIUM_BY_ADMIN'),
    is_open: boolean('is_open').notNull().default(true),
    initiated_agency_user_id: integer('initiated_agency_user_id'),
    initiated_oshc_user_id: integer('initiated_oshc_user_id'),
    prev_premium: bigint('prev_premium', { mode: 'number' }).notNull(),
    prev_commission: bigint('prev_commission', { mode: 'number' }).notNull(),
    new_premium: bigint('new_premium', { mode: 'number' }).notNull(),
    new_commission: bigint('new_commission', { mode: 'number' }).notNull(),
    changed_premium: bigint('changed_premium', { mode: 'number' }).notNull(),
    payable_amount: bigint('payable_amount', { mode: 'number' }).notNull().default(0),
    allow_payment: boolean('allow_payment'),
    note: text('note'),
    payer: amendmentPayer('payer'),
    invoice_id: integer('invoice_id').references(() => invoices.id),
    is_premium_confirmed_by_admin: boolean('is_premium_confirmed_by_admin').notNull().default(false),
    is_premium_confirmed_by_agency: boolean('is_premium_confirmed_by_agency').notNull().default(false),
    is_personal_details_changed: boolean('is_personal_details_changed').notNull().default(false),
    is_policy_details_changed: boolean('is_policy_details_changed').notNull().default(false),
    is_premium_increase: boolean('is_premium_increase').notNull().default(false),
    is_certificate_uploaded: boolean('is_certificate_uploaded').notNull().default(false),
    created_by: integer('created_by').references(() => identities.id),
    /**
     * The staff member who last set the premium by hand (opening with amendment_premium, or adjusting
     * it): a figure that differs from the repriced premium needs another finance staff member.
     */
    premium_set_by: integer('premium_set_by').references(() => identities.id),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    /** The key of the last decision applied (its workflow's update): a retried activity is answered, not refused. */
    last_decision_key: text('last_decision_key'),
    ...timestamps,
  },
  (t) => [
    index('amendments_policy_idx').on(t.policy_id, t.created_at),
    index('amendments_agency_idx').on(t.agency_id, t.status, t.created_at),
    uniqueIndex('amendments_one_open_idx')
      .on(t.policy_id)
      .where(sql`${t.is_open}`),
  ],
)

export const amendmentPayments = pgTable(
  'amendment_payments',
  {
    id: serial('id').primaryKey(),
    amendment_id: integer('amendment_id')
      .notNull()
      .references(() => amendments.id, { onDelete: 'cascade' }),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    status: amendmentPaymentStatus('status').notNull().default('INITIATED'),
    payment_method: paymentMethod('payment_method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bank_document: text('bank_document'),
    rejection_reason: text('rejection_reason'),
    invoice_payment_id: integer('invoice_payment_id').references(() => invoicePayments.id),
    paid_on: date('paid_on'),
    created_by: integer('created_by').references(() => identities.id),
    decided_by: integer('decided_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [index('amendment_payments_amendment_idx').on(t.amendment_id, t.created_at)],
)

export const amendmentDocuments = pgTable(
  'amendment_documents',
  {
    id: serial('id').primaryKey(),
    amendment_id: integer('amendment_id')
      .notNull()
      .references(() => amendments.id, { onDelete: 'cascade' }),
    ammendment_document_url: text('ammendment_document_url').notNull(),
    addition_note: text('addition_note'),
    rejection_reason: text('rejection_reason'),
    document_type: amendmentDocumentType('document_type').notNull(),
    uploaded_by: integer('uploaded_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [index('amendment_documents_amendment_idx').on(t.amendment_id)],
)
