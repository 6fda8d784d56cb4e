// Invoice lists: the filters, query and row shape shared by findInvoices, iterateInvoices and the
// invoice screens (getInvoice, finance metrics).
import { and, asc, desc, eq, gte, ilike, inArray, lte, not, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  agencies,
  customers,
  invoiceLineItems,
  invoicePayments,
  invoices,
  policies,
  policyPremiumPayments,
} from '../../../db/schema'
import { isAgencySide, type Actor } from '../../shared/actor'
import { fromCents } from '../../shared/money'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { AGENCY_PARTY, PRODUCT_PARTY } from './invoices'
import { COMMISSION_INVOICE_TYPES, OPEN_INVOICE_STATUSES, type InvoiceTab } from '../finance.rules'
import type { InvoiceListInput } from '../finance.schemas'
import { assertFinanceReader } from '../finance-guards'
import { likePattern, type ExportColumnOf } from '../search-and-export'

/** True while a payment of the invoice waits for staff (see INVOICE_TABS in finance.rules.ts). */
export const pendingApprovalSql = sql`(exists (
    select 1 from ${invoicePayments}
    where ${invoicePayments.invoice_id} = ${invoices.id} and ${invoicePayments.status} = 'PENDING'
  ) or (${invoices.invoice_type} = 'PREMIUM' and exists (
    select 1 from ${invoiceLineItems}
    inner join ${policyPremiumPayments} on ${policyPremiumPayments.policy_id} = ${invoiceLineItems.policy_id}
    where ${invoiceLineItems.invoice_id} = ${invoices.id} and ${policyPremiumPayments.status} = 'REQUESTED'
  )))`

const open = () => inArray(invoices.status, [...OPEN_INVOICE_STATUSES])

/** The invoices a tab shows, as a SQL condition (undefined: every invoice). */
export function invoiceTabWhere(tab: InvoiceTab): SQL | undefined {
  switch (tab) {
    case 'ALL':
      return undefined
    case 'PAYABLE':
      return and(open(), eq(invoices.to, AGENCY_PARTY), not(pendingApprovalSql))
    case 'RECEIVABLE':
      return and(open(), eq(invoices.to, PRODUCT_PARTY), not(pendingApprovalSql))
    case 'PENDING_APPROVAL':
      return and(open(), pendingApprovalSql)
    case 'PAID':
      return inArray(invoices.status, ['PAID', 'OVER_PAID'])
    case 'AWAITING_COMMISSION_PAYMENT':
      return and(open(), inArray(invoices.invoice_type, [...COMMISSION_INVOICE_TYPES]))
    case 'COMMISSION_PAID':
      return and(eq(invoices.status, 'PAID'), inArray(invoices.invoice_type, [...COMMISSION_INVOICE_TYPES]))
    case 'PARTIAL_PAYMENT':
      return eq(invoices.status, 'PARTIALLY_PAID')
  }
}

/**
 * Whose invoices: staff (finance) any agency's, optionally one; the agency side (finance or
 * purchase) only its own, and naming another agency is 404.
 */
export async function invoiceScope(actor: Actor, agencyId: number | undefined) {
  assertFinanceReader(actor)
  if (agencyId !== undefined) return (await assertAgencyAccess(actor, agencyId)).id
  return isAgencySide(actor) ? actor.agencyId : undefined
}

export function filters(input: Partial<InvoiceListInput>, agencyId: number | undefined) {
  const w: (SQL | undefined)[] = [invoiceTabWhere(input.tab ?? 'ALL')]
  if (agencyId !== undefined) w.push(eq(invoices.agency_id, agencyId))
  if (input.invoice_type?.length) w.push(inArray(invoices.invoice_type, input.invoice_type))
  if (input.status?.length) w.push(inArray(invoices.status, input.status))
  if (input.start_date) w.push(gte(invoices.invoice_date, input.start_date))
  if (input.end_date) w.push(lte(invoices.invoice_date, input.end_date))
  if (input.search) {
    const like = likePattern(input.search)
    const asId = /^#?\d{1,9}$/.test(input.search) ? Number(input.search.replace('#', '')) : null
    w.push(
      or(
        asId !== null ? eq(invoices.id, asId) : undefined,
        ilike(invoices.external_invoice_id, like),
        ilike(invoices.notes, like),
        ilike(agencies.full_company_name, like),
        ilike(agencies.email, like),
      ),
    )
  }
  return and(...w)
}

