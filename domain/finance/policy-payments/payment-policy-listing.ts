// Policy payment lists: the scope, filters, query and row shape of findPaymentPolicies and
// iteratePaymentPolicies (screen and export read the same rows).
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  agencies,
  customers,
  customerSearchText,
  insuranceProviders,
  policies,
  policyPremiumPayments,
} from '../../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../../shared/actor'
import { forbidden } from '../../shared/errors'
import { fromCents } from '../../shared/money'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { STATUS_LABELS } from '../../policies/policies.rules'
import {
  AGENCY_PAYMENT_TAB_STATUSES,
  OUTSTANDING_TAB_STATUSES,
  PURCHASED_STATUSES,
  type AgencyPaymentTab,
  type OutstandingTab,
} from '../finance.rules'
import type { PaymentListInput } from '../finance.schemas'
import { assertFinanceReader } from '../finance-guards'
import { likePattern, type ExportColumnOf } from '../search-and-export'

/**
 * The policy payment lists of the finance desk and of the agency:
 * - verification: policies with a REQUESTED premium payment (staff; the payment shown is that one);
 * - outstanding: by tab, All | Unpaid | Pending | Paid (staff);
 * - purchased: PAYMENT_APPROVED and later (staff, or an agency for itself);
 * - pending: the agency's Outstanding | Payment_Verification_Pending | All.
 * Other lists show each policy's latest premium payment.
 */
export type PaymentList =
  | { kind: 'verification' }
  | { kind: 'outstanding'; tab: OutstandingTab }
  | { kind: 'purchased' }
  | { kind: 'pending'; tab: AgencyPaymentTab }

function latestPayment(onlyRequested: boolean) {
  return getDb()
    .select({
      id: policyPremiumPayments.id,
      status: policyPremiumPayments.status,
      payment_type: policyPremiumPayments.payment_type,
      amount: policyPremiumPayments.amount,
      surcharge_amount: policyPremiumPayments.surcharge_amount,
      received_amount: policyPremiumPayments.received_amount,
      bank_document: policyPremiumPayments.bank_document,
      rejection_reason: policyPremiumPayments.rejection_reason,
      created_at: policyPremiumPayments.created_at,
    })
    .from(policyPremiumPayments)
    .where(
      and(
        eq(policyPremiumPayments.policy_id, policies.id),
        onlyRequested ? eq(policyPremiumPayments.status, 'REQUESTED') : undefined,
      ),
    )
    .orderBy(desc(policyPremiumPayments.created_at), desc(policyPremiumPayments.id))
    .limit(1)
    .as('lp')
}

function statusesOf(list: PaymentList) {
  switch (list.kind) {
    case 'verification':
      return null
    case 'outstanding':
      return OUTSTANDING_TAB_STATUSES[list.tab]
    case 'purchased':
      return PURCHASED_STATUSES
    case 'pending':
      return AGENCY_PAYMENT_TAB_STATUSES[list.tab]
  }
}

