import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, customers, fullRefunds, policies } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { fromCents } from '../shared/money'
import { pageInfo } from '../shared/pagination'
import { FULL_REFUND_STATUS_LABELS } from '../shared/labels'
import { netRefund } from './refunds.rules'
import type { RefundListQuery } from './refunds.schemas'

const SORTS = {
  created_at: fullRefunds.created_at,
  updated_at: fullRefunds.updated_at,
  status: fullRefunds.status,
  ref: policies.ref,
} as const

/**
 * getFullRefundRequestedPolicies (staff with finance: every agency, agency_id narrows; the agency
 * side: its own): full refund requests with their policy, student and agency, newest first by
 * default; filters status and search (policy ref or student name), paged. Amounts in AUD.
 */
export const findFullRefundPolicies = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findFullRefundPolicies(opts: { actor: Actor; input: RefundListQuery }) {
    const { input, actor } = opts
    const where = filtersOf(input, isAgencySide(actor) ? actor.agencyId : input.agency_id)
    const rows = await listRows(input, where)
    return {
      items: rows.map(presentRow),
      pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0),
    }
  },
)

/** The list's filters: the agency (the agency side's own), status, and policy ref or student name. */
function filtersOf(input: RefundListQuery, agencyId: number | null | undefined) {
  const where: SQL[] = []
  if (agencyId) where.push(eq(fullRefunds.agency_id, agencyId))
  if (input.status) where.push(eq(fullRefunds.status, input.status))
  if (input.search) {
    const like = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(
      or(
        ilike(policies.ref, like),
        ilike(sql`${customers.first_name} || ' ' || ${customers.last_name}`, like),
      )!,
    )
  }
  return where
}

/** One page of refunds with their policy, student and agency, and the count of all that match. */
function listRows(input: RefundListQuery, where: SQL[]) {
  const order = input.sort_direction === 'asc' ? asc : desc
  return getDb()
    .select({
      refund: fullRefunds,
      ref: policies.ref,
      policy_status: policies.status,
      premium: policies.premium,
      cancellation_request_status: policies.cancellation_request_status,
      first_name: customers.first_name,
      last_name: customers.last_name,
      agency_name: agencies.full_company_name,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(fullRefunds)
    .innerJoin(policies, eq(policies.id, fullRefunds.policy_id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .innerJoin(agencies, eq(agencies.id, fullRefunds.agency_id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(order(SORTS[input.sort_key]), desc(fullRefunds.id))
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage)
}

/** A refund as the list answers it: amounts in AUD, the net the agency receives. */
function presentRow(r: Awaited<ReturnType<typeof listRows>>[number]) {
  const { refund } = r
  return {
    id: refund.id,
    policy_id: refund.policy_id,
    ref: r.ref,
    agency_id: refund.agency_id,
    agency_name: r.agency_name,
    customer_name: `${r.first_name} ${r.last_name}`,
    policy_status: r.policy_status,
    cancellation_request_status: r.cancellation_request_status,
    status: refund.status,
    status_label: FULL_REFUND_STATUS_LABELS[refund.status],
    premium: r.premium === null ? null : fromCents(r.premium),
    full_refund_requested_reason: refund.reason,
    refundable_premium_amount:
      refund.refundable_premium_amount === null ? null : fromCents(refund.refundable_premium_amount),
    deductable_commission_amount:
      refund.deductable_commission_amount === null ? null : fromCents(refund.deductable_commission_amount),
    refund_amount:
      refund.refundable_premium_amount === null
        ? null
        : fromCents(netRefund(refund.refundable_premium_amount, refund.deductable_commission_amount ?? 0)),
    payment_method: refund.payment_method,
    created_at: refund.created_at,
    completed_at: refund.completed_at,
  }
}
