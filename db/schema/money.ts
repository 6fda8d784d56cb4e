// The money that moves after a sale: commission payouts, buy-now-pay-later settlement requests,
// clawbacks, invoice payment documents and histories, and the ledger reconciliation runs.
// Amounts are integer cents.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
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
import { timestamps } from './common'
import {
  CLAWBACK_METHODS,
  CLAWBACK_STATUSES,
  FINANCE_REQUEST_TYPES,
  PAYMENT_DOCUMENT_STATUSES,
  PAYOUT_PAYMENT_TYPES,
} from './enums'
import { identities } from './identity'
import { agencies } from './agencies'
import { policies, paymentMethod } from './policies'
import { commissions, invoiceLineItems, invoicePayments, invoices, requestStatus } from './finance'

export const payoutPaymentType = pgEnum('payout_payment_type', PAYOUT_PAYMENT_TYPES)
export const paymentDocumentStatus = pgEnum('payment_document_status', PAYMENT_DOCUMENT_STATUSES)
export const clawbackStatus = pgEnum('clawback_status', CLAWBACK_STATUSES)
export const clawbackMethod = pgEnum('clawback_method', CLAWBACK_METHODS)
export const financeRequestType = pgEnum('finance_request_type', FINANCE_REQUEST_TYPES)

/**
 * A commission payout request (spec/02 "commission payout payment"): the agency asks for its banked
 * commission; its COMMISSION invoice runs from the agency to the insurer. commission_amount is the
 * sum of the commissions, gst_amount = round(commission_amount x gst_rate), total_amount both.
 */
export const commissionPayouts = pgTable(
  'commission_payouts',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    status: requestStatus('status').notNull().default('REQUESTED'),
    payment_type: payoutPaymentType('payment_type'),
    bank_document: text('bank_document'),
    rejection_reason: text('rejection_reason'),
    invoice_id: integer('invoice_id').references(() => invoices.id),
    external_invoice_id: text('external_invoice_id').notNull(),
    receipt_id: text('receipt_id'),
    payment_date: timestamp('payment_date', { withTimezone: true }),
    commission_amount: bigint('commission_amount', { mode: 'number' }).notNull(),
    gst_rate: numeric('gst_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    gst_amount: bigint('gst_amount', { mode: 'number' }).notNull().default(0),
    total_amount: bigint('total_amount', { mode: 'number' }).notNull(),
    /** Part of total_amount that offset open clawbacks (SETTLED_WITH_CLAWBACK). */
    clawback_offset_amount: bigint('clawback_offset_amount', { mode: 'number' }).notNull().default(0),
    created_by: integer('created_by').references(() => identities.id),
    decided_by: integer('decided_by').references(() => identities.id),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // A rejected request frees its number: the agency may send the same invoice again.
    uniqueIndex('commission_payouts_external_invoice_idx')
      .on(t.agency_id, t.external_invoice_id)
      .where(sql`${t.status} <> 'REJECTED'`),
    index('commission_payouts_agency_idx').on(t.agency_id, t.created_at),
    index('commission_payouts_status_idx').on(t.status, t.created_at),
    index('commission_payouts_decided_idx').on(t.status, t.decided_at),
  ],
)

/** The commissions one payout request covers, with the line item the agency selected. */
export const commissionPayoutItems = pgTable(
  'commission_payout_items',
  {
    id: serial('id').primaryKey(),
    payout_id: integer('payout_id')
      .notNull()
      .references(() => commissionPayouts.id, { onDelete: 'cascade' }),
    commission_id: integer('commission_id')
      .notNull()
      .references(() => commissions.id),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    invoice_line_item_id: integer('invoice_line_item_id').references(() => invoiceLineItems.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('commission_payout_items_unique_idx').on(t.payout_id, t.commission_id),
    index('commission_payout_items_commission_idx').on(t.commission_id),
  ],
)

/** A buy-now-pay-later settlement request: the agency pays the premiums it bought on credit. */
export const bnplPaymentRequests = pgTable(
  'bnpl_payment_requests',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    status: requestStatus('status').notNull().default('REQUESTED'),
    payment_type: paymentMethod('payment_type').notNull(),
    bank_document: text('bank_document'),
    rejection_reason: text('rejection_reason'),
    invoice_id: integer('invoice_id').references(() => invoices.id),
    total_amount: bigint('total_amount', { mode: 'number' }).notNull(),
    receipt_id: text('receipt_id'),
    created_by: integer('created_by').references(() => identities.id),
    decided_by: integer('decided_by').references(() => identities.id),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('bnpl_payment_requests_agency_idx').on(t.agency_id, t.created_at),
    index('bnpl_payment_requests_status_idx').on(t.status, t.created_at),
  ],
)

