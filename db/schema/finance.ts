import { sql } from 'drizzle-orm'
import {
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
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from './common'
import {
  BALANCE_TRANSACTION_TYPES,
  CARD_PAYMENT_STATUSES,
  COMMISSION_STATUSES,
  INVOICE_PAYMENT_STATUSES,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  LINE_ITEM_TYPES,
  PAYMENT_LINK_STATUSES,
  PREMIUM_PAYMENT_STATUSES,
  REQUEST_STATUSES,
} from './enums'
import { identities } from './identity'
import { agencies, currency } from './agencies'
import { paymentMethod, policies } from './policies'

export const premiumPaymentStatus = pgEnum('premium_payment_status', PREMIUM_PAYMENT_STATUSES)
export const commissionStatus = pgEnum('commission_status', COMMISSION_STATUSES)
export const requestStatus = pgEnum('request_status', REQUEST_STATUSES)
export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES)
export const invoiceType = pgEnum('invoice_type', INVOICE_TYPES)
export const invoicePaymentStatus = pgEnum('invoice_payment_status', INVOICE_PAYMENT_STATUSES)
export const lineItemType = pgEnum('line_item_type', LINE_ITEM_TYPES)
export const balanceTransactionType = pgEnum('balance_transaction_type', BALANCE_TRANSACTION_TYPES)
export const paymentLinkStatus = pgEnum('payment_link_status', PAYMENT_LINK_STATUSES)
export const cardPaymentStatus = pgEnum('card_payment_status', CARD_PAYMENT_STATUSES)

/**
 * One payment attempt for a policy's premium (spec/02 "policy premium payment" and "policy
 * payment" in one row). amount is cents. created_by/updated_by serve the maker-checker rule.
 */
export const policyPremiumPayments = pgTable(
  'policy_premium_payments',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    surcharge_amount: bigint('surcharge_amount', { mode: 'number' }).notNull().default(0),
    /** AUD cents received so far (a NexPay payment may arrive in parts; PAID once it reaches amount). */
    received_amount: bigint('received_amount', { mode: 'number' }).notNull().default(0),
    currency: currency('currency').notNull().default('AUD'),
    status: premiumPaymentStatus('status').notNull(),
    payment_type: paymentMethod('payment_type').notNull(),
    bank_document: text('bank_document'),
    rejection_reason: text('rejection_reason'),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    receipt_id: text('receipt_id'),
    payment_link_id: integer('payment_link_id'),
    created_by: integer('created_by').references(() => identities.id),
    updated_by: integer('updated_by').references(() => identities.id),
    decided_by: integer('decided_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    index('policy_premium_payments_policy_idx').on(t.policy_id, t.created_at),
    index('policy_premium_payments_status_idx').on(t.status, t.created_at),
    index('policy_premium_payments_agency_idx').on(t.agency_id, t.status),
  ],
)

/** The commission an agency earns on a policy (cents), one row per policy. */
export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    status: commissionStatus('status').notNull().default('PENDING'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    commission_rate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull(),
    currency: currency('currency').notNull().default('AUD'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('commissions_policy_idx').on(t.policy_id),
    index('commissions_agency_status_idx').on(t.agency_id, t.status),
  ],
)

/** Every money movement is an invoice with line items (DESIGN.md section 6). Amounts in cents. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    amendment_id: integer('amendment_id'),
    from: text('from').notNull(),
    to: text('to').notNull(),
    sub_total: bigint('sub_total', { mode: 'number' }).notNull().default(0),
    tax_total: bigint('tax_total', { mode: 'number' }).notNull().default(0),
    total_amount_due: bigint('total_amount_due', { mode: 'number' }).notNull().default(0),
    total_amount_owed: bigint('total_amount_owed', { mode: 'number' }).notNull().default(0),
    total_outstanding_amount: bigint('total_outstanding_amount', { mode: 'number' }).notNull().default(0),
    status: invoiceStatus('status').notNull().default('PENDING'),
    cancellation_reasons: text('cancellation_reasons'),
    notes: text('notes'),
    external_invoice_id: text('external_invoice_id'),
    invoice_type: invoiceType('invoice_type').notNull(),
    invoice_date: date('invoice_date').notNull(),
    due_date: date('due_date'),
    created_by: integer('created_by').references(() => identities.id),
    /** Whoever last changed the amounts of the issued invoice (maker-checker: may not mark it paid). */
    updated_by: integer('updated_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    index('invoices_agency_status_idx').on(t.agency_id, t.status, t.created_at),
    index('invoices_type_status_idx').on(t.invoice_type, t.status),
    index('invoices_due_idx').on(t.due_date, t.status),
    index('invoices_date_idx').on(t.invoice_date, t.id),
    index('invoices_created_idx').on(t.created_at, t.id),
  ],
)

