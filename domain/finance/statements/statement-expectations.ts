// What the product waits to receive (or pay) by bank transfer, as bank statement lines are matched
// against it (issue 25): premiums, top-ups, invoices' bank parts, clawbacks paid back, buy now, pay
// later settlements and sent payout batches.
import { and, eq, exists, notInArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import {
  agencies,
  agencyTopups,
  bnplPaymentRequests,
  clawbacks,
  customers,
  invoicePaymentDocuments,
  invoicePayments,
  invoices,
  payoutBatches,
  policies,
  policyPremiumPayments,
} from '../../../db/schema'
import type { StatementMatchKind } from '../../../db/schema/statements'
import { bnplReference, invoiceReference, normalizeRef, topupReference } from './statements.rules'
import { CLOSED_INVOICE_STATUSES } from '../invoices/invoice-payments'
import { batchReference } from '../payout-batches/payout-batches.rules'

/** Something the product waits to receive by bank transfer. */
export type Expectation = {
  kind: StatementMatchKind
  /** The policy id (policy_payment), top-up id (topup), batch id (payout_batch), invoice payment id (invoice_payment), clawback id (clawback) or settlement request id (bnpl_settlement). */
  id: number
  /** The references it is quoted by, normalised. */
  refs: string[]
  /** Signed as the statement shows it: a payment received is positive, a batch's debit negative. */
  amountCents: number
  /** When it was asked for (ISO date), for proposals by date. */
  since: string
  /** Who is expected to pay (the agency, the student): a proposal naming one ranks first. */
  payers?: string[]
}

const isoDay = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString()).slice(0, 10)

/** Premium payments of PURCHASED policies waiting for a bank transfer, with who would pay them. */
function waitingPayments(db: DbOrTx) {
  return db
    .select({
      policyId: policies.id,
      ref: policies.ref,
      amount: policyPremiumPayments.amount,
      received: policyPremiumPayments.received_amount,
      createdAt: policyPremiumPayments.created_at,
      agency: agencies.full_company_name,
      first: customers.first_name,
      last: customers.last_name,
    })
    .from(policyPremiumPayments)
    .innerJoin(policies, eq(policies.id, policyPremiumPayments.policy_id))
    .innerJoin(agencies, eq(agencies.id, policies.agency_id))
    .leftJoin(customers, eq(customers.id, policies.customer_id))
    .where(
      and(
        eq(policyPremiumPayments.status, 'REQUESTED'),
        eq(policyPremiumPayments.payment_type, 'BANK'),
        eq(policies.status, 'PURCHASED'),
      ),
    )
}

/**
 * Bank parts of open invoices waiting for verification, with a proof waiting too (the line then
 * verifies that proof): quoted by the invoice's reference, several parts of one invoice by the same.
 */
function waitingInvoiceParts(db: DbOrTx) {
  return db
    .select({
      id: invoicePayments.id,
      invoiceId: invoicePayments.invoice_id,
      amount: invoicePayments.payment_amount,
      createdAt: invoicePayments.created_at,
      agency: agencies.full_company_name,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoice_id))
    .innerJoin(agencies, eq(agencies.id, invoicePayments.agency_id))
    .where(
      and(
        eq(invoicePayments.status, 'PENDING'),
        eq(invoicePayments.method, 'BANK'),
        notInArray(invoices.status, [...CLOSED_INVOICE_STATUSES]),
        exists(
          db
            .select({ id: invoicePaymentDocuments.id })
            .from(invoicePaymentDocuments)
            .where(
              and(
                eq(invoicePaymentDocuments.invoice_payment_id, invoicePayments.id),
                eq(invoicePaymentDocuments.status, 'UNVERIFIED'),
              ),
            ),
        ),
      ),
    )
}

/** Clawbacks the agency paid back by bank with a proof, waiting for staff: quoted by the policy's reference. */
function waitingClawbacks(db: DbOrTx) {
  return db
    .select({
      id: clawbacks.id,
      ref: policies.ref,
      amount: clawbacks.outstanding_amount,
      since: clawbacks.updated_at,
      agency: agencies.full_company_name,
    })
    .from(clawbacks)
    .innerJoin(policies, eq(policies.id, clawbacks.policy_id))
    .innerJoin(agencies, eq(agencies.id, clawbacks.agency_id))
    .where(and(eq(clawbacks.status, 'REQUESTED'), eq(clawbacks.clawback_method, 'BANK')))
}

