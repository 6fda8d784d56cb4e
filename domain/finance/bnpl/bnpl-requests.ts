// Buy-now-pay-later settlement requests: their history writer, row lock and presenters, shared by
// the send, approve, reject and read use cases (each checks its caller first).
import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import {
  bnplPaymentRequestItems,
  bnplPaymentRequests,
  customers,
  financeRequestHistories,
  policies,
  policyPremiumPayments,
} from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { clock } from '../../shared/clock'
import { conflict, notFound } from '../../shared/errors'
import { agencyLinks } from '../../shared/links'
import { fromCents } from '../../shared/money'
import { notify } from '../../notifications/notify'
import { settlementDeadline } from './bnpl.rules'
import { settlementDays } from './bnpl-deadlines'

export type BnplRequestRow = typeof bnplPaymentRequests.$inferSelect

/** The inbox task of a waiting settlement request (no workflow: the hourly inbox job reminds). */
export const bnplTaskId = (requestId: number) => `bnpl-${requestId}`

/** One row of a request's timeline; `agencyVisible` rows also show on the agency side. */
export async function recordBnplHistory(
  tx: DbOrTx,
  h: {
    requestId: number
    agencyId: number
    action: string
    from?: string | null
    to?: string | null
    actor: Actor | string
    note?: string | null
    agencyVisible?: boolean
    meta?: Record<string, unknown>
  },
) {
  await tx.insert(financeRequestHistories).values({
    request_type: 'BNPL_PAYMENT',
    request_id: h.requestId,
    agency_id: h.agencyId,
    action: h.action,
    from_status: h.from ?? null,
    to_status: h.to ?? null,
    actor: typeof h.actor === 'string' ? h.actor : actorLabel(h.actor),
    actor_id: typeof h.actor !== 'string' && 'identityId' in h.actor ? h.actor.identityId : null,
    note: h.note ?? null,
    agency_visible: h.agencyVisible ?? true,
    meta: h.meta ?? null,
  })
}

/** The request row locked for a decision (FOR UPDATE: concurrent decisions queue behind it). */
export async function lockBnplRequest(tx: DbOrTx, requestId: number) {
  const [row] = await tx
    .select()
    .from(bnplPaymentRequests)
    .where(eq(bnplPaymentRequests.id, requestId))
    .for('update')
  if (!row) throw notFound('Buy now, pay later payment request')
  return row
}

/** A decision is taken on a REQUESTED request only (409 naming its status otherwise). */
export function assertRequested(row: BnplRequestRow, verb: 'approved' | 'rejected') {
  if (row.status !== 'REQUESTED')
    throw conflict(`This settlement request is ${row.status}; only a REQUESTED request can be ${verb}`)
}

/** The decided request (APPROVED or REJECTED), stamped now. */
export async function decideBnplRequest(
  tx: DbOrTx,
  requestId: number,
  set: Pick<
    typeof bnplPaymentRequests.$inferInsert,
    'status' | 'decided_by' | 'receipt_id' | 'rejection_reason'
  >,
) {
  const now = clock.now()
  const [request] = await tx
    .update(bnplPaymentRequests)
    .set({ ...set, decided_at: now, updated_at: now })
    .where(eq(bnplPaymentRequests.id, requestId))
    .returning()
  return request
}

/** The agency learns of a decision on its request (its BNPL page). */
export async function notifyAgencyOfDecision(
  tx: DbOrTx,
  row: BnplRequestRow,
  n: { eventType: string; title: string; message: string },
) {
  await notify(
    tx,
    { ...n, link: agencyLinks.bnpl, meta: { bnpl_request_id: row.id } },
    { agencyId: row.agency_id },
  )
}

/** The policies a request covers, with their premium payment now and their deadline. */
export async function bnplRequestItems(db: DbOrTx, requestId: number) {
  const days = settlementDays()
  const rows = await db
    .select({
      id: bnplPaymentRequestItems.id,
      policy_id: bnplPaymentRequestItems.policy_id,
      premium_payment_id: bnplPaymentRequestItems.premium_payment_id,
      amount: bnplPaymentRequestItems.amount,
      ref: policies.ref,
      policy_status: policies.status,
      payment_status: policyPremiumPayments.status,
      purchased_at: policyPremiumPayments.created_at,
      first_name: customers.first_name,
      last_name: customers.last_name,
    })
    .from(bnplPaymentRequestItems)
    .innerJoin(policies, eq(policies.id, bnplPaymentRequestItems.policy_id))
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .innerJoin(
      policyPremiumPayments,
      eq(policyPremiumPayments.id, bnplPaymentRequestItems.premium_payment_id),
    )
    .where(eq(bnplPaymentRequestItems.request_id, requestId))
    .orderBy(asc(bnplPaymentRequestItems.id))
  return rows.map((r) => ({ ...r, deadline: settlementDeadline(r.purchased_at, days) }))
}

/** A request as the API answers it (AUD decimals). */
export function presentBnplRequest(r: BnplRequestRow) {
  return {
    id: r.id,
    agency_id: r.agency_id,
    status: r.status,
    payment_type: r.payment_type,
    bank_document: r.bank_document,
    rejection_reason: r.rejection_reason,
    invoice_id: r.invoice_id,
    total_amount: fromCents(r.total_amount),
    receipt_id: r.receipt_id,
    decided_at: r.decided_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }
}

export const presentBnplItem = (i: Awaited<ReturnType<typeof bnplRequestItems>>[number]) => ({
  policy_id: i.policy_id,
  ref: i.ref,
  student: `${i.first_name} ${i.last_name}`,
  policy_status: i.policy_status,
  premium_payment_id: i.premium_payment_id,
  payment_status: i.payment_status,
  amount: fromCents(i.amount),
  purchased_at: i.purchased_at,
  settlement_deadline: i.deadline,
})
