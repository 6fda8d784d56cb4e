// Commission cap compliance (issue 25, ADR 0020): the most commission an agency may earn per product
// line (OSHC, OVHC), as a percentage of the base commission uses (the premium paid, without GST),
// from an effective date. A setting is PROPOSED by one person with finance and made ACTIVE by
// another (maker-checker); the ACTIVE rows of a line are its timeline: the cap on a day is the row
// with the latest effective_from on or before it (max_rate null: no cap from that day). A row
// confirmed for the same line and day replaces the one before (SUPERSEDED); a proposal may be
// WITHDRAWN. No ACTIVE row: no cap, the specification's 0-100 rules alone. Every step is an event.
// Persisted shapes: `status`, `kind` and `product_line` values are stored, so change them only by
// adding. Written only by domain/finance/commission-cap/.
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { identities } from './identity'

export const PRODUCT_LINES = ['OSHC', 'OVHC'] as const
export type ProductLine = (typeof PRODUCT_LINES)[number]
export const CAP_STATUSES = ['PROPOSED', 'ACTIVE', 'SUPERSEDED', 'WITHDRAWN'] as const
export type CapStatus = (typeof CAP_STATUSES)[number]
export const CAP_EVENT_KINDS = ['PROPOSED', 'CONFIRMED', 'WITHDRAWN', 'SUPERSEDED'] as const
export type CapEventKind = (typeof CAP_EVENT_KINDS)[number]

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const who = (name: string) => integer(name).references(() => identities.id)

export const commissionCaps = pgTable(
  'commission_caps',
  {
    id: serial('id').primaryKey(),
    product_line: text('product_line').$type<ProductLine>().notNull(),
    /** Percent (numeric(5,2)); null: the cap is off from effective_from. */
    max_rate: numeric('max_rate', { precision: 5, scale: 2 }),
    /** The first purchase date (business day, Australia/Sydney) the setting governs. */
    effective_from: date('effective_from').notNull(),
    status: text('status').$type<CapStatus>().notNull().default('PROPOSED'),
    note: text('note'),
    proposed_by_identity_id: who('proposed_by_identity_id').notNull(),
    proposed_at: at('proposed_at').notNull().defaultNow(),
    confirmed_by_identity_id: who('confirmed_by_identity_id'),
    confirmed_at: at('confirmed_at'),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('commission_caps_line_check', sql`${t.product_line} in (${inList(PRODUCT_LINES)})`),
    check('commission_caps_status_check', sql`${t.status} in (${inList(CAP_STATUSES)})`),
    check(
      'commission_caps_rate_check',
      sql`${t.max_rate} is null or (${t.max_rate} > 0 and ${t.max_rate} <= 100)`,
    ),
    uniqueIndex('commission_caps_one_proposal_idx')
      .on(t.product_line)
      .where(sql`${t.status} = 'PROPOSED'`),
    uniqueIndex('commission_caps_one_active_idx')
      .on(t.product_line, t.effective_from)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
)

/** The audit of the setting: who proposed, confirmed, withdrew (with the reason) or replaced what. */
export const commissionCapEvents = pgTable(
  'commission_cap_events',
  {
    id: serial('id').primaryKey(),
    cap_id: integer('cap_id')
      .notNull()
      .references(() => commissionCaps.id),
    kind: text('kind').$type<CapEventKind>().notNull(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id),
    note: text('note'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('commission_cap_events_kind_check', sql`${t.kind} in (${inList(CAP_EVENT_KINDS)})`),
    index('commission_cap_events_cap_idx').on(t.cap_id, t.id),
  ],
)
