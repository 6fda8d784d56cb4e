// What the screens and the API show of an amendment (amounts in AUD through fromCents).
import { desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { amendmentDocuments, amendmentPayments, amendments } from '../../db/schema'
import { fromCents } from '../shared/money'
import { amendmentProcess } from './amendment-process'
import type { Actor } from '../shared/actor'
import { detailChanges, type AmendmentData, type AmendmentDetails } from './amendment-data'
import { deciderOf, type AmendmentRow } from './amendment-loading'
import { phaseOf, PHASE_LABELS, type AmendmentDecision } from './amendments.rules'

type Payment = typeof amendmentPayments.$inferSelect

export function presentAmendment(a: AmendmentRow, payments: Payment[] = []) {
  const phase = phaseOf(a)
  return {
    id: a.id,
    policy_id: a.policy_id,
    agency_id: a.agency_id,
    status: a.status,
    next_step: a.next_step,
    phase,
    phase_label: PHASE_LABELS[phase],
    is_open: a.is_open,
    data: a.data,
    initiated_agency_user_id: a.initiated_agency_user_id,
    initiated_oshc_user_id: a.initiated_oshc_user_id,
    prev_premium: fromCents(a.prev_premium),
    prev_commission: fromCents(a.prev_commission),
    new_premium: fromCents(a.new_premium),
    new_commission: fromCents(a.new_commission),
    changed_premium: fromCents(a.changed_premium),
    payable_amount: fromCents(a.payable_amount),
    allow_payment: a.allow_payment,
    note: a.note,
    payer: a.payer,
    invoice_id: a.invoice_id,
    is_premium_confirmed_by_admin: a.is_premium_confirmed_by_admin,
    is_premium_confirmed_by_agency: a.is_premium_confirmed_by_agency,
    is_personal_details_changed: a.is_personal_details_changed,
    is_policy_details_changed: a.is_policy_details_changed,
    is_premium_increase: a.is_premium_increase,
    is_certificate_uploaded: a.is_certificate_uploaded,
    certificate_state: a.is_certificate_uploaded ? 'CERTIFICATE_UPLOADED' : 'CERTIFICATE_UPLOAD_PENDING',
    changes: a.previous_data
      ? detailChanges(a.previous_data as AmendmentDetails, a.data as AmendmentData)
      : [],
    payments: payments.map((p) => ({
      id: p.id,
      status: p.status,
      payment_method: p.payment_method,
      amount: fromCents(p.amount),
      bank_document: p.bank_document,
      rejection_reason: p.rejection_reason,
      paid_on: p.paid_on,
      created_at: p.created_at,
    })),
    created_at: a.created_at,
    closed_at: a.closed_at,
  }
}

export type AmendmentView = ReturnType<typeof presentAmendment>

/** The amendment with its payments and documents, as the details call answers it. */
export async function amendmentDetails(a: AmendmentRow) {
  const db = getDb()
  const [payments, documents] = await Promise.all([
    db
      .select()
      .from(amendmentPayments)
      .where(eq(amendmentPayments.amendment_id, a.id))
      .orderBy(desc(amendmentPayments.id)),
    db
      .select()
      .from(amendmentDocuments)
      .where(eq(amendmentDocuments.amendment_id, a.id))
      .orderBy(desc(amendmentDocuments.id)),
  ])
  return { ...presentAmendment(a, payments), documents }
}

/** Sends a decision through the amendment's workflow and answers the amendment after it. */
type WithoutBy<T> = T extends unknown ? Omit<T, 'by'> : never

export async function decideAndPresent(
  actor: Actor,
  amendmentId: number,
  decision: WithoutBy<AmendmentDecision>,
) {
  await amendmentProcess().decide(amendmentId, { ...decision, by: deciderOf(actor) } as AmendmentDecision)
  const [a] = await getDb().select().from(amendments).where(eq(amendments.id, amendmentId))
  return amendmentDetails(a)
}
