// Invoice line-item lists: the filters, query and row shape shared by getAllInvoiceLineItems,
// exportAllInvoliceLineItems and getInvoiceLineItemsByIds. Rows carry the policy, commission,
// agency, provider and customer they are about, and formatted amounts.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  agencies,
  commissions,
  customers,
  insuranceProviders,
  invoiceLineItems,
  invoices,
  policies,
} from '../../../db/schema'
import { formatCents } from '../../shared/format'
import { fromCents } from '../../shared/money'
import { presentLineItem } from './get-invoice'
import type { LineItemListInput } from './invoices.schemas'
import type { ExportColumnOf } from '../search-and-export'

export function lineItemFilters(
  input: Partial<LineItemListInput> & { ids?: number[] },
  agencyId: number | undefined,
): SQL | undefined {
  const w: (SQL | undefined)[] = []
  if (agencyId !== undefined) w.push(eq(invoiceLineItems.agency_id, agencyId))
  if (input.line_item_type?.length) w.push(inArray(invoiceLineItems.line_item_type, input.line_item_type))
  if (input.policy_id) w.push(eq(invoiceLineItems.policy_id, input.policy_id))
  if (input.invoice_id) w.push(eq(invoiceLineItems.invoice_id, input.invoice_id))
  if (input.ids) w.push(inArray(invoiceLineItems.id, input.ids))
  return and(...w)
}

export function lineItemQuery(
  where: SQL | undefined,
  input: Pick<LineItemListInput, 'sort_key' | 'sort_direction'>,
) {
  const dir = input.sort_direction === 'asc' ? asc : desc
  return getDb()
    .select({
      li: invoiceLineItems,
      invoice: { id: invoices.id, invoice_type: invoices.invoice_type, status: invoices.status },
      policy: {
        id: policies.id,
        ref: policies.ref,
        status: policies.status,
        policy_number: policies.policy_number,
      },
      commission: {
        id: commissions.id,
        status: commissions.status,
        amount: commissions.amount,
        rate: commissions.commission_rate,
      },
      agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
      provider: { id: insuranceProviders.id, name: insuranceProviders.name },
      customer: {
        id: customers.id,
        first_name: customers.first_name,
        last_name: customers.last_name,
        email: customers.email,
      },
      total: sql<number>`count(*) over()::int`,
    })
    .from(invoiceLineItems)
    .innerJoin(agencies, eq(agencies.id, invoiceLineItems.agency_id))
    .leftJoin(invoices, eq(invoices.id, invoiceLineItems.invoice_id))
    .leftJoin(policies, eq(policies.id, invoiceLineItems.policy_id))
    .leftJoin(commissions, eq(commissions.policy_id, invoiceLineItems.policy_id))
    .leftJoin(insuranceProviders, eq(insuranceProviders.id, policies.insurance_provider_id))
    .leftJoin(customers, eq(customers.id, policies.customer_id))
    .where(where)
    .orderBy(dir(invoiceLineItems[input.sort_key]), dir(invoiceLineItems.id))
}

type Row = Awaited<ReturnType<typeof lineItemQuery>>[number]

export const presentLineItemRow = (r: Row) => ({
  ...presentLineItem(r.li, r.policy?.ref ?? null),
  formatted_total_amount: formatCents(r.li.total_amount),
  formatted_tax_amount: formatCents(r.li.tax_amount),
  formatted_net_amount: formatCents(r.li.net_amount),
  invoice: r.invoice,
  policy: r.policy,
  commission: r.commission
    ? { ...r.commission, amount: fromCents(r.commission.amount), rate: r.commission.rate }
    : null,
  agency: r.agency,
  provider: r.provider,
  customer: r.customer,
})

export type LineItemListRow = ReturnType<typeof presentLineItemRow>

export const LINE_ITEM_EXPORT_COLUMNS: ExportColumnOf<LineItemListRow>[] = [
  { header: 'Line item ID', value: (l) => l.id },
  { header: 'Invoice ID', value: (l) => l.invoice_id },
  { header: 'Invoice status', value: (l) => l.invoice?.status ?? '' },
  { header: 'Agency', value: (l) => l.agency.name ?? l.agency.email },
  { header: 'Type', value: (l) => l.line_item_type },
  { header: 'Description', value: (l) => l.description },
  { header: 'Policy', value: (l) => l.policy?.ref ?? '' },
  { header: 'Provider', value: (l) => l.provider?.name ?? '' },
  {
    header: 'Customer',
    value: (l) => (l.customer ? `${l.customer.first_name} ${l.customer.last_name}` : ''),
  },
  { header: 'Payer', value: (l) => l.payer },
  { header: 'Receiver', value: (l) => l.receiver },
  { header: 'Tax (AUD)', value: (l) => l.tax_amount.toFixed(2) },
  { header: 'Total (AUD)', value: (l) => l.total_amount.toFixed(2) },
  { header: 'Created', value: (l) => l.created_at.toISOString() },
]
