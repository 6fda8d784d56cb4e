// Bank statements (issue 25, DESIGN.md §16): uploaded statement files and their lines, each line
// stored once (line_hash). Persisted shapes: `state` and `matched_kind` values are stored, so
// change them only by adding. Amounts are integer cents, AUD, signed (credits positive).
// Written only by domain/finance/statements/.
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { identities } from './identity'

export const STATEMENT_LINE_STATES = [
  'unmatched',
  'exact',
  'proposed',
  'assigned',
  'confirmed',
  'not_ours',
  'split',
] as const
export type StatementLineState = (typeof STATEMENT_LINE_STATES)[number]
export const STATEMENT_MATCH_KINDS = [
  'policy_payment',
  'topup',
  'payout_batch',
  'invoice_payment',
  'clawback',
  'bnpl_settlement',
] as const
export type StatementMatchKind = (typeof STATEMENT_MATCH_KINDS)[number]

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/** One uploaded statement file; `new_line_count` is how many of its lines were not stored before. */
export const bankStatements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  file_name: text('file_name').notNull(),
  /** The file's format and, for CSV, the preset recognised (`csv:date-amount`, `csv:debit-credit`). */
  format: text('format').notNull(),
  uploaded_by_identity_id: integer('uploaded_by_identity_id').references(() => identities.id),
  uploaded_at: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  line_count: integer('line_count').notNull().default(0),
  new_line_count: integer('new_line_count').notNull().default(0),
})

/**
 * A statement line, stored once across uploads: `line_hash` is the sha256 of account, date,
 * amount, reference and running balance. A credit line may match what the product waits for
 * (`matched_kind` + `matched_id`: a policy id for policy_payment, a top-up id for topup, an invoice
 * payment id for invoice_payment: a bank part of an invoice, a clawback id for clawback: commission
 * paid back by bank, a request id for bnpl_settlement: buy now, pay later settled by bank); a debit
 * line may pay a payout batch (payout_batch: the batch id). A credit line paying several records is split into parts (lines
 * of their own, `parent_line_id` naming it), each assigned and confirmed on its own.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: serial('id').primaryKey(),
    statement_id: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    line_hash: text('line_hash').notNull().unique('bank_statement_lines_hash_key'),
    booked_on: date('booked_on').notNull(),
    amount_cents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    reference: text('reference').notNull().default(''),
    payer: text('payer').notNull().default(''),
    balance_cents: bigint('balance_cents', { mode: 'number' }),
    state: text('state').notNull().default('unmatched'),
    matched_kind: text('matched_kind'),
    matched_id: integer('matched_id'),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    confirmed_by_identity_id: integer('confirmed_by_identity_id').references(() => identities.id),
    /** A part of a line split by finance (one transfer paying several records); its parent is `split`. */
    parent_line_id: integer('parent_line_id').references((): AnyPgColumn => bankStatementLines.id),
  },
  (t) => [
    index('bank_statement_lines_statement_idx').on(t.statement_id, t.id),
    index('bank_statement_lines_state_idx').on(t.state),
    check('bank_statement_lines_state_check', sql`${t.state} in (${inList(STATEMENT_LINE_STATES)})`),
    check(
      'bank_statement_lines_kind_check',
      sql`${t.matched_kind} is null or ${t.matched_kind} in (${inList(STATEMENT_MATCH_KINDS)})`,
    ),
  ],
)

/**
 * A bank account's CSV column mapping, saved by finance for an export the presets do not
 * recognise: `header_key` is the file's header row as compared (lower case, words only, joined by
 * `|`), `columns` names the header cell of each known column (date, description, reference,
 * payer, amount or debit and credit, balance, account). A file whose header row is exactly this
 * one is read with it.
 */
export const statementCsvMappings = pgTable(
  'statement_csv_mappings',
  {
    id: serial('id').primaryKey(),
    bank_account: text('bank_account').notNull().unique('statement_csv_mappings_account_key'),
    header_key: text('header_key').notNull(),
    columns: jsonb('columns').$type<Record<string, string>>().notNull(),
    saved_by_identity_id: integer('saved_by_identity_id').references(() => identities.id),
    saved_at: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('statement_csv_mappings_header_idx').on(t.header_key)],
)
