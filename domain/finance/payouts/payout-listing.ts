// Payout reads: the scope, queries and row shapes of the payout lists, their exports and the
// banked-commission lists (staff across agencies, an agency for itself); one payout: payout-detail.ts.
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  agencies,
  commissionPayoutItems,
  commissionPayouts,
  commissions,
  customers,
  insuranceProviders,
  invoiceLineItems,
  policies,
} from '../../../db/schema'
import { isAgencySide, type Actor } from '../../shared/actor'
import { fromCents } from '../../shared/money'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { assertFinanceReader } from '../finance-guards'
import type { ExportColumnOf } from '../search-and-export'
import type { PayoutLinesInput, PayoutListInput } from './payouts.schemas'
import { BANKED_COMMISSION_STATUSES } from '../finance.rules'

type PayoutRow = typeof commissionPayouts.$inferSelect

/** A payout as the API answers it: amounts in AUD decimals. */
export function presentPayout(p: PayoutRow) {
  return {
    id: p.id,
    agency_id: p.agency_id,
    status: p.status,
    payment_type: p.payment_type,
    bank_document: p.bank_document,
    rejection_reason: p.rejection_reason,
    invoice_id: p.invoice_id,
    external_invoice_id: p.external_invoice_id,
    receipt_id: p.receipt_id,
    payment_date: p.payment_date,
    commission_amount: fromCents(p.commission_amount),
    gst_rate: Number(p.gst_rate),
    gst_amount: fromCents(p.gst_amount),
    total_amount: fromCents(p.total_amount),
    clawback_offset_amount: fromCents(p.clawback_offset_amount),
    created_at: p.created_at,
    updated_at: p.updated_at,
    decided_at: p.decided_at,
  }
}

/**
 * Whose payouts: staff (finance) every agency's, optionally one (`agency_id`); the agency side
 * only its own, and another agency's id is 404.
 */
export async function scope(actor: Actor, input: { agency_id?: number }, pathAgencyId?: number) {
  assertFinanceReader(actor)
  if (pathAgencyId !== undefined) return (await assertAgencyAccess(actor, pathAgencyId)).id
  if (isAgencySide(actor)) return actor.agencyId
  return input.agency_id
}

const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000)

export function payoutWhere(input: Partial<PayoutListInput>, agencyId: number | undefined): SQL | undefined {
  const w: SQL[] = []
  if (agencyId !== undefined) w.push(eq(commissionPayouts.agency_id, agencyId))
  if (input.status) w.push(eq(commissionPayouts.status, input.status))
  if (input.payment_type) w.push(eq(commissionPayouts.payment_type, input.payment_type))
  if (input.start_date) w.push(gte(commissionPayouts.created_at, new Date(`${input.start_date}T00:00:00Z`)))
  if (input.end_date) w.push(lt(commissionPayouts.created_at, dayAfter(input.end_date)))
  return w.length ? and(...w) : undefined
}

export function payoutQuery(filter: SQL | undefined, input: PayoutListInput) {
  const dir = input.sort_direction === 'asc' ? asc : desc
  return getDb()
    .select({
      payout: commissionPayouts,
      agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
      lines: sql<number>`(select count(*) from ${commissionPayoutItems} where ${commissionPayoutItems.payout_id} = ${commissionPayouts.id})::int`,
      total: sql<number>`count(*) over()::int`,
    })
    .from(commissionPayouts)
    .innerJoin(agencies, eq(agencies.id, commissionPayouts.agency_id))
    .where(filter)
    .orderBy(dir(commissionPayouts[input.sort_key]), dir(commissionPayouts.id))
}

type ListRow = Awaited<ReturnType<typeof payoutQuery>>[number]

export const presentPayoutRow = (r: ListRow) => ({
  ...presentPayout(r.payout),
  lines: r.lines,
  agency: r.agency,
})
export type PayoutListRow = ReturnType<typeof presentPayoutRow>

const iso = (d: Date | null) => (d ? d.toISOString() : '')

export const PAYOUT_EXPORT_COLUMNS: ExportColumnOf<PayoutListRow>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Agency', value: (p) => p.agency.name ?? p.agency.email },
  { header: 'External invoice', value: (p) => p.external_invoice_id },
  { header: 'Lines', value: (p) => p.lines },
  { header: 'Commission (AUD)', value: (p) => p.commission_amount.toFixed(2) },
  { header: 'GST rate', value: (p) => p.gst_rate.toFixed(2) },
  { header: 'GST (AUD)', value: (p) => p.gst_amount.toFixed(2) },
  { header: 'Total (AUD)', value: (p) => p.total_amount.toFixed(2) },
  { header: 'Status', value: (p) => p.status },
  { header: 'Payment type', value: (p) => p.payment_type ?? '' },
  { header: 'Clawback offset (AUD)', value: (p) => p.clawback_offset_amount.toFixed(2) },
  { header: 'Receipt', value: (p) => p.receipt_id ?? '' },
  { header: 'Payment date', value: (p) => iso(p.payment_date) },
  { header: 'Rejection reason', value: (p) => p.rejection_reason ?? '' },
  { header: 'Invoice', value: (p) => p.invoice_id ?? '' },
  { header: 'Requested at', value: (p) => p.created_at.toISOString() },
]

// ---- Banked commission ------------------------------------------------------------------------

/** The premium line a payout request names for a policy (as getCommissionBankedPolicies lists it). */
const premiumLineSql = sql<number | null>`(
  select ${invoiceLineItems.id} from ${invoiceLineItems}
  where ${invoiceLineItems.policy_id} = ${commissions.policy_id}
    and ${invoiceLineItems.line_item_type} in ('PREMIUM', 'OFFER_PREMIUM')
  order by ${invoiceLineItems.id} desc limit 1)`

