// Top-up lists: the scope, query and row shape of findTopups, iterateTopups and the top-up decisions.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies, agencyTopups } from '../../../db/schema'
import { isAgencySide, type Actor } from '../../shared/actor'
import { fromCents } from '../../shared/money'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { assertFinanceReader } from '../finance-guards'
import type { ExportColumnOf } from '../search-and-export'
import type { TopUpListInput } from '../finance.schemas'

type TopupRow = typeof agencyTopups.$inferSelect

/** A top-up as the API answers it: amounts in AUD decimals, internal ids left out. */
export function presentTopup(t: TopupRow) {
  return {
    id: t.id,
    agency_id: t.agency_id,
    status: t.status,
    rejection_reason: t.rejection_reason,
    receipt_id: t.receipt_id,
    topup_date: t.topup_date,
    receipt_url: t.receipt_url,
    stripe_intent_id: t.stripe_intent_id,
    amount: fromCents(t.amount),
    payment_method: t.payment_method,
    invoice_id: t.invoice_id,
    created_at: t.created_at,
    updated_at: t.updated_at,
  }
}

export function where(input: Partial<TopUpListInput>, agencyId: number | undefined): SQL | undefined {
  const w: SQL[] = []
  if (agencyId !== undefined) w.push(eq(agencyTopups.agency_id, agencyId))
  if (input.status) w.push(eq(agencyTopups.status, input.status))
  return w.length ? and(...w) : undefined
}

export function query(filter: SQL | undefined, input: TopUpListInput) {
  const dir = input.sort_direction === 'asc' ? asc : desc
  return getDb()
    .select({
      topup: agencyTopups,
      agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
      total: sql<number>`count(*) over()::int`,
    })
    .from(agencyTopups)
    .innerJoin(agencies, eq(agencies.id, agencyTopups.agency_id))
    .where(filter)
    .orderBy(dir(agencyTopups[input.sort_key]), dir(agencyTopups.id))
}

type Row = Awaited<ReturnType<typeof query>>[number]

export const present = (r: Row) => ({ ...presentTopup(r.topup), agency: r.agency })

export type TopupListRow = ReturnType<typeof present>

/**
 * Whose top-ups: staff (finance) see every agency's, optionally one (`agency_id`); the agency side
 * (finance or purchase) only its own, and another agency's id is 404.
 */
export async function scope(actor: Actor, input: Partial<TopUpListInput>, pathAgencyId?: number) {
  assertFinanceReader(actor)
  if (pathAgencyId !== undefined) return (await assertAgencyAccess(actor, pathAgencyId)).id
  if (isAgencySide(actor)) return actor.agencyId
  return input.agency_id
}

export const TOPUP_EXPORT_COLUMNS: ExportColumnOf<TopupListRow>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'Agency', value: (t) => t.agency.name ?? t.agency.email },
  { header: 'Amount (AUD)', value: (t) => t.amount.toFixed(2) },
  { header: 'Payment method', value: (t) => t.payment_method },
  { header: 'Status', value: (t) => t.status },
  { header: 'Top-up date', value: (t) => t.topup_date },
  { header: 'Rejection reason', value: (t) => t.rejection_reason ?? '' },
  { header: 'Invoice', value: (t) => t.invoice_id ?? '' },
  { header: 'Requested at', value: (t) => t.created_at.toISOString() },
]