/** The policies (premium payments on credit) one BNPL settlement request pays. */
export const bnplPaymentRequestItems = pgTable(
  'bnpl_payment_request_items',
  {
    id: serial('id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => bnplPaymentRequests.id, { onDelete: 'cascade' }),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    premium_payment_id: integer('premium_payment_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bnpl_payment_request_items_unique_idx').on(t.request_id, t.policy_id),
    index('bnpl_payment_request_items_policy_idx').on(t.policy_id),
  ],
)

/** A clawback of commission already paid on a refunded or cancelled policy (spec/02 Clawback). */
export const clawbacks = pgTable(
  'clawbacks',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    clawback_premium_amount: bigint('clawback_premium_amount', { mode: 'number' }).notNull(),
    clawback_commission_amount: bigint('clawback_commission_amount', { mode: 'number' }).notNull(),
    /** What is still owed (cents); 0 once settled. */
    outstanding_amount: bigint('outstanding_amount', { mode: 'number' }).notNull(),
    clawback_payment_id: integer('clawback_payment_id'),
    receipt_id: text('receipt_id'),
    status: clawbackStatus('status').notNull().default('INITIATED'),
    clawback_method: clawbackMethod('clawback_method'),
    bank_document_url: text('bank_document_url'),
    clawback_document: text('clawback_document'),
    clawback_document_name: text('clawback_document_name'),
    commission_rate: numeric('commission_rate', { precision: 5, scale: 2 }),
    rejection_reason: text('rejection_reason'),
    invoice_id: integer('invoice_id').references(() => invoices.id),
    clawback_completed_at: timestamp('clawback_completed_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => identities.id),
    decided_by: integer('decided_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    index('clawbacks_agency_idx').on(t.agency_id, t.status),
    index('clawbacks_policy_idx').on(t.policy_id),
    index('clawbacks_completed_idx').on(t.status, t.clawback_completed_at),
  ],
)

/** The timeline of a payout, BNPL request or clawback; `agency_visible` rows show on the agency side. */
export const financeRequestHistories = pgTable(
  'finance_request_histories',
  {
    id: serial('id').primaryKey(),
    request_type: financeRequestType('request_type').notNull(),
    request_id: integer('request_id').notNull(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    action: text('action').notNull(),
    from_status: text('from_status'),
    to_status: text('to_status'),
    actor: text('actor').notNull(),
    actor_id: integer('actor_id').references(() => identities.id),
    note: text('note'),
    agency_visible: boolean('agency_visible').notNull().default(true),
    meta: jsonb('meta'),
    ...timestamps,
  },
  (t) => [index('finance_request_histories_request_idx').on(t.request_type, t.request_id, t.created_at)],
)

/** A proof of payment attached to an invoice payment, verified or rejected by staff finance. */
export const invoicePaymentDocuments = pgTable(
  'invoice_payment_documents',
  {
    id: serial('id').primaryKey(),
    invoice_payment_id: integer('invoice_payment_id')
      .notNull()
      .references(() => invoicePayments.id, { onDelete: 'cascade' }),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    status: paymentDocumentStatus('status').notNull().default('UNVERIFIED'),
    rejection_reason: text('rejection_reason'),
    uploaded_by: integer('uploaded_by').references(() => identities.id),
    decided_by: integer('decided_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    index('invoice_payment_documents_payment_idx').on(t.invoice_payment_id),
    index('invoice_payment_documents_invoice_idx').on(t.invoice_id, t.status),
  ],
)

/** Payment history and interactions of an invoice (spec/02 "Payment history or interaction"). */
export const invoiceHistories = pgTable(
  'invoice_histories',
  {
    id: serial('id').primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    invoice_payment_id: integer('invoice_payment_id').references(() => invoicePayments.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    message: text('message').notNull(),
    note: text('note'),
    note_title: text('note_title'),
    from_status: text('from_status'),
    to_status: text('to_status'),
    actor: text('actor').notNull(),
    actor_id: integer('actor_id').references(() => identities.id),
    meta: jsonb('meta'),
    ...timestamps,
  },
  (t) => [index('invoice_histories_invoice_idx').on(t.invoice_id, t.created_at)],
)

/** One run of the nightly ledger reconciliation; `mismatches` lists what disagreed, per agency. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: serial('id').primaryKey(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    agencies_checked: integer('agencies_checked').notNull().default(0),
    invoices_checked: integer('invoices_checked').notNull().default(0),
    mismatch_count: integer('mismatch_count').notNull().default(0),
    mismatches: jsonb('mismatches').notNull().default([]),
    trigger: text('trigger').notNull().default('schedule'),
    ...timestamps,
  },
  (t) => [index('reconciliation_runs_started_idx').on(t.started_at)],
)