/** Bank top-ups REQUESTED, with the agency that asked. */
function waitingTopups(db: DbOrTx) {
  return db
    .select({
      id: agencyTopups.id,
      amount: agencyTopups.amount,
      receipt_id: agencyTopups.receipt_id,
      topup_date: agencyTopups.topup_date,
      agency: agencies.full_company_name,
    })
    .from(agencyTopups)
    .innerJoin(agencies, eq(agencies.id, agencyTopups.agency_id))
    .where(and(eq(agencyTopups.status, 'REQUESTED'), eq(agencyTopups.payment_method, 'BANK')))
}

/** Buy now, pay later settlements sent to be paid by bank, waiting for staff. */
function waitingBnplSettlements(db: DbOrTx) {
  return db
    .select({
      id: bnplPaymentRequests.id,
      amount: bnplPaymentRequests.total_amount,
      since: bnplPaymentRequests.created_at,
      agency: agencies.full_company_name,
    })
    .from(bnplPaymentRequests)
    .innerJoin(agencies, eq(agencies.id, bnplPaymentRequests.agency_id))
    .where(and(eq(bnplPaymentRequests.status, 'REQUESTED'), eq(bnplPaymentRequests.payment_type, 'BANK')))
}

/**
 * What waits for a bank transfer now: premium payments of PURCHASED policies waiting for
 * verification (lockWaitingPayment's: REQUESTED, by BANK; quoted by the policy's ref), bank
 * top-ups REQUESTED (quoted by TOPUP-<id>, or their receipt id when they have one), invoices'
 * bank parts waiting with a proof (quoted by INV-<invoice id>), clawbacks paid back by bank
 * (quoted by the policy's reference) and buy now, pay later settlements by bank (BNPL-<request id>,
 * else proposed by amount and the agency's name); and the debit of each SENT payout
 * batch (its total, quoted by the file's description PB-<id>).
 */
export async function loadExpectations(db: DbOrTx): Promise<Expectation[]> {
  const payments = await waitingPayments(db)
  const topups = await waitingTopups(db)
  const parts = await waitingInvoiceParts(db)
  const paidBack = await waitingClawbacks(db)
  const settlements = await waitingBnplSettlements(db)
  const batches = await db
    .select({ id: payoutBatches.id, total: payoutBatches.total_cents, sentAt: payoutBatches.sent_at })
    .from(payoutBatches)
    .where(eq(payoutBatches.status, 'SENT'))
  return [
    ...payments.map((p) => ({
      kind: 'policy_payment' as const,
      id: p.policyId,
      refs: [normalizeRef(p.ref)],
      amountCents: p.amount - p.received,
      since: isoDay(p.createdAt),
      payers: [p.agency ?? '', `${p.first ?? ''} ${p.last ?? ''}`],
    })),
    ...topups.map((t) => ({
      kind: 'topup' as const,
      id: t.id,
      refs: [normalizeRef(topupReference(t.id)), ...(t.receipt_id ? [normalizeRef(t.receipt_id)] : [])],
      amountCents: t.amount,
      since: t.topup_date,
      payers: [t.agency ?? ''],
    })),
    ...parts.map((p) => ({
      kind: 'invoice_payment' as const,
      id: p.id,
      refs: [normalizeRef(invoiceReference(p.invoiceId))],
      amountCents: p.amount,
      since: isoDay(p.createdAt),
      payers: [p.agency ?? ''],
    })),
    ...paidBack.map((c) => ({
      kind: 'clawback' as const,
      id: c.id,
      refs: [normalizeRef(c.ref)],
      amountCents: c.amount,
      since: isoDay(c.since),
      payers: [c.agency ?? ''],
    })),
    ...settlements.map((b) => ({
      kind: 'bnpl_settlement' as const,
      id: b.id,
      refs: [normalizeRef(bnplReference(b.id))],
      amountCents: b.amount,
      since: isoDay(b.since),
      payers: [b.agency ?? ''],
    })),
    ...batches.map((b) => ({
      kind: 'payout_batch' as const,
      id: b.id,
      refs: [normalizeRef(batchReference(b.id))],
      amountCents: -b.total,
      since: isoDay(b.sentAt ?? new Date(0)),
    })),
  ]
}
