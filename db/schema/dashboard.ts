// The staff dashboard's rollups (docs/decisions/0011-dashboard-rollup.md): per business day the
// additive figures of the dashboard, kept exact by statement triggers on their source tables
// (policies, commissions, amendments, policy_certificates, clawbacks, full_refunds; migration
// 0023_dashboard_rollup) and rebuilt by `select dashboard_rebuild()`. Counts and cent sums only:
// every figure of a range is a sum over its days. Days are business days in `time_zone`.
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { policyStatus } from './policies'

/**
 * The figures of one rollup row. A policy's facts count under its current agency, insurer (0 for
 * none) and status, each on the business day of its own event:
 * - sold, premium, commission, banked_commission: the day the policy was bought (purchased_at),
 *   with its commission (banked_commission: only while COMMISSION_BANKED or _AMENDMENT_ADJUSTED);
 * - created, amended: the day the policy was created (amended: those with a COMPLETED or
 *   CERTIFICATE_UPLOADED amendment), for the status mix;
 * - certificates: the day a 'new' certificate was issued;
 * - paid_clawback: clawback_commission_amount of COMPLETED clawbacks, the day completed;
 * - pending_clawback: outstanding_amount of clawbacks not COMPLETED, the day opened;
 * - refunded_premium: refundable_premium_amount of COMPLETED full refunds, the day completed.
 */
const figures = () => ({
  sold: integer('sold').notNull().default(0),
  premium: bigint('premium', { mode: 'number' }).notNull().default(0),
  commission: bigint('commission', { mode: 'number' }).notNull().default(0),
  banked_commission: bigint('banked_commission', { mode: 'number' }).notNull().default(0),
  created: integer('created').notNull().default(0),
  amended: integer('amended').notNull().default(0),
  certificates: integer('certificates').notNull().default(0),
  paid_clawback: bigint('paid_clawback', { mode: 'number' }).notNull().default(0),
  pending_clawback: bigint('pending_clawback', { mode: 'number' }).notNull().default(0),
  refunded_premium: bigint('refunded_premium', { mode: 'number' }).notNull().default(0),
})

/** All agencies together: one row per day, insurer and policy status. */
export const dashboardDays = pgTable(
  'dashboard_days',
  {
    day: date('day').notNull(),
    provider_id: integer('provider_id').notNull(),
    status: policyStatus('status').notNull(),
    ...figures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.provider_id, t.status] })],
)

/** Per agency: one row per agency, day, insurer and policy status. */
export const dashboardAgencyDays = pgTable(
  'dashboard_agency_days',
  {
    agency_id: integer('agency_id').notNull(),
    day: date('day').notNull(),
    provider_id: integer('provider_id').notNull(),
    status: policyStatus('status').notNull(),
    ...figures(),
  },
  (t) => [
    primaryKey({ columns: [t.agency_id, t.day, t.provider_id, t.status] }),
    // The agencies that sold on given days with their sales, read from the index alone (agency
    // performance, selling agencies).
    index('dashboard_agency_days_sold_idx')
      .on(t.day, t.agency_id, t.sold, t.premium, t.commission)
      .where(sql`${t.sold} > 0`),
  ],
)

/** Per agency and business month (its first day): the sales of agency performance over long ranges. */
export const dashboardAgencyMonths = pgTable(
  'dashboard_agency_months',
  {
    month: date('month').notNull(),
    agency_id: integer('agency_id').notNull(),
    sold: integer('sold').notNull().default(0),
    premium: bigint('premium', { mode: 'number' }).notNull().default(0),
    commission: bigint('commission', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.agency_id] })],
)

/** The one row saying which time zone the rollups' days are in (BUSINESS_TZ when last rebuilt). */
export const dashboardRollupState = pgTable(
  'dashboard_rollup_state',
  {
    id: boolean('id').primaryKey().default(true),
    time_zone: text('time_zone').notNull(),
  },
  (t) => [check('dashboard_rollup_state_one_row', sql`${t.id}`)],
)