export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    policy_id: integer('policy_id').references(() => policies.id, { onDelete: 'cascade' }),
    invoice_id: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    line_item_type: lineItemType('line_item_type').notNull(),
    /** The id of the record the line is about (commission, top-up, ...). */
    line_item_type_id: integer('line_item_type_id'),
    discount_rate: numeric('discount_rate', { precision: 5, scale: 2 }),
    tax_rate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    tax_amount: bigint('tax_amount', { mode: 'number' }).notNull().default(0),
    net_amount: bigint('net_amount', { mode: 'number' }).notNull(),
    total_amount: bigint('total_amount', { mode: 'number' }).notNull(),
    is_tax_inclusive: boolean('is_tax_inclusive').notNull().default(true),
    description: text('description').notNull(),
    is_linked_to_invoice: boolean('is_linked_to_invoice').notNull().default(true),
    link: text('link'),
    meta: jsonb('meta'),
    payer: text('payer').notNull(),
    receiver: text('receiver').notNull(),
    is_commission_banked: boolean('is_commission_banked').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('invoice_line_items_invoice_idx').on(t.invoice_id),
    index('invoice_line_items_policy_idx').on(t.policy_id),
    index('invoice_line_items_agency_idx').on(t.agency_id, t.line_item_type),
  ],
)

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    method: paymentMethod('method').notNull(),
    ref: text('ref'),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    payment_amount: bigint('payment_amount', { mode: 'number' }).notNull(),
    status: invoicePaymentStatus('status').notNull().default('PENDING'),
    meta: jsonb('meta'),
    notes: text('notes'),
    card_payment_id: integer('card_payment_id'),
    /** What the invoice still owed, and what it then owed back (over-payment), after this payment. */
    balance_due: bigint('balance_due', { mode: 'number' }),
    balance_owed: bigint('balance_owed', { mode: 'number' }),
    created_by: integer('created_by').references(() => identities.id),
    decided_by: integer('decided_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoice_id),
    index('invoice_payments_agency_idx').on(t.agency_id, t.created_at),
  ],
)

/**
 * The agency balance ledger: one row per movement, signed cents, with the balance after it.
 * Written only by domain/finance/ledger/ledger.ts in the transaction that moves agency_balances.
 */