export function buildQuery(list: PaymentList, input: PaymentListInput, agencyId: number | undefined) {
  const lp = latestPayment(list.kind === 'verification')
  const where: SQL[] = []
  const statuses = statusesOf(list)
  if (statuses) where.push(inArray(policies.status, [...statuses]))
  if (list.kind === 'verification') where.push(eq(policies.status, 'PURCHASED'))
  if (agencyId !== undefined) where.push(eq(policies.agency_id, agencyId))
  if (input.provider_id !== undefined) where.push(eq(policies.insurance_provider_id, input.provider_id))
  if (input.payment_type) where.push(eq(lp.payment_type, input.payment_type))
  if (input.search) {
    const like = likePattern(input.search)
    where.push(or(ilike(policies.ref, like), sql`${customerSearchText(customers)} ilike ${like}`)!)
  }
  const dir = input.sort_direction === 'asc' ? asc : desc
  const sortColumn = {
    requested_at: lp.created_at,
    purchased_at: policies.purchased_at,
    created_at: policies.created_at,
    premium: policies.premium,
    ref: policies.ref,
  }[input.sort_key]
  const base = getDb()
    .select({
      id: policies.id,
      ref: policies.ref,
      status: policies.status,
      policy_type: policies.policy_type,
      premium: policies.premium,
      premium_currency: policies.premium_currency,
      payment_method: policies.payment_method,
      purchased_at: policies.purchased_at,
      created_at: policies.created_at,
      agency_id: agencies.id,
      agency_name: agencies.full_company_name,
      agency_email: agencies.email,
      customer_id: customers.id,
      first_name: customers.first_name,
      last_name: customers.last_name,
      customer_email: customers.email,
      provider_id: insuranceProviders.id,
      provider_name: insuranceProviders.display_name,
      payment_id: lp.id,
      payment_status: lp.status,
      payment_type: lp.payment_type,
      payment_amount: lp.amount,
      payment_received: lp.received_amount,
      payment_surcharge: lp.surcharge_amount,
      bank_document: lp.bank_document,
      rejection_reason: lp.rejection_reason,
      requested_at: lp.created_at,
      total: sql<number>`count(*) over()::int`,
    })
    .from(policies)
    .innerJoin(agencies, eq(agencies.id, policies.agency_id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .leftJoin(insuranceProviders, eq(insuranceProviders.id, policies.insurance_provider_id))
  const joined =
    list.kind === 'verification' ? base.innerJoinLateral(lp, sql`true`) : base.leftJoinLateral(lp, sql`true`)
  return joined.where(and(...where)).orderBy(sql`${dir(sortColumn)} nulls last`, dir(policies.id))
}

type Row = Awaited<ReturnType<typeof buildQuery>>[number]

export function present(r: Row) {
  return {
    id: r.id,
    ref: r.ref,
    status: r.status,
    status_label: STATUS_LABELS[r.status],
    policy_type: r.policy_type,
    premium: r.premium === null ? null : fromCents(r.premium),
    premium_currency: r.premium_currency,
    payment_method: r.payment_type ?? r.payment_method,
    purchased_at: r.purchased_at,
    created_at: r.created_at,
    agency: { id: r.agency_id, name: r.agency_name, email: r.agency_email },
    customer: {
      id: r.customer_id,
      name: `${r.first_name} ${r.last_name}`,
      email: r.customer_email,
    },
    provider: r.provider_id ? { id: r.provider_id, name: r.provider_name } : null,
    payment_id: r.payment_id,
    payment_status: r.payment_status,
    payment_amount: r.payment_amount === null ? null : fromCents(r.payment_amount),
    /** What has arrived on a payment still waiting (a part by bank transfer or NexPay). */
    payment_received: r.payment_received ? fromCents(r.payment_received) : null,
    /** What is still due on a payment that holds a part (amount and surcharge less what arrived). */
    payment_still_due: r.payment_received
      ? fromCents((r.payment_amount ?? 0) + (r.payment_surcharge ?? 0) - r.payment_received)
      : null,
    rejection_reason: r.rejection_reason,
    bank_document_available: Boolean(r.bank_document),
    requested_at: r.requested_at,
  }
}

export type PaymentPolicyRow = ReturnType<typeof present>

/** Staff lists need finance; agency lists finance or purchase, for the agency in the path only. */
export async function scope(actor: Actor, list: PaymentList, input: PaymentListInput, pathAgencyId?: number) {
  assertFinanceReader(actor)
  if (pathAgencyId !== undefined) return (await assertAgencyAccess(actor, pathAgencyId)).id
  if (!isStaff(actor)) {
    if (isAgencySide(actor) && (list.kind === 'purchased' || list.kind === 'pending')) return actor.agencyId
    throw forbidden()
  }
  return input.agency_id
}

const iso = (d: Date | null) => (d ? d.toISOString() : '')

export const PAYMENT_POLICY_EXPORT_COLUMNS: ExportColumnOf<PaymentPolicyRow>[] = [
  { header: 'Policy ID', value: (r) => r.id },
  { header: 'Ref', value: (r) => r.ref },
  { header: 'Agency', value: (r) => r.agency.name ?? r.agency.email },
  { header: 'Student', value: (r) => r.customer.name },
  { header: 'Student e-mail', value: (r) => r.customer.email ?? '' },
  { header: 'Provider', value: (r) => r.provider?.name ?? '' },
  { header: 'Policy type', value: (r) => r.policy_type ?? '' },
  { header: 'Premium (AUD)', value: (r) => (r.premium === null ? '' : r.premium.toFixed(2)) },
  { header: 'Policy status', value: (r) => r.status },
  { header: 'Payment method', value: (r) => r.payment_method ?? '' },
  { header: 'Payment status', value: (r) => r.payment_status ?? '' },
  { header: 'Bank document', value: (r) => (r.bank_document_available ? 'yes' : 'no') },
  { header: 'Requested at', value: (r) => iso(r.requested_at) },
  { header: 'Purchased at', value: (r) => iso(r.purchased_at) },
]
