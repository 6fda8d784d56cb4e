// Clearing suspense (issue 25, DESIGN.md §14): money the journal holds in `suspense` (a transfer
// over a premium, a delivery for no record) is placed by a decision on the transfer that brought it
// in: allocated to a policy's waiting bank payment or a bank top-up waiting for its money, refunded to the payer through the channel it
// came by, credited to an agency's balance, or written off (within SUSPENSE_WRITE_OFF_LIMIT_CENTS,
// with a reason). One person PROPOSES, another with finance APPROVES (the movement is posted in
// that transaction) or REJECTS it; one proposal at a time per transfer. Persisted shapes: `action`
// and `status` values are stored, so change them only by adding. Written only by
// domain/finance/suspense/.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { agencies } from './agencies'
import { identities } from './identity'
import { policies } from './policies'
import { agencyTopups } from './finance'

export const SUSPENSE_ACTIONS = ['ALLOCATE', 'REFUND', 'CREDIT_AGENCY', 'WRITE_OFF'] as const
export type SuspenseAction = (typeof SUSPENSE_ACTIONS)[number]
export const SUSPENSE_CLEARING_STATUSES = ['PROPOSED', 'APPROVED', 'REJECTED'] as const
export type SuspenseClearingStatus = (typeof SUSPENSE_CLEARING_STATUSES)[number]

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const who = (name: string) => integer(name).references(() => identities.id)

export const suspenseClearings = pgTable(
  'suspense_clearings',
  {
    id: serial('id').primaryKey(),
    /**
     * The transfer that credited suspense: the money this decision places (a plain id, as the
     * journal's own links: no foreign key holds the journal's table).
     */
    transfer_id: integer('transfer_id').notNull(),
    action: text('action').$type<SuspenseAction>().notNull(),
    /** AUD cents placed, at most what the transfer still holds in suspense. */
    amount: integer('amount').notNull(),
    /** What an ALLOCATE pays, one of: the policy whose waiting bank payment receives it… */
    policy_id: integer('policy_id').references(() => policies.id),
    /** …or the bank top-up waiting for its money (the whole top-up). */
    topup_id: integer('topup_id').references(() => agencyTopups.id),
    /** The agency credited (CREDIT_AGENCY only). */
    agency_id: integer('agency_id').references(() => agencies.id),
    reason: text('reason').notNull(),
    status: text('status').$type<SuspenseClearingStatus>().notNull().default('PROPOSED'),
    proposed_by_identity_id: who('proposed_by_identity_id').notNull(),
    proposed_at: at('proposed_at').notNull().defaultNow(),
    decided_by_identity_id: who('decided_by_identity_id'),
    decided_at: at('decided_at'),
    decision_note: text('decision_note'),
  },
  (t) => [
    check('suspense_clearings_action_check', sql`${t.action} in (${inList(SUSPENSE_ACTIONS)})`),
    check('suspense_clearings_status_check', sql`${t.status} in (${inList(SUSPENSE_CLEARING_STATUSES)})`),
    check('suspense_clearings_amount_check', sql`${t.amount} > 0`),
    check(
      'suspense_clearings_agency_check',
      sql`(${t.action} = 'CREDIT_AGENCY') = (${t.agency_id} is not null)`,
    ),
    check(
      'suspense_clearings_policy_check',
      sql`(${t.action} = 'ALLOCATE') = (num_nonnulls(${t.policy_id}, ${t.topup_id}) = 1) and num_nonnulls(${t.policy_id}, ${t.topup_id}) <= 1`,
    ),
    check('suspense_clearings_decided_check', sql`(${t.status} = 'PROPOSED') = (${t.decided_at} is null)`),
    uniqueIndex('suspense_clearings_one_proposal_idx')
      .on(t.transfer_id)
      .where(sql`${t.status} = 'PROPOSED'`),
    index('suspense_clearings_transfer_idx').on(t.transfer_id, t.status),
  ],
)