export const agencyBalanceTransactions = pgTable(
  'agency_balance_transactions',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    type: balanceTransactionType('type').notNull(),
    transaction_amount: bigint('transaction_amount', { mode: 'number' }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    policy_id: integer('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    topup_id: integer('topup_id'),
    invoice_id: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('agency_balance_transactions_agency_idx').on(t.agency_id, t.created_at)],
)

/** The buy-now-pay-later ledger: signed cents against the allowance, with the remaining after. */
export const bnplTransactions = pgTable(
  'bnpl_transactions',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    policy_id: integer('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    transaction_amount: bigint('transaction_amount', { mode: 'number' }).notNull(),
    remaining: bigint('remaining', { mode: 'number' }).notNull(),
    actor: text('actor').notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('bnpl_transactions_agency_idx').on(t.agency_id, t.created_at)],
)

export const agencyTopups = pgTable(
  'agency_topups',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    status: requestStatus('status').notNull().default('REQUESTED'),
    rejection_reason: text('rejection_reason'),
    receipt_id: text('receipt_id'),
    topup_date: date('topup_date').notNull(),
    receipt_url: text('receipt_url'),
    stripe_intent_id: text('stripe_intent_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payment_method: paymentMethod('payment_method').notNull(),
    invoice_id: integer('invoice_id').references(() => invoices.id),
    created_by: integer('created_by').references(() => identities.id),
    decided_by: integer('decided_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    index('agency_topups_agency_idx').on(t.agency_id, t.created_at),
    index('agency_topups_status_idx').on(t.status, t.created_at),
  ],
)

/** A card checkout through the payment gateway (sandbox or Stripe). Amounts in cents. */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: serial('id').primaryKey(),
    ref: text('ref').notNull(),
    gateway: text('gateway').notNull(),
    gateway_session_id: text('gateway_session_id').notNull(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    policy_id: integer('policy_id').references(() => policies.id, { onDelete: 'cascade' }),
    payment_link_id: integer('payment_link_id'),
    topup_id: integer('topup_id'),
    invoice_id: integer('invoice_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    amount_paid: bigint('amount_paid', { mode: 'number' }),
    surcharge_rate: numeric('surcharge_rate', { precision: 5, scale: 2 }),
    surcharge_amount: bigint('surcharge_amount', { mode: 'number' }).notNull().default(0),
    currency: currency('currency').notNull().default('AUD'),
    card_type: text('card_type'),
    status: cardPaymentStatus('status').notNull().default('PENDING'),
    /**
     * Which payment of the gateway this is (Stripe's PaymentIntent of the Checkout Session),
     * recorded when it settles: a dispute names the payment, not the session.
     */
    gateway_payment_id: text('gateway_payment_id'),
    created_by: integer('created_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('card_payments_session_idx').on(t.gateway, t.gateway_session_id),
    uniqueIndex('card_payments_ref_idx').on(t.ref),
    index('card_payments_policy_idx').on(t.policy_id),
    index('card_payments_gateway_payment_idx')
      .on(t.gateway, t.gateway_payment_id)
      .where(sql`${t.gateway_payment_id} is not null`),
  ],
)

export const CARD_DISPUTE_STATUSES = ['OPEN', 'WON', 'LOST'] as const
export type CardDisputeStatus = (typeof CARD_DISPUTE_STATUSES)[number]

/**
 * A card holder's dispute (chargeback) of a card payment, as the gateway reports it (Stripe's
 * charge.dispute.* events), recorded once per gateway dispute. `amount` is what the card holder
 * disputes, in minor units of `currency`. What the journal holds for it (ADR 0013): `held_amount`
 * AUD cents from `held_account` (the account the card payment credited, or `suspense` when that
 * account could no longer give it) to `clearing:card`, plus `held_surcharge` from house:surcharge
 * for a policy's card surcharge, PENDING under `card-dispute:<id>` until the dispute closes (won:
 * voided, lost: posted). A dispute of a payment the product does not know has no card payment and
 * holds nothing. Persisted codes: status and held_account are stored.
 */
export const cardDisputes = pgTable(
  'card_disputes',
  {
    id: serial('id').primaryKey(),
    card_payment_id: integer('card_payment_id').references(() => cardPayments.id),
    gateway: text('gateway').notNull(),
    gateway_dispute_id: text('gateway_dispute_id').notNull(),
    gateway_payment_id: text('gateway_payment_id'),
    agency_id: integer('agency_id').references(() => agencies.id),
    policy_id: integer('policy_id'),
    topup_id: integer('topup_id'),
    invoice_id: integer('invoice_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason'),
    status: text('status').$type<CardDisputeStatus>().notNull().default('OPEN'),
    /** The gateway's own last status (needs_response, under_review, won, lost, warning_closed...). */
    gateway_status: text('gateway_status'),
    held_account: text('held_account'),
    held_amount: bigint('held_amount', { mode: 'number' }).notNull().default(0),
    held_surcharge: bigint('held_surcharge', { mode: 'number' }).notNull().default(0),
    evidence_due_at: timestamp('evidence_due_at', { withTimezone: true, mode: 'date' }),
    opened_at: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('card_disputes_gateway_dispute_idx').on(t.gateway_dispute_id),
    index('card_disputes_card_payment_idx').on(t.card_payment_id),
    index('card_disputes_status_idx').on(t.status, t.opened_at),
    check('card_disputes_status', sql`${t.status} in ('OPEN', 'WON', 'LOST')`),
    check(
      'card_disputes_amounts',
      sql`${t.amount} > 0 and ${t.held_amount} >= 0 and ${t.held_surcharge} >= 0`,
    ),
    check('card_disputes_closed', sql`(${t.status} = 'OPEN') = (${t.closed_at} is null)`),
  ],
)

/** A public link to pay a policy by card at /pay/<reference>. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: serial('id').primaryKey(),
    policy_id: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    reference: text('reference').notNull(),
    status: paymentLinkStatus('status').notNull().default('ACTIVE'),
    currency: currency('currency').notNull().default('AUD'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    url: text('url').notNull(),
    reminded_at: timestamp('reminded_at', { withTimezone: true }),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_links_reference_idx').on(t.reference),
    index('payment_links_policy_idx').on(t.policy_id, t.status),
  ],
)

/** An exchange-rate quote (valid 15 minutes) for paying an AUD amount in another currency. */
export const exchangeRateQuotes = pgTable('exchange_rate_quotes', {
  id: serial('id').primaryKey(),
  policy_id: integer('policy_id').references(() => policies.id, { onDelete: 'cascade' }),
  currency_pair: text('currency_pair').notNull(),
  client_rate: numeric('client_rate', { precision: 18, scale: 6 }).notNull(),
  total_amount: bigint('total_amount', { mode: 'number' }).notNull(),
  payment_amount: bigint('payment_amount', { mode: 'number' }).notNull(),
  payment_currency: currency('payment_currency').notNull(),
  valid_from: timestamp('valid_from', { withTimezone: true }).notNull(),
  valid_to: timestamp('valid_to', { withTimezone: true }).notNull(),
  refresh_at: timestamp('refresh_at', { withTimezone: true }).notNull(),
  ...timestamps,
})

/** Incoming payment-provider webhook deliveries, unique by the provider's delivery Id. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    delivery_id: text('delivery_id').notNull(),
    payload: jsonb('payload').notNull(),
    outcome: text('outcome').notNull(),
    /** What the delivery did with money: policy, amount and currency paid, AUD applied, suspense. */
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('webhook_deliveries_delivery_idx').on(t.provider, t.delivery_id)],
)
