// Insurer remittances (issue 25, DESIGN.md §16): each closed month, the premium received for each
// insurer's policies net of the commission retained for agencies is paid to that insurer.
// PROPOSED (one person, with the figures from the journal) -> APPROVED (another person) -> PAID
// (its line in a payout batch's ABA file, when the batch's debit is confirmed on a statement);
// PROPOSED or APPROVED may be CANCELLED. The insurer's bank account is kept per insurer and copied
// onto the remittance when it is proposed, so the approver approves the account it pays.
// Persisted shapes: `status` values are stored, so change them only by adding.
// Written only by domain/finance/remittances/ (and payout-batches/ for PAID).
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
import { insuranceProviders } from './reference'

export const REMITTANCE_STATUSES = ['PROPOSED', 'APPROVED', 'PAID', 'CANCELLED'] as const
export type RemittanceStatus = (typeof REMITTANCE_STATUSES)[number]

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull()

/** Where an insurer's remittances are paid (set by staff with finance). */
export const insurerBankAccounts = pgTable('insurer_bank_accounts', {
  insurance_provider_id: integer('insurance_provider_id')
    .primaryKey()
    .references(() => insuranceProviders.id),
  bsb: text('bsb').notNull(),
  account_number: text('account_number').notNull(),
  account_name: text('account_name').notNull(),
  updated_by_identity_id: integer('updated_by_identity_id')
    .notNull()
    .references(() => identities.id),
  updated_at: at('updated_at').notNull().defaultNow(),
})

export const insurerRemittances = pgTable(
  'insurer_remittances',
  {
    id: serial('id').primaryKey(),
    /** The first day of the closed month it remits (Australia/Sydney months). */
    month: date('month').notNull(),
    insurance_provider_id: integer('insurance_provider_id')
      .notNull()
      .references(() => insuranceProviders.id),
    status: text('status').$type<RemittanceStatus>().notNull().default('PROPOSED'),
    policy_count: integer('policy_count').notNull(),
    /** Premium received in the month for its policies, less what was returned (cents). */
    premium_cents: cents('premium_cents'),
    /** Commission banked in the month for its policies, less what was given back (cents). */
    commission_cents: cents('commission_cents'),
    /** premium_cents - commission_cents: what the insurer is paid. */
    amount_cents: cents('amount_cents'),
    bsb: text('bsb').notNull(),
    account_number: text('account_number').notNull(),
    account_name: text('account_name').notNull(),
    proposed_by_identity_id: integer('proposed_by_identity_id')
      .notNull()
      .references(() => identities.id),
    proposed_at: at('proposed_at').notNull(),
    approved_by_identity_id: integer('approved_by_identity_id').references(() => identities.id),
    approved_at: at('approved_at'),
    paid_at: at('paid_at'),
    cancelled_by_identity_id: integer('cancelled_by_identity_id').references(() => identities.id),
    cancelled_at: at('cancelled_at'),
    cancel_reason: text('cancel_reason'),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('insurer_remittances_status_idx').on(t.status, t.id),
    // One live remittance per insurer and month.
    uniqueIndex('insurer_remittances_live_key')
      .on(t.month, t.insurance_provider_id)
      .where(sql`${t.status} <> 'CANCELLED'`),
    check('insurer_remittances_status_check', sql`${t.status} in (${inList(REMITTANCE_STATUSES)})`),
    check(
      'insurer_remittances_amount_check',
      sql`${t.amount_cents} > 0 and ${t.amount_cents} = ${t.premium_cents} - ${t.commission_cents}`,
    ),
  ],
)
