// The buy-now-pay-later purchases an agency still owes, with their settlement deadlines, and the
// block on new BNPL purchases once one of them is past its deadline (DESIGN.md section 10).
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { customers, policies, policyPremiumPayments } from '../../../db/schema'
import { config } from '../../shared/config'
import { conflict } from '../../shared/errors'
import { formatDate } from '../../shared/format'
import { settlementDeadline, UNSETTLED_BNPL_STATUSES } from './bnpl.rules'

const DAY_MS = 86_400_000

/** Days after a BNPL purchase by which it must be settled (BNPL_SETTLEMENT_DAYS, default 30). */
export const settlementDays = () => config().BNPL_SETTLEMENT_DAYS

/**
 * The unsettled BNPL premium payments (of one agency, or all), oldest first, with their policy,
 * student and deadline. `statuses` narrows them (e.g. to those that may still be requested).
 */
export async function unsettledBnplPayments(
  db: DbOrTx,
  opts: {
    agencyId?: number
    statuses?: readonly (typeof UNSETTLED_BNPL_STATUSES)[number][]
    /** Only purchases made at or before this instant. */
    purchasedBefore?: Date
  } = {},
) {
  const days = settlementDays()
  const rows = await db
    .select({
      payment_id: policyPremiumPayments.id,
      policy_id: policyPremiumPayments.policy_id,
      agency_id: policyPremiumPayments.agency_id,
      amount: policyPremiumPayments.amount,
      status: policyPremiumPayments.status,
      rejection_reason: policyPremiumPayments.rejection_reason,
      purchased_at: policyPremiumPayments.created_at,
      ref: policies.ref,
      policy_status: policies.status,
      student: sql<string>`${customers.first_name} || ' ' || ${customers.last_name}`,
    })
    .from(policyPremiumPayments)
    .innerJoin(policies, eq(policies.id, policyPremiumPayments.policy_id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .where(
      and(
        eq(policyPremiumPayments.payment_type, 'BNPL'),
        inArray(policyPremiumPayments.status, [...(opts.statuses ?? UNSETTLED_BNPL_STATUSES)]),
        opts.agencyId === undefined ? undefined : eq(policyPremiumPayments.agency_id, opts.agencyId),
        opts.purchasedBefore ? lte(policyPremiumPayments.created_at, opts.purchasedBefore) : undefined,
      ),
    )
    .orderBy(asc(policyPremiumPayments.created_at), asc(policyPremiumPayments.id))
  return rows.map((r) => ({ ...r, deadline: settlementDeadline(r.purchased_at, days) }))
}

export type UnsettledBnplPayment = Awaited<ReturnType<typeof unsettledBnplPayments>>[number]

/**
 * Why the agency may not buy with BNPL now, or null: one of its BNPL purchases is past its
 * settlement deadline and not settled by an approved request. Names the oldest ones.
 */
export async function bnplBlockReason(db: DbOrTx, agencyId: number, now: Date): Promise<string | null> {
  const overdue = await unsettledBnplPayments(db, {
    agencyId,
    purchasedBefore: new Date(now.getTime() - settlementDays() * DAY_MS),
  })
  if (!overdue.length) return null
  const named = overdue
    .slice(0, 3)
    .map((p) => `${p.ref} (due ${formatDate(p.deadline)})`)
    .join(', ')
  const more = overdue.length > 3 ? ` and ${overdue.length - 3} more` : ''
  return `Buy now, pay later is blocked until your overdue purchases are settled: ${named}${more}`
}

/** 409 with the reason when the agency is blocked from buying with BNPL. */
export async function assertBnplNotOverdue(db: DbOrTx, agencyId: number, now: Date) {
  const reason = await bnplBlockReason(db, agencyId, now)
  if (reason) throw conflict(reason)
}
