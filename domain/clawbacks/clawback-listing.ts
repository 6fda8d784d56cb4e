// Clawback reads: scope, queries and row shapes of the lists, their exports and the details.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, clawbacks, policies } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { fromCents } from '../shared/money'
import { assertAgencyAccess } from '../agencies/agency-access'
import { assertFinanceReader } from '../finance/finance-guards'
import type { ExportColumnOf } from '../finance/search-and-export'
import { CLAWBACK_STATUS_LABELS, METHOD_LABELS, OPEN_CLAWBACK_STATUSES } from './clawbacks.rules'
import type { ClawbackListInput } from './clawbacks.schemas'

type ClawbackRow = typeof clawbacks.$inferSelect

/** A clawback as the API answers it: amounts in AUD decimals. */
export function presentClawback(c: ClawbackRow) {
  return {
    id: c.id,
    policy_id: c.policy_id,
    agency_id: c.agency_id,
    clawback_premium_amount: fromCents(c.clawback_premium_amount),
    clawback_commission_amount: fromCents(c.clawback_commission_amount),
    outstanding_amount: fromCents(c.outstanding_amount),
    clawback_payment_id: c.clawback_payment_id,
    receipt_id: c.receipt_id,
    status: c.status,
    status_label: CLAWBACK_STATUS_LABELS[c.status],
    clawback_method: c.clawback_method,
    clawback_method_label: c.clawback_method ? METHOD_LABELS[c.clawback_method] : null,
    bank_document_url: c.bank_document_url,
    clawback_document: c.clawback_document,
    clawback_document_name: c.clawback_document_name,
    commission_rate: c.commission_rate === null ? null : Number(c.commission_rate),
    rejection_reason: c.rejection_reason,
    invoice_id: c.invoice_id,
    clawback_completed_at: c.clawback_completed_at,
    created_at: c.created_at,
    updated_at: c.updated_at,
  }
}

/** Whose clawbacks: staff (finance) any agency's; the agency side only its own (another's: 404). */
export async function scope(actor: Actor, input: { agency_id?: number }, pathAgencyId?: number) {
  assertFinanceReader(actor)
  if (pathAgencyId !== undefined) return (await assertAgencyAccess(actor, pathAgencyId)).id
  if (isAgencySide(actor)) return actor.agencyId
  return input.agency_id
}

export function clawbackWhere(
  input: Partial<ClawbackListInput> & { openOnly?: boolean },
  agencyId: number | undefined,
): SQL | undefined {
  const w: SQL[] = []
  if (agencyId !== undefined) w.push(eq(clawbacks.agency_id, agencyId))
  if (input.status) w.push(eq(clawbacks.status, input.status))
  if (input.clawback_method) w.push(eq(clawbacks.clawback_method, input.clawback_method))
  if (input.policy_id) w.push(eq(clawbacks.policy_id, input.policy_id))
  if (input.openOnly) w.push(inArray(clawbacks.status, [...OPEN_CLAWBACK_STATUSES]))
  return w.length ? and(...w) : undefined
}

export function clawbackQuery(
  filter: SQL | undefined,
  input: Pick<ClawbackListInput, 'sort_key' | 'sort_direction'>,
) {
  const dir = input.sort_direction === 'asc' ? asc : desc
  return getDb()
    .select({
      c: clawbacks,
      policy_ref: policies.ref,
      policy_status: policies.status,
      premium: policies.premium,
      agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
      total: sql<number>`count(*) over()::int`,
    })
    .from(clawbacks)
    .innerJoin(policies, eq(policies.id, clawbacks.policy_id))
    .innerJoin(agencies, eq(agencies.id, clawbacks.agency_id))
    .where(filter)
    .orderBy(dir(clawbacks[input.sort_key]), dir(clawbacks.id))
}

type ListRow = Awaited<ReturnType<typeof clawbackQuery>>[number]

export const presentClawbackRow = (r: ListRow) => ({
  ...presentClawback(r.c),
  policy_ref: r.policy_ref,
  policy_status: r.policy_status,
  premium: fromCents(r.premium ?? 0),
  agency: r.agency,
})
export type ClawbackListRow = ReturnType<typeof presentClawbackRow>

const iso = (d: Date | null) => (d ? d.toISOString() : '')

export const CLAWBACK_EXPORT_COLUMNS: ExportColumnOf<ClawbackListRow>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'Policy', value: (c) => c.policy_ref },
  { header: 'Agency', value: (c) => c.agency.name ?? c.agency.email },
  { header: 'Premium clawed back (AUD)', value: (c) => c.clawback_premium_amount.toFixed(2) },
  { header: 'Commission rate', value: (c) => (c.commission_rate ?? 0).toFixed(2) },
  { header: 'Commission clawed back (AUD)', value: (c) => c.clawback_commission_amount.toFixed(2) },
  { header: 'Outstanding (AUD)', value: (c) => c.outstanding_amount.toFixed(2) },
  { header: 'Status', value: (c) => c.status },
  { header: 'Method', value: (c) => c.clawback_method ?? '' },
  { header: 'Receipt', value: (c) => c.receipt_id ?? '' },
  { header: 'Completed at', value: (c) => iso(c.clawback_completed_at) },
  { header: 'Rejection reason', value: (c) => c.rejection_reason ?? '' },
  { header: 'Invoice', value: (c) => c.invoice_id ?? '' },
  { header: 'Initiated at', value: (c) => c.created_at.toISOString() },
]
