// Reads shared by the full-refund use cases and workflow steps: a policy's refunds, what was paid
// for it and its commission, and the API shape of a refund (amounts in AUD, not cents).
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { getDb, readAll, type DbOrTx } from '../../db/client'
import { preparedRead } from '../../db/prepared'
import { commissions, fullRefunds, policyPremiumPayments } from '../../db/schema'
import { fromCents } from '../shared/money'
import { notFound } from '../shared/errors'
import { awaitsBatch, netRefund, OPEN_REFUND_STATUSES, type RefundState } from './refunds.rules'
import { agencyLinks, staffLinks } from '../shared/links'

export type RefundRow = typeof fullRefunds.$inferSelect

export const staffPolicyPath = staffLinks.policy
export const agencyPolicyPath = agencyLinks.policy

export const stateOf = (r: RefundRow): RefundState => ({
  refundId: r.id,
  policyId: r.policy_id,
  agencyId: r.agency_id,
  status: r.status,
  initiatedBy: r.initiated_by,
  awaitingBatch: awaitsBatch(r),
})

/** The policy's newest refund (open or not), or null. */
const latestRefundOf = preparedRead('latest_refund_of_policy', (db) =>
  db
    .select()
    .from(fullRefunds)
    .where(eq(fullRefunds.policy_id, sql.placeholder('policyId')))
    .orderBy(desc(fullRefunds.created_at), desc(fullRefunds.id))
    .limit(1),
)

export async function latestRefund(policyId: number, tx: DbOrTx = getDb()) {
  const [row] = await latestRefundOf({ policyId }, tx)
  return row ?? null
}

/** The policy's open refund (REQUESTED, INITIATED or APPROVED), or null. */
export async function openRefund(policyId: number, tx: DbOrTx = getDb()) {
  const [row] = await tx
    .select()
    .from(fullRefunds)
    .where(and(eq(fullRefunds.policy_id, policyId), inArray(fullRefunds.status, [...OPEN_REFUND_STATUSES])))
  return row ?? null
}

export async function refundById(refundId: number, tx: DbOrTx = getDb()) {
  const [row] = await tx.select().from(fullRefunds).where(eq(fullRefunds.id, refundId))
  if (!row) throw notFound('Full refund')
  return row
}

/**
 * What the agency paid for the policy's premium (PAID premium payments, cents; a refunded one no
 * longer counts), what may still be returned for it (`refundableCents`, policyPremiumHeld) and its
 * commission row (null when none was recorded).
 */
export async function policyMoney(policyId: number, tx: DbOrTx = getDb()) {
  const [[paid], [commission], held] = await readAll(
    tx,
    () =>
      tx
        .select({ cents: sql<number>`coalesce(sum(${policyPremiumPayments.amount}), 0)::bigint` })
        .from(policyPremiumPayments)
        .where(and(eq(policyPremiumPayments.policy_id, policyId), eq(policyPremiumPayments.status, 'PAID'))),
    () => tx.select().from(commissions).where(eq(commissions.policy_id, policyId)),
    () => policyPremiumHeld(policyId, tx),
  )
  return {
    premiumPaidCents: Number(paid?.cents ?? 0),
    refundableCents: held,
    commission: commission ?? null,
  }
}

/**
 * The money received for a policy and not yet returned, in cents (issue 22: a refund or an
 * amendment credit returns at most this). Received: its premium payments once paid (PAID, or
 * FULL_REFUNDED: paid, then returned by a refund counted below) and the completed payments of its
 * amendments (rises). Returned: amendment credits to the agency balance (ledger
 * AMENDMENT_PAYMENT_RECEIVED) and completed full refunds (their refundable premium). A BNPL
 * purchase not settled yet counts nothing received: its reductions lower what is owed instead.
 */
export async function policyPremiumHeld(policyId: number, tx: DbOrTx = getDb()) {
  const { rows } = await tx.execute<{ held: string }>(sql`
    select (
      coalesce((select sum(amount) from policy_premium_payments
                 where policy_id = ${policyId} and status in ('PAID', 'FULL_REFUNDED')), 0)
      + coalesce((select sum(p.amount) from amendment_payments p
                   join amendments a on a.id = p.amendment_id
                   where a.policy_id = ${policyId} and p.status = 'COMPLETED'), 0)
      - coalesce((select sum(transaction_amount) from agency_balance_transactions
                   where policy_id = ${policyId} and type = 'AMENDMENT_PAYMENT_RECEIVED'), 0)
      - coalesce((select sum(refundable_premium_amount) from full_refunds
                   where policy_id = ${policyId} and status = 'COMPLETED'), 0)
    )::bigint as held`)
  return Math.max(0, Number(rows[0]?.held ?? 0))
}

/** A refund as the API answers it: amounts in AUD, the net the agency receives. */
export function presentRefund(r: RefundRow) {
  const refundable = r.refundable_premium_amount
  const deductable = r.deductable_commission_amount
  return {
    id: r.id,
    policy_id: r.policy_id,
    agency_id: r.agency_id,
    status: r.status,
    full_refund_requested_reason: r.reason,
    refundable_premium_amount: refundable === null ? null : fromCents(refundable),
    deductable_commission_amount: deductable === null ? null : fromCents(deductable),
    refund_amount: refundable === null ? null : fromCents(netRefund(refundable, deductable ?? 0)),
    is_full_refund: r.is_full_refund,
    payment_method: r.payment_method,
    payment_url: r.payment_url,
    rejection_reason: r.rejection_reason,
    invoice_id: r.invoice_id,
    clawback_id: r.clawback_id,
    receipt_id: r.receipt_id,
    requested_by: r.requested_by,
    initiated_by: r.initiated_by,
    decided_by: r.decided_by,
    completed_at: r.completed_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }
}
