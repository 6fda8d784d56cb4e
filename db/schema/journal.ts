// The money journal (ADR 0013, DESIGN.md §14): accounts with their running columns and the
// append-only transfers between them. Persisted shapes: the account codes and transfer codes are
// stored, so change them only by adding. Amounts are integer cents, AUD.
// Written only by domain/money/journal.ts; migration 0027 adds the CHECKs' twin trigger that keeps
// money_transfers append-only (only PENDING -> POSTED | VOIDED may change).
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  char,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

/** What an account is; its owner columns say whose. */
export const MONEY_ACCOUNT_KINDS = [
  'agency_balance',
  'agency_bnpl_used',
  'agency_bnpl_settlement',
  'agency_commission_payable',
  'policy_premium_received',
  'policy_clawback',
  'invoice_payments',
  'clearing',
  'house',
  'suspense',
] as const
export type MoneyAccountKind = (typeof MONEY_ACCOUNT_KINDS)[number]

/** Why money moved. */
export const TRANSFER_CODES = [
  'OPENING',
  'TOPUP',
  'PREMIUM_PAID',
  'REFUND',
  'AMENDMENT_PAID',
  'AMENDMENT_CREDIT',
  'CLAWBACK',
  'CLAWBACK_RETURNED',
  'PAYOUT',
  'INVOICE_PAYMENT',
  'OVERPAYMENT',
  'BNPL_USED',
  'BNPL_SETTLED',
  'BNPL_SETTLEMENT_PAID',
  'BNPL_SETTLEMENT_RETURNED',
  'ADJUSTMENT',
  /** Commission banked for an agency once its policy's premium is received (house:insurer -> payable). */
  'COMMISSION_BANKED',
  /** GST on an agency's commission invoice, added to what is payable when the payout is approved. */
  'GST',
  /** A card payment disputed by its card holder (a chargeback): held from where it went, back to clearing:card. */
  'CHARGEBACK',
  /** A closed month's premium, net of commission, paid to its insurer (house:insurer -> clearing:bank). */
  'INSURER_REMITTANCE',
  /**
   * What a receipt in another currency brought in AUD against what was quoted (house:fx <-> the
   * channel's clearing account), so that the premium settles at the quoted amount.
   */
  'FX_DIFFERENCE',
] as const
export type TransferCode = (typeof TRANSFER_CODES)[number]

export const TRANSFER_STATES = ['PENDING', 'POSTED', 'VOIDED'] as const
export type TransferState = (typeof TRANSFER_STATES)[number]

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0)
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * An account: the sums of its transfers by side and state, kept in the transaction that posts
 * them (never summed on read). A floor flag (TigerBeetle's) says which side may not exceed the
 * other; pending debits count against a debit floor, pending credits against a credit floor.
 */
export const moneyAccounts = pgTable(
  'money_accounts',
  {
    id: serial('id').primaryKey(),
    /** `agency:12:balance`, `policy:88:premium_received`, `clearing:bank`, `house:opening`, `suspense`. */
    code: text('code').notNull().unique('money_accounts_code_key'),
    kind: text('kind').notNull(),
    agency_id: integer('agency_id'),
    policy_id: integer('policy_id'),
    invoice_id: integer('invoice_id'),
    posted_debits: cents('posted_debits'),
    posted_credits: cents('posted_credits'),
    pending_debits: cents('pending_debits'),
    pending_credits: cents('pending_credits'),
    debits_must_not_exceed_credits: boolean('debits_must_not_exceed_credits').notNull().default(false),
    credits_must_not_exceed_debits: boolean('credits_must_not_exceed_debits').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('money_accounts_kind', sql`${t.kind} in (${inList(MONEY_ACCOUNT_KINDS)})`),
    check(
      'money_accounts_columns_nonnegative',
      sql`${t.posted_debits} >= 0 and ${t.posted_credits} >= 0 and ${t.pending_debits} >= 0 and ${t.pending_credits} >= 0`,
    ),
    check(
      'money_accounts_one_floor',
      sql`not (${t.debits_must_not_exceed_credits} and ${t.credits_must_not_exceed_debits})`,
    ),
    check(
      'money_accounts_debit_floor',
      sql`not ${t.debits_must_not_exceed_credits} or ${t.posted_debits} + ${t.pending_debits} <= ${t.posted_credits}`,
    ),
    check(
      'money_accounts_credit_floor',
      sql`not ${t.credits_must_not_exceed_debits} or ${t.posted_credits} + ${t.pending_credits} <= ${t.posted_debits}`,
    ),
    index('money_accounts_agency_idx')
      .on(t.agency_id)
      .where(sql`${t.agency_id} is not null`),
    index('money_accounts_policy_idx')
      .on(t.policy_id)
      .where(sql`${t.policy_id} is not null`),
    index('money_accounts_invoice_idx')
      .on(t.invoice_id)
      .where(sql`${t.invoice_id} is not null`),
  ],
)

/**
 * One movement: `amount` from the debit account to the credit account. The business record links
 * are plain ids without foreign keys (a journal row never changes, so it cannot follow a delete).
 * paid_currency / paid_amount / rate record what was paid where it was not AUD.
 */
export const moneyTransfers = pgTable(
  'money_transfers',
  {
    id: serial('id').primaryKey(),
    debit_account_id: integer('debit_account_id')
      .notNull()
      .references(() => moneyAccounts.id),
    credit_account_id: integer('credit_account_id')
      .notNull()
      .references(() => moneyAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    state: text('state').notNull().default('POSTED'),
    idempotency_key: text('idempotency_key').notNull().unique('money_transfers_idempotency_key_key'),
    agency_id: integer('agency_id'),
    policy_id: integer('policy_id'),
    invoice_id: integer('invoice_id'),
    topup_id: integer('topup_id'),
    payment_id: integer('payment_id'),
    amendment_id: integer('amendment_id'),
    refund_id: integer('refund_id'),
    clawback_id: integer('clawback_id'),
    payout_id: integer('payout_id'),
    actor: text('actor').notNull(),
    note: text('note'),
    paid_currency: char('paid_currency', { length: 3 }),
    paid_amount: bigint('paid_amount', { mode: 'number' }),
    rate: numeric('rate', { precision: 20, scale: 10 }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('money_transfers_amount_positive', sql`${t.amount} > 0`),
    check('money_transfers_two_accounts', sql`${t.debit_account_id} <> ${t.credit_account_id}`),
    check('money_transfers_code', sql`${t.code} in (${inList(TRANSFER_CODES)})`),
    check('money_transfers_state', sql`${t.state} in (${inList(TRANSFER_STATES)})`),
    check('money_transfers_decided', sql`(${t.state} = 'PENDING') = (${t.decided_at} is null)`),
    index('money_transfers_debit_idx').on(t.debit_account_id, t.id),
    index('money_transfers_credit_idx').on(t.credit_account_id, t.id),
    index('money_transfers_agency_idx')
      .on(t.agency_id, t.created_at)
      .where(sql`${t.agency_id} is not null`),
    index('money_transfers_policy_idx')
      .on(t.policy_id, t.id)
      .where(sql`${t.policy_id} is not null`),
    index('money_transfers_pending_idx')
      .on(t.created_at)
      .where(sql`${t.state} = 'PENDING'`),
  ],
)
