// Closed periods (issue 25, DESIGN.md §16, ADR 0019): a month of the money journal, counted in
// Australia/Sydney, is OPEN until finance closes it by maker-checker: one person PROPOSES it with
// its trial balance (a snapshot), another CLOSES it. Reopening takes a request with a reason
// (REOPEN_REQUESTED, still closed) and a confirmation by another person (OPEN again). No row means
// OPEN. Every step is an event (the audit). Migration 0041 adds the trigger on money_transfers that
// refuses a change dated in a CLOSED or REOPEN_REQUESTED month.
// Persisted shapes: `status` and `kind` values are stored, so change them only by adding.
// Written only by domain/finance/periods/.
import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { identities } from './identity'

export const PERIOD_STATUSES = ['OPEN', 'PROPOSED', 'CLOSED', 'REOPEN_REQUESTED'] as const
export type PeriodStatus = (typeof PERIOD_STATUSES)[number]
/** The statuses in which the month's transfers are frozen (the trigger's list). */
export const FROZEN_PERIOD_STATUSES = [
  'CLOSED',
  'REOPEN_REQUESTED',
] as const satisfies readonly PeriodStatus[]
export const PERIOD_EVENT_KINDS = ['PROPOSED', 'CLOSED', 'REOPEN_REQUESTED', 'REOPENED'] as const
export type PeriodEventKind = (typeof PERIOD_EVENT_KINDS)[number]

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const who = (name: string) => integer(name).references(() => identities.id)

export const accountingPeriods = pgTable(
  'accounting_periods',
  {
    id: serial('id').primaryKey(),
    /** The month, as its first day (ISO date, Australia/Sydney). */
    month: date('month').notNull().unique('accounting_periods_month_key'),
    status: text('status').$type<PeriodStatus>().notNull().default('OPEN'),
    /** The month's trial balance when proposed (cents); closing refuses if it has changed since. */
    trial_balance: jsonb('trial_balance'),
    proposed_by_identity_id: who('proposed_by_identity_id'),
    proposed_at: at('proposed_at'),
    closed_by_identity_id: who('closed_by_identity_id'),
    closed_at: at('closed_at'),
    reopen_requested_by_identity_id: who('reopen_requested_by_identity_id'),
    reopen_reason: text('reopen_reason'),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('accounting_periods_status_check', sql`${t.status} in (${inList(PERIOD_STATUSES)})`),
    check('accounting_periods_first_day', sql`extract(day from ${t.month}) = 1`),
  ],
)

/** The audit of a month: who proposed, closed, asked to reopen (with the reason) and reopened it. */
export const accountingPeriodEvents = pgTable(
  'accounting_period_events',
  {
    id: serial('id').primaryKey(),
    period_id: integer('period_id')
      .notNull()
      .references(() => accountingPeriods.id),
    kind: text('kind').$type<PeriodEventKind>().notNull(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id),
    reason: text('reason'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('accounting_period_events_kind_check', sql`${t.kind} in (${inList(PERIOD_EVENT_KINDS)})`),
    index('accounting_period_events_period_idx').on(t.period_id, t.id),
  ],
)