/** COMMISSION_BANKED commissions, one agency's or every agency's, most recently changed first. */
export function bankedQuery(agencyId: number | undefined) {
  return getDb()
    .select({
      c: commissions,
      policy_ref: policies.ref,
      premium: policies.premium,
      customer_name: sql<string>`${customers.first_name} || ' ' || ${customers.last_name}`,
      provider_name: insuranceProviders.display_name,
      agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
      invoice_line_item_id: premiumLineSql,
      total: sql<number>`count(*) over()::int`,
    })
    .from(commissions)
    .innerJoin(policies, eq(policies.id, commissions.policy_id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .innerJoin(agencies, eq(agencies.id, commissions.agency_id))
    .leftJoin(insuranceProviders, eq(insuranceProviders.id, policies.insurance_provider_id))
    .where(
      and(
        inArray(commissions.status, [...BANKED_COMMISSION_STATUSES]),
        agencyId === undefined ? undefined : eq(commissions.agency_id, agencyId),
      ),
    )
    .orderBy(desc(commissions.updated_at), desc(commissions.id))
}

type BankedRow = Awaited<ReturnType<typeof bankedQuery>>[number]

export const presentBanked = (r: BankedRow) => ({
  id: r.c.id,
  policy_id: r.c.policy_id,
  policy_ref: r.policy_ref,
  customer_name: r.customer_name,
  provider_name: r.provider_name,
  agency: r.agency,
  premium: r.premium === null ? null : fromCents(r.premium),
  status: r.c.status,
  amount: fromCents(r.c.amount),
  commission_rate: r.c.commission_rate,
  currency: r.c.currency,
  invoice_line_item_id: r.invoice_line_item_id,
  updated_at: r.c.updated_at,
})
export type BankedListRow = ReturnType<typeof presentBanked>

export const BANKED_EXPORT_COLUMNS: ExportColumnOf<BankedListRow>[] = [
  { header: 'Commission', value: (c) => c.id },
  { header: 'Agency', value: (c) => c.agency.name ?? c.agency.email },
  { header: 'Policy', value: (c) => c.policy_ref },
  { header: 'Student', value: (c) => c.customer_name },
  { header: 'Insurer', value: (c) => c.provider_name ?? '' },
  { header: 'Premium (AUD)', value: (c) => (c.premium === null ? '' : c.premium.toFixed(2)) },
  { header: 'Rate', value: (c) => c.commission_rate },
  { header: 'Commission (AUD)', value: (c) => c.amount.toFixed(2) },
  { header: 'Line item', value: (c) => c.invoice_line_item_id ?? '' },
  { header: 'Banked at', value: (c) => c.updated_at.toISOString() },
]

// ---- Payout lines (one per policy) ------------------------------------------------------------

export function payoutLinesQuery(input: Partial<PayoutLinesInput>, agencyId: number | undefined) {
  return getDb()
    .select({
      item: commissionPayoutItems,
      payout: {
        id: commissionPayouts.id,
        status: commissionPayouts.status,
        external_invoice_id: commissionPayouts.external_invoice_id,
        gst_rate: commissionPayouts.gst_rate,
        payment_type: commissionPayouts.payment_type,
        created_at: commissionPayouts.created_at,
      },
      agency_id: commissionPayouts.agency_id,
      commission_status: commissions.status,
      commission_rate: commissions.commission_rate,
      policy_ref: policies.ref,
      customer_name: sql<string>`${customers.first_name} || ' ' || ${customers.last_name}`,
      gst_amount: sql<number>`coalesce((select ${invoiceLineItems.tax_amount} from ${invoiceLineItems}
        where ${invoiceLineItems.invoice_id} = ${commissionPayouts.invoice_id}
          and ${invoiceLineItems.line_item_type} = 'COMMISSION'
          and ${invoiceLineItems.line_item_type_id} = ${commissionPayoutItems.commission_id} limit 1), 0)::bigint`,
      total: sql<number>`count(*) over()::int`,
    })
    .from(commissionPayoutItems)
    .innerJoin(commissionPayouts, eq(commissionPayouts.id, commissionPayoutItems.payout_id))
    .innerJoin(commissions, eq(commissions.id, commissionPayoutItems.commission_id))
    .innerJoin(policies, eq(policies.id, commissionPayoutItems.policy_id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .where(
      and(
        agencyId === undefined ? undefined : eq(commissionPayouts.agency_id, agencyId),
        input.commission_payout_payment_id === undefined
          ? undefined
          : eq(commissionPayouts.id, input.commission_payout_payment_id),
        input.status ? eq(commissionPayouts.status, input.status) : undefined,
      ),
    )
    .orderBy(desc(commissionPayouts.created_at), desc(commissionPayoutItems.id))
}

type LineRow = Awaited<ReturnType<typeof payoutLinesQuery>>[number]

export const presentPayoutLine = (r: LineRow) => ({
  id: r.item.id,
  payout_id: r.payout.id,
  payout_status: r.payout.status,
  payment_type: r.payout.payment_type,
  external_invoice_id: r.payout.external_invoice_id,
  agency_id: r.agency_id,
  commission_id: r.item.commission_id,
  commission_status: r.commission_status,
  commission_rate: r.commission_rate,
  policy_id: r.item.policy_id,
  policy_ref: r.policy_ref,
  customer_name: r.customer_name,
  invoice_line_item_id: r.item.invoice_line_item_id,
  amount: fromCents(r.item.amount),
  gst_amount: fromCents(Number(r.gst_amount)),
  total_amount: fromCents(r.item.amount + Number(r.gst_amount)),
  requested_at: r.payout.created_at,
})
