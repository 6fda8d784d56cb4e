import { exportResponse, ExportFormatSchema } from '../../api/export.server'
import { queryObject } from '../../api/router.server'
import { findInsuranceProviders } from '../../domain/reference/find-insurance-providers'
import { iteratePolicies } from '../../domain/policies/iterate-policies'
import { POLICY_EXPORT_COLUMNS } from '../../domain/policies/policy-export-columns'
import type { PolicyListRow, PolicyScope } from '../../domain/policies/policy-listing'
import type { getPolicyDetails } from '../../domain/policies/get-policy-details'
import type { getPolicyHistory } from '../../domain/policies/get-policy-history'
import { POLICY_STATUS_GROUPS } from '../../domain/policies/policy-lists.rules'
import {
  PolicyListFilterSchema,
  PolicyListQuerySchema,
  type PolicyListQuery,
} from '../../domain/policies/policies.schemas'
import type { Actor } from '../../domain/shared/actor'
import type { PolicyListQueryView, PolicyTab } from '../components/policy-list'
import { formatDate, formatDateTime, formatMoney } from './misc'
import {
  COMMISSION_STATUS_LABELS,
  GENDER_LABELS,
  labelOf,
  PAYMENT_METHOD_LABELS,
  POLICY_SOURCE_LABELS,
  POLICY_TYPE_LABELS,
  readable,
  visaLabel,
} from './labels'
import { businessDate } from '../../domain/shared/business-date'

/** A GET form sends untouched inputs as empty strings: they mean "no filter". */
function filterParams(request: Request) {
  const raw = queryObject(new URL(request.url))
  const archived = raw.archived === '1'
  delete raw.archived
  const query = Object.fromEntries(
    Object.entries(raw).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== '')),
  )
  return { query, archived }
}

const badRequest = (message: string | undefined) => new Response(message ?? 'Invalid filter', { status: 400 })

/** The list query of the policy screens, read from the page URL (as the API reads it). */
export function policyListQuery(request: Request): { query: PolicyListQuery; archived: boolean } {
  const { query, archived } = filterParams(request)
  const parsed = PolicyListQuerySchema.safeParse(query)
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message)
  return { query: parsed.data, archived }
}

/** Tabs: a status group each, All, and the archive. */
export function policyTabs(query: PolicyListQuery, archived: boolean): PolicyTab[] {
  const selected = [...query.status].sort().join(',')
  return [
    { label: 'All', href: '', active: !archived && selected === '' },
    ...Object.entries(POLICY_STATUS_GROUPS).map(([label, statuses]) => ({
      label,
      href: `status=${statuses.join(',')}`,
      active: !archived && selected !== '' && [...statuses].sort().join(',') === selected,
    })),
    { label: 'Archived', href: 'archived=1', active: archived },
  ]
}

export function policyRowsView(items: PolicyListRow[]) {
  return items.map((p) => ({
    id: p.id,
    ref: p.ref,
    status: p.status,
    status_label: p.status_label,
    policy_type: p.policy_type,
    start_date: p.start_date,
    end_date: p.end_date,
    premium: p.premium,
    created_at: p.created_at.toISOString(),
    user_defined_status: p.user_defined_status,
    customer: { name: p.customer.name, email: p.customer.email },
    provider: p.provider ? { id: p.provider.id, display_name: p.provider.display_name } : null,
    agency: p.agency,
  }))
}

export function policyQueryView(query: PolicyListQuery): PolicyListQueryView {
  return {
    sort_key: query.sort_key,
    sort_direction: query.sort_direction,
    global_filter: query.global_filter ?? '',
    provider_filter: query.provider_filter[0] ? String(query.provider_filter[0]) : '',
    policy_type_filter: query.policy_type_filter[0] ?? '',
    start_date_from: query.start_date_from ?? '',
    start_date_to: query.start_date_to ?? '',
    agency_filter: query.agency_filter[0] ? String(query.agency_filter[0]) : '',
    perPage: String(query.perPage),
  }
}

export async function providerOptions() {
  return (await findInsuranceProviders()).map((p) => ({ id: p.id, name: p.display_name }))
}

/** The list screen's filters as a streamed CSV / XLSX download (format=xlsx). */
export async function policyExportResponse(request: Request, actor: Actor, agencyId: number | null) {
  const { query, archived } = filterParams(request)
  const parsed = PolicyListFilterSchema.extend({ format: ExportFormatSchema }).safeParse(query)
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message)
  const scope: PolicyScope = { agencyId, archived }
  return exportResponse({
    filename: `policies-${businessDate()}`,
    format: parsed.data.format,
    columns: POLICY_EXPORT_COLUMNS,
    rows: await iteratePolicies({ actor, scope, query: parsed.data }),
  })
}

type Details = Awaited<ReturnType<typeof getPolicyDetails>>
type History = Awaited<ReturnType<typeof getPolicyHistory>>

