// The amendment lists (getAllAmendmentPolicies, getAmmendedPolicies, exportAmmendedPolicies): one
// filter, one query, one row shape.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, amendments, customers, policies } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { fromCents } from '../shared/money'
import { likePattern, type ExportColumnOf } from '../finance/search-and-export'
import { phaseOf, PHASE_LABELS } from './amendments.rules'
import type { AmendmentListFilter } from './amendments.schemas'

export function amendmentWhere(actor: Actor, f: AmendmentListFilter, opts: { amendedOnly?: boolean } = {}) {
  const parts: (SQL | undefined)[] = []
  if (isAgencySide(actor)) parts.push(eq(amendments.agency_id, actor.agencyId))
  else if (f.agency_id) parts.push(eq(amendments.agency_id, f.agency_id))
  if (f.policy_id) parts.push(eq(amendments.policy_id, f.policy_id))
  if (opts.amendedOnly) parts.push(eq(amendments.status, 'CERTIFICATE_UPLOADED'))
  if (f.type === 'payable') parts.push(eq(amendments.payer, 'AGENCY'))
  if (f.type === 'receivable') parts.push(eq(amendments.payer, 'OSHC'))
  switch (f.tab) {
    case 'CONFIRM_PREMIUM':
      parts.push(
        sql`${amendments.is_open} and ${amendments.next_step} in ('CONFIRM_PREMIUM_BY_ADMIN', 'CONFIRM_PREMIUM_BY_AGENCY') and not ${amendments.is_premium_confirmed_by_agency}`,
      )
      break
    case 'PAYMENT_PENDING':
      parts.push(
        sql`${amendments.is_open} and ${amendments.next_step} = 'CONFIRM_PREMIUM_BY_AGENCY' and ${amendments.is_premium_confirmed_by_agency}`,
      )
      break
    case 'AMMEND_POLICY':
      parts.push(sql`${amendments.is_open} and ${amendments.next_step} = 'ISSUE_CERTIFICATE'`)
      break
    case 'REFUND':
      parts.push(eq(amendments.payer, 'OSHC'))
      break
    case 'AMMENDED_POLICY':
      parts.push(eq(amendments.status, 'CERTIFICATE_UPLOADED'))
      break
  }
  if (f.global_filter) {
    const like = likePattern(f.global_filter)
    parts.push(
      or(
        ilike(policies.ref, like),
        ilike(customers.first_name, like),
        ilike(customers.last_name, like),
        ilike(customers.email, like),
      ),
    )
  }
  return and(...parts)
}

const SORTS = {
  created_at: amendments.created_at,
  new_premium: amendments.new_premium,
  changed_premium: amendments.changed_premium,
  status: amendments.status,
} as const

export function amendmentQuery(where: SQL | undefined, f: AmendmentListFilter) {
  const dir = f.sort_direction === 'asc' ? asc : desc
  return getDb()
    .select({
      a: amendments,
      ref: policies.ref,
      first_name: customers.first_name,
      last_name: customers.last_name,
      agency_name: agencies.full_company_name,
      agency_email: agencies.email,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(amendments)
    .innerJoin(policies, eq(policies.id, amendments.policy_id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .innerJoin(agencies, eq(agencies.id, amendments.agency_id))
    .where(where)
    .orderBy(dir(SORTS[f.sort_key]), dir(amendments.id))
}

type Row = Awaited<ReturnType<typeof amendmentQuery>>[number]

export function presentAmendmentRow(r: Row) {
  const phase = phaseOf(r.a)
  return {
    id: r.a.id,
    policy_id: r.a.policy_id,
    policy_ref: r.ref,
    customer_name: `${r.first_name} ${r.last_name}`,
    agency_id: r.a.agency_id,
    agency_name: r.agency_name ?? r.agency_email,
    status: r.a.status,
    next_step: r.a.next_step,
    phase,
    phase_label: PHASE_LABELS[phase],
    is_open: r.a.is_open,
    payer: r.a.payer,
    prev_premium: fromCents(r.a.prev_premium),
    new_premium: fromCents(r.a.new_premium),
    changed_premium: fromCents(r.a.changed_premium),
    payable_amount: fromCents(r.a.payable_amount),
    prev_commission: fromCents(r.a.prev_commission),
    new_commission: fromCents(r.a.new_commission),
    is_premium_increase: r.a.is_premium_increase,
    is_personal_details_changed: r.a.is_personal_details_changed,
    is_policy_details_changed: r.a.is_policy_details_changed,
    is_certificate_uploaded: r.a.is_certificate_uploaded,
    invoice_id: r.a.invoice_id,
    created_at: r.a.created_at,
    closed_at: r.a.closed_at,
  }
}

export type AmendmentListRow = ReturnType<typeof presentAmendmentRow>

const iso = (d: Date | null) => (d ? d.toISOString() : '')

export const AMENDMENT_EXPORT_COLUMNS: ExportColumnOf<AmendmentListRow>[] = [
  { header: 'Amendment', value: (r) => r.id },
  { header: 'Policy', value: (r) => r.policy_ref },
  { header: 'Student', value: (r) => r.customer_name },
  { header: 'Agency', value: (r) => r.agency_name },
  { header: 'Status', value: (r) => r.status },
  { header: 'Next step', value: (r) => r.next_step },
  { header: 'Payer', value: (r) => r.payer ?? '' },
  { header: 'Previous premium (AUD)', value: (r) => r.prev_premium.toFixed(2) },
  { header: 'New premium (AUD)', value: (r) => r.new_premium.toFixed(2) },
  { header: 'Difference (AUD)', value: (r) => r.changed_premium.toFixed(2) },
  { header: 'Previous commission (AUD)', value: (r) => r.prev_commission.toFixed(2) },
  { header: 'New commission (AUD)', value: (r) => r.new_commission.toFixed(2) },
  { header: 'Personal details changed', value: (r) => r.is_personal_details_changed },
  { header: 'Policy details changed', value: (r) => r.is_policy_details_changed },
  { header: 'Invoice', value: (r) => r.invoice_id ?? '' },
  { header: 'Opened', value: (r) => iso(r.created_at) },
  { header: 'Closed', value: (r) => iso(r.closed_at) },
]