/** Invoice kinds that are about one policy (its premium, an amendment's money, a refund, a clawback). */
export const POLICY_INVOICE_TYPES = ['PREMIUM', 'FULL_REFUND', 'PARTIAL_REFUND', 'CLAWBACK'] as const

/**
 * The one policy a policy invoice is for, with its student's name, read from its line items (null
 * for other kinds, or when the lines name no policy or several). One correlated subquery in the
 * list's select list: the list stays one round trip, and PostgreSQL evaluates such an expensive
 * output column after the sort and the limit, so only for the page's rows.
 */
const invoicePolicySql = sql<{ id: number; ref: string; student: string } | null>`(
  select json_build_object('id', ${policies.id}, 'ref', ${policies.ref},
    'student', trim(${customers.first_name} || ' ' || ${customers.last_name}))
  from ${policies} inner join ${customers} on ${customers.id} = ${policies.customer_id}
  where ${inArray(invoices.invoice_type, [...POLICY_INVOICE_TYPES])}
    and ${policies.id} = (
      select min(${invoiceLineItems.policy_id}) from ${invoiceLineItems}
      where ${invoiceLineItems.invoice_id} = ${invoices.id}
      having count(distinct ${invoiceLineItems.policy_id}) = 1
    )
)`

export function query(where: SQL | undefined, input: InvoiceListInput) {
  const dir = input.sort_direction === 'asc' ? asc : desc
  return (
    getDb()
      .select({
        invoice: invoices,
        agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
        pending_approval: sql<boolean>`${pendingApprovalSql}`,
        policy: invoicePolicySql,
      })
      .from(invoices)
      .innerJoin(agencies, eq(agencies.id, invoices.agency_id))
      .where(where)
      // Only due_date may be empty; the other keys sort on their (key, id) indexes, which a
      // `nulls last` on a descending sort would keep the planner from using.
      .orderBy(
        input.sort_key === 'due_date'
          ? sql`${dir(invoices.due_date)} nulls last`
          : dir(invoices[input.sort_key]),
        dir(invoices.id),
      )
  )
}

/** How many invoices a list's filters match (its own query, so the page itself can stop early). */
export async function countInvoices(where: SQL | undefined) {
  const [row] = await getDb()
    .select({ total: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(agencies, eq(agencies.id, invoices.agency_id))
    .where(where)
  return row.total
}

type InvoiceRow = typeof invoices.$inferSelect

/** An invoice with amounts as AUD decimals. */
export function presentInvoice(i: InvoiceRow) {
  return {
    id: i.id,
    agency_id: i.agency_id,
    amendment_id: i.amendment_id,
    from: i.from,
    to: i.to,
    invoice_type: i.invoice_type,
    status: i.status,
    sub_total: fromCents(i.sub_total),
    tax_total: fromCents(i.tax_total),
    total_amount_due: fromCents(i.total_amount_due),
    total_amount_owed: fromCents(i.total_amount_owed),
    total_outstanding_amount: fromCents(i.total_outstanding_amount),
    cancellation_reasons: i.cancellation_reasons,
    notes: i.notes,
    external_invoice_id: i.external_invoice_id,
    invoice_date: i.invoice_date,
    due_date: i.due_date,
    created_at: i.created_at,
    updated_at: i.updated_at,
  }
}

type Row = Awaited<ReturnType<typeof query>>[number]

export const present = (r: Row) => ({
  ...presentInvoice(r.invoice),
  agency: r.agency,
  pending_approval: r.pending_approval,
  /** The policy the invoice is for (POLICY_INVOICE_TYPES), with its student; null otherwise. */
  policy: r.policy,
})

export type InvoiceListRow = ReturnType<typeof present>

export const INVOICE_EXPORT_COLUMNS: ExportColumnOf<InvoiceListRow>[] = [
  { header: 'Invoice ID', value: (i) => i.id },
  { header: 'Agency', value: (i) => i.agency.name ?? i.agency.email },
  { header: 'Type', value: (i) => i.invoice_type },
  { header: 'Status', value: (i) => i.status },
  { header: 'From', value: (i) => i.from },
  { header: 'To', value: (i) => i.to },
  { header: 'Total (AUD)', value: (i) => i.total_amount_due.toFixed(2) },
  { header: 'Outstanding (AUD)', value: (i) => i.total_outstanding_amount.toFixed(2) },
  { header: 'Pending approval', value: (i) => (i.pending_approval ? 'yes' : 'no') },
  { header: 'Invoice date', value: (i) => i.invoice_date },
  { header: 'Due date', value: (i) => i.due_date ?? '' },
]