const dateOf = (d: string | null | undefined) => (d ? formatDate(d) : null)
const money = (n: number | null | undefined) => (n === null || n === undefined ? null : formatMoney(n))
const yesNo = (b: boolean) => (b ? 'Yes' : 'No')

/** The policy detail as the agency and staff pages render it: labelled rows, JSON-safe. */
export function policyDetailView(d: Details, history: History) {
  const p = d.policy
  const c = d.customer
  const address = c.has_australian_address
    ? [c.street_address_1, c.street_address_2, c.city_name, c.state_name, c.post_code]
        .filter(Boolean)
        .join(', ')
    : 'No Australian address'
  return {
    id: p.id,
    ref: p.ref,
    status: p.status,
    status_label: p.status_label,
    user_defined_status: p.user_defined_status,
    provider_payment_status: p.provider_payment_status,
    is_archived: p.is_archived,
    customer_id: p.customer_id,
    agency: d.agency,
    meta: d.meta,
    student: [
      ['Name', [c.title, c.first_name, c.last_name].filter(Boolean).join(' ')],
      ['E-mail', c.email],
      ['Date of birth', dateOf(c.dob)],
      ['Gender', labelOf(GENDER_LABELS, c.gender) || null],
      ['Mobile', c.mobile_number],
      ['Country', c.country_name],
      [
        'Passport',
        c.passport_number
          ? `${c.passport_number}${c.passport_country_name ? ` (${c.passport_country_name})` : ''}`
          : null,
      ],
      ['Visa subclass', visaLabel(c.visa_sub_class) || null],
      ['Institute', c.education_institute],
      ['Student number', c.student_number],
      ['Address', address],
      ['Terms accepted', yesNo(c.has_accepted_terms)],
    ] as [string, string | null][],
    partner: d.partner
      ? ([
          ['Name', [d.partner.title, d.partner.first_name, d.partner.last_name].filter(Boolean).join(' ')],
          ['Date of birth', dateOf(d.partner.dob)],
          ['Passport', d.partner.passport_number],
        ] as [string, string | null][])
      : null,
    dependants: d.family_members.map((m) => ({
      id: m.id,
      name: [m.title, m.first_name, m.last_name].filter(Boolean).join(' '),
      dob: m.dob,
      relationship: m.relationship,
    })),
    cover: [
      ['Insurer', d.provider?.display_name ?? null],
      ['Policy type', labelOf(POLICY_TYPE_LABELS, p.policy_type) || null],
      ['Cover', p.start_date ? `${formatDate(p.start_date)} to ${formatDate(p.end_date)}` : null],
      ['Premium', money(p.premium)],
      ['Premium before offer', p.is_offer_applied ? money(p.original_amount_before_offer) : null],
      ['Offer', p.is_offer_applied ? `${p.offer_rate}% until ${formatDate(p.offer_end_date)}` : null],
      ['Premium without GST', money(p.premium_without_gst)],
      ['GST rate', p.gst_rate ? `${p.gst_rate}%` : null],
      [
        'Commission',
        d.commission
          ? `${money(d.commission.amount)} (${d.commission.commission_rate}%, ${labelOf(COMMISSION_STATUS_LABELS, d.commission.status).toLowerCase()})`
          : p.commission_rate
            ? `${p.commission_rate}%`
            : null,
      ],
      ['Policy number', p.policy_number],
      ['Membership number', p.membership_number],
      ['Payment method', labelOf(PAYMENT_METHOD_LABELS, p.payment_method) || null],
      ['Sold through', labelOf(POLICY_SOURCE_LABELS, p.source)],
      ['Purchased', p.purchased_at ? formatDateTime(p.purchased_at) : null],
    ] as [string, string | null][],
    payments: d.payments.map((x) => ({
      id: x.id,
      amount: money(x.amount),
      status: x.status,
      payment_type: x.payment_type,
      rejection_reason: x.rejection_reason,
      created_at: x.created_at.toISOString(),
    })),
    invoices: d.invoices.map((i) => ({
      id: i.id,
      invoice_type: i.invoice_type,
      status: i.status,
      total: money(i.total_amount_due),
      outstanding: money(i.total_outstanding_amount),
      invoice_date: i.invoice_date,
    })),
    certificates: d.certificates.map((x) => ({
      id: x.id,
      certificate_type: x.certificate_type,
      certificate_name: x.certificate_name,
      membership_number: x.membership_number,
      policy_number: x.policy_number,
      issued_at: x.issued_at ? x.issued_at.toISOString() : null,
    })),
    files: d.files.map((f) => ({ id: f.id, name: f.name, file_type: f.file_type })),
    assigned_staff_user: d.assigned_staff_user,
    assigned_agency_user: d.assigned_agency_user,
    timeline: history.map((h) => ({
      id: String(h.id),
      title:
        h.status_label && h.from_status !== h.status
          ? `${readable(h.action)} → ${h.status_label}`
          : readable(h.action),
      at: h.created_at.toISOString(),
      actor: h.actor,
      note: h.note,
    })),
  }
}

export type PolicyDetailView = ReturnType<typeof policyDetailView>
