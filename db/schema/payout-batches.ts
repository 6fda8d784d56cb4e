// Payout batches (issue 25, DESIGN.md §16): REQUESTED commission payouts, full refunds approved to
// be paid by a batch and APPROVED insurer remittances gathered by finance and paid by one Australian Direct Entry (ABA) file. DRAFT -> APPROVED (another person) -> SENT (the
// file downloaded) -> PAID (its debit matched on a bank statement); DRAFT or APPROVED may be
// CANCELLED. An item is a payout's (or a remittance's) line in the file, with the account it pays
// (copied when the batch is built); a line the bank returns is RETURNED and its payout released.
// Persisted shapes: `status` and `state` values are stored, so change them only by adding.
// Written only by domain/finance/payout-batches/.
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { identities } from './identity'
import { agencies } from './agencies'
import { commissionPayouts } from './money'
import { bankStatementLines } from './statements'
import { insurerRemittances } from './remittances'
import { fullRefunds } from './after-sale'

export const PAYOUT_BATCH_STATUSES = ['DRAFT', 'APPROVED', 'SENT', 'PAID', 'CANCELLED'] as const
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number]
export const PAYOUT_BATCH_ITEM_STATES = ['INCLUDED', 'RETURNED', 'RELEASED'] as const
export type PayoutBatchItemState = (typeof PAYOUT_BATCH_ITEM_STATES)[number]

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<PayoutBatchStatus>().notNull().default('DRAFT'),
    /** The day the bank is asked to process the file (ISO date, Australia/Sydney). */
    processing_date: date('processing_date').notNull(),
    /** What its INCLUDED items add up to (cents): the debit the statement shows. */
    total_cents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    item_count: integer('item_count').notNull().default(0),
    created_by_identity_id: integer('created_by_identity_id')
      .notNull()
      .references(() => identities.id),
    created_at: at('created_at').notNull().defaultNow(),
    approved_by_identity_id: integer('approved_by_identity_id').references(() => identities.id),
    approved_at: at('approved_at'),
    sent_by_identity_id: integer('sent_by_identity_id').references(() => identities.id),
    sent_at: at('sent_at'),
    /** The statement's debit line that paid it (PAID). */
    statement_line_id: integer('statement_line_id').references(() => bankStatementLines.id),
    paid_by_identity_id: integer('paid_by_identity_id').references(() => identities.id),
    paid_at: at('paid_at'),
    cancelled_by_identity_id: integer('cancelled_by_identity_id').references(() => identities.id),
    cancelled_at: at('cancelled_at'),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payout_batches_status_idx').on(t.status, t.id),
    uniqueIndex('payout_batches_statement_line_key').on(t.statement_line_id),
    check('payout_batches_status_check', sql`${t.status} in (${inList(PAYOUT_BATCH_STATUSES)})`),
  ],
)

export const payoutBatchItems = pgTable(
  'payout_batch_items',
  {
    id: serial('id').primaryKey(),
    batch_id: integer('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    /** The one record it pays: a commission payout, a full refund (both to agency_id) or an insurer remittance. */
    payout_id: integer('payout_id').references(() => commissionPayouts.id),
    agency_id: integer('agency_id').references(() => agencies.id),
    remittance_id: integer('remittance_id').references(() => insurerRemittances.id),
    refund_id: integer('refund_id').references(() => fullRefunds.id),
    amount_cents: bigint('amount_cents', { mode: 'number' }).notNull(),
    bsb: text('bsb').notNull(),
    account_number: text('account_number').notNull(),
    account_name: text('account_name').notNull(),
    /** What the payee's statement shows (the ABA lodgement reference, at most 18 characters). */
    lodgement_reference: text('lodgement_reference').notNull(),
    /** INCLUDED: in the file; RETURNED: the bank sent it back; RELEASED: its batch was cancelled. */
    state: text('state').$type<PayoutBatchItemState>().notNull().default('INCLUDED'),
    return_reason: text('return_reason'),
    returned_by_identity_id: integer('returned_by_identity_id').references(() => identities.id),
    returned_at: at('returned_at'),
  },
  (t) => [
    index('payout_batch_items_batch_idx').on(t.batch_id, t.id),
    // A payout is in at most one batch at a time (a returned or released line frees it).
    uniqueIndex('payout_batch_items_live_payout_key')
      .on(t.payout_id)
      .where(sql`${t.state} = 'INCLUDED'`),
    uniqueIndex('payout_batch_items_live_remittance_key')
      .on(t.remittance_id)
      .where(sql`${t.state} = 'INCLUDED'`),
    uniqueIndex('payout_batch_items_live_refund_key')
      .on(t.refund_id)
      .where(sql`${t.state} = 'INCLUDED'`),
    check(
      'payout_batch_items_one_record',
      sql`num_nonnulls(${t.payout_id}, ${t.remittance_id}, ${t.refund_id}) = 1 and (${t.remittance_id} is null) = (${t.agency_id} is not null)`,
    ),
    check('payout_batch_items_state_check', sql`${t.state} in (${inList(PAYOUT_BATCH_ITEM_STATES)})`),
    check('payout_batch_items_amount_check', sql`${t.amount_cents} > 0`),
  ],
)
