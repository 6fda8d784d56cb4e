import { and, asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, customers, policyHistories } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { fromCents } from '../shared/money'
import { loadPolicy } from '../policies/policy-loading'
import { presentCancellation } from './cancellation-loading'
import { refundFilesOf } from './refund-files'
import { latestRefund, policyMoney, presentRefund } from './refund-loading'

/** The policy history actions of the refund and the cancellation (reminders: staff only). */
const REFUND_ACTIONS = [
  'requestFullRefund',
  'initiateFullRefund',
  'approveFullRefund',
  'completeFullRefund',
  'rejectFullRefund',
  'progressCancellation',
  'REFUND_DOCUMENT_DELETED',
]
const STAFF_ONLY_ACTIONS = ['FULL_REFUND_REMINDER_SENT', 'FULL_REFUND_ESCALATED']

/**
 * getFullRefundPolicyDetails/{policy_id} (staff with finance; the agency side reads its own for its
 * policy page): the policy with its student and agency, what was paid (premium paid, commission and
 * its status, in AUD), the newest refund request with its amounts and the net the agency receives,
 * the refund documents, the cancellation, and the refund's timeline (staff also see reminders and
 * escalations). `full_refund` is null when none was ever requested. Another agency's policy: 404.
 */
export const getFullRefundDetails = defineUseCase(
  { staff: ['finance', 'policy_management'], agency: true },
  async function getFullRefundDetails(opts: { actor: Actor; policyId: number }) {
    const policy = await loadPolicy(opts.actor, opts.policyId)
    const [refund, money, files, parties, history] = await Promise.all([
      latestRefund(policy.id),
      policyMoney(policy.id),
      refundFilesOf(policy.id),
      partiesOf(policy),
      refundHistory(policy.id, isAgencySide(opts.actor)),
    ])
    return {
      policy: {
        id: policy.id,
        ref: policy.ref,
        status: policy.status,
        premium: policy.premium === null ? null : fromCents(policy.premium),
        start_date: policy.start_date,
        end_date: policy.end_date,
        full_refund_requested_reason: policy.full_refund_requested_reason,
        full_refund_rejection_reason: policy.full_refund_rejection_reason,
        ...parties,
      },
      premium_paid: fromCents(money.premiumPaidCents),
      // What a full refund returns: received and not yet returned (amendment credits, refunds).
      premium_refundable: fromCents(money.refundableCents),
      commission: money.commission
        ? { amount: fromCents(money.commission.amount), status: money.commission.status }
        : null,
      full_refund: refund ? presentRefund(refund) : null,
      files,
      cancellation: presentCancellation(policy),
      history,
    }
  },
)

/** The policy's student and agency, as the details name them. */
async function partiesOf(policy: { customer_id: number; agency_id: number }) {
  const db = getDb()
  const [[customer], [agency]] = await Promise.all([
    db
      .select({ first_name: customers.first_name, last_name: customers.last_name, email: customers.email })
      .from(customers)
      .where(eq(customers.id, policy.customer_id)),
    db
      .select({ id: agencies.id, name: agencies.full_company_name, email: agencies.email })
      .from(agencies)
      .where(eq(agencies.id, policy.agency_id)),
  ])
  return {
    customer_name: customer ? `${customer.first_name} ${customer.last_name}` : null,
    customer_email: customer?.email ?? null,
    agency_id: agency?.id ?? policy.agency_id,
    agency_name: agency?.name ?? agency?.email ?? null,
  }
}

/** The refund's and the cancellation's timeline, oldest first (reminders and escalations: staff). */
async function refundHistory(policyId: number, agencySide: boolean) {
  const rows = await getDb()
    .select()
    .from(policyHistories)
    .where(
      and(
        eq(policyHistories.policy_id, policyId),
        inArray(
          policyHistories.action,
          agencySide ? REFUND_ACTIONS : [...REFUND_ACTIONS, ...STAFF_ONLY_ACTIONS],
        ),
      ),
    )
    .orderBy(asc(policyHistories.created_at), asc(policyHistories.id))
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    from_status: h.from_status,
    status: h.status,
    actor: h.actor,
    note: h.note,
    created_at: h.created_at,
  }))
}
