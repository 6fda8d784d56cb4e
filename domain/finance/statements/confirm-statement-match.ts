import { and, eq, inArray } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { bankStatementLines, clawbacks, invoicePaymentDocuments, invoicePayments } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { config } from '../../shared/config'
import { conflict, forbidden } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { verifyWaitingPayment } from '../policy-payments/payment-verification'
import { financeMails } from '../../mail/finance-mails'
import { mailAgency } from '../agency-mail'
import { approveTopup } from '../topups/approve-topup'
import { approveBnplPaymentRequest } from '../bnpl/approve-bnpl-payment-request'
import { approveClawback } from '../../clawbacks/approve-clawback'
import { updateInvoicePaymentDocumentStatus } from '../invoices/update-invoice-payment-document-status'
import { payPayoutBatch } from '../payout-batches/pay-payout-batch'
import {
  ALREADY_CONFIRMED,
  assertConfirmable,
  CONFIRMABLE,
  lockStatementLine,
} from './statement-line-loading'

type StatementLine = typeof bankStatementLines.$inferSelect

export const uploaderOverLimit = (limit: number) =>
  limit > 0
    ? `You uploaded this statement: its matches over ${formatCents(limit)} are confirmed by another person with finance`
    : 'You uploaded this statement: its matches are confirmed by another person with finance'

/** The line turns confirmed with who and when, in `db`; 409 when it no longer waits (confirmed meanwhile). */
async function markConfirmed(db: DbOrTx, lineId: number, actor: StaffActor) {
  const [confirmed] = await db
    .update(bankStatementLines)
    .set({ state: 'confirmed', confirmed_at: clock.now(), confirmed_by_identity_id: actor.identityId })
    .where(and(eq(bankStatementLines.id, lineId), inArray(bankStatementLines.state, [...CONFIRMABLE])))
    .returning()
  if (!confirmed) throw conflict(ALREADY_CONFIRMED)
  return confirmed
}

/**
 * A line paying a policy's premium, in one transaction with the line: the payment is verified with
 * what the line received (verifyWaitingPayment): in full, over (the excess held in suspense) or
 * short (a part payment; the rest stays due). The agency is mailed after commit.
 */
async function confirmPremiumLine(actor: StaffActor, lineId: number) {
  const done = await getDb().transaction(async (tx) => {
    const { line } = await lockStatementLine(tx, lineId)
    const target = assertConfirmable(line)
    if (target.kind !== 'policy_payment')
      throw conflict("This line's match changed meanwhile: load the statement again")
    const receipt = { cents: line.amount_cents, lineId: line.id }
    const verified = await verifyWaitingPayment(tx, actor, target.id, receipt)
    return { verified, confirmed: await markConfirmed(tx, line.id, actor) }
  })
  const { policy, payment, outcome, still_due, excess } = done.verified
  const part = outcome === 'part'
  await mailAgency(
    policy.agency_id,
    part
      ? financeMails.policyPaymentPartlyReceived(policy.ref, done.confirmed.amount_cents, still_due)
      : financeMails.policyPaymentApproved(policy.ref, payment.amount),
  )
  return {
    line: done.confirmed,
    policy: {
      policyId: policy.id,
      ref: policy.ref,
      status: part ? ('PURCHASED' as const) : ('PAYMENT_APPROVED' as const),
      paymentId: payment.id,
      paymentStatus: part ? ('REQUESTED' as const) : ('PAID' as const),
      outcome,
      still_due_cents: still_due,
      excess_cents: excess,
    },
  }
}

/**
 * A top-up (approveTopup), an invoice's bank part (its proof verified: the same decision as
 * verifying it by hand), a clawback paid back (approveClawback), a buy now, pay later settlement
 * (approveBnplPaymentRequest) or a payout batch's debit (payPayoutBatch), then the line.
 */
async function confirmOtherLine(
  actor: StaffActor,
  line: StatementLine,
  target: { kind: string; id: number },
) {
  const approved = await approveOther(actor, line, target)
  return { line: await markConfirmed(getDb(), line.id, actor), ...approved }
}

/** The decision a line's confirmation takes for what it is matched to (not a premium). */
async function approveOther(actor: StaffActor, line: StatementLine, target: { kind: string; id: number }) {
  switch (target.kind) {
    case 'topup':
      return { topup: await approveTopup({ actor, topupId: target.id }) }
    case 'invoice_payment':
      return { invoice_payment: await verifyInvoicePart(actor, target.id) }
    case 'clawback':
      return { clawback: await approvePaidBack(actor, target.id) }
    case 'bnpl_settlement':
      return { bnpl_settlement: await approveBnplPaymentRequest({ actor, requestId: target.id }) }
    default: {
      const batch = await payPayoutBatch({
        decider: actor,
        batchId: target.id,
        lineId: line.id,
        amountCents: line.amount_cents,
      })
      return { batch }
    }
  }
}

/** An invoice's bank part: its waiting proof is verified (updateInvoicePaymentDocumentStatus). */
async function verifyInvoicePart(actor: StaffActor, paymentId: number) {
  const [doc] = await getDb()
    .select({ id: invoicePaymentDocuments.id })
    .from(invoicePaymentDocuments)
    .innerJoin(invoicePayments, eq(invoicePayments.id, invoicePaymentDocuments.invoice_payment_id))
    .where(
      and(
        eq(invoicePaymentDocuments.invoice_payment_id, paymentId),
        eq(invoicePaymentDocuments.status, 'UNVERIFIED'),
        eq(invoicePayments.status, 'PENDING'),
      ),
    )
    .orderBy(invoicePaymentDocuments.id)
    .limit(1)
  if (!doc) throw conflict('This bank part of the invoice no longer waits for verification')
  return updateInvoicePaymentDocumentStatus({
    actor,
    input: { id: doc.id, status: 'VERIFIED', rejection_reason: null },
  })
}

/** A clawback paid back by bank: approved through its workflow's decision (approveClawback). */
async function approvePaidBack(actor: StaffActor, clawbackId: number) {
  const [c] = await getDb()
    .select({ policyId: clawbacks.policy_id })
    .from(clawbacks)
    .where(
      and(
        eq(clawbacks.id, clawbackId),
        eq(clawbacks.status, 'REQUESTED'),
        eq(clawbacks.clawback_method, 'BANK'),
      ),
    )
  if (!c) throw conflict('This clawback no longer waits for a bank payment to be verified')
  return approveClawback({ actor, policyId: c.policyId })
}

/**
 * Confirms a statement line's match (staff with finance and a fresh second factor; issue 25):
 * a premium is verified with what the line received (confirmPremiumLine: in full, over or short,
 * the line in the same transaction), a top-up, an invoice's bank part, a clawback paid back or a
 * buy now, pay later settlement through the same decision as a proof's verification (approveTopup,
 * updateInvoicePaymentDocumentStatus, the clawback workflow's update through approveClawback,
 * approveBnplPaymentRequest, with
 * their maker-checker and their 409 when it no longer waits), or a payout batch's
 * debit pays its payouts (payPayoutBatch: each through its workflow's decision); then the line
 * turns confirmed with who and when. A line is used once: confirmed again, 409. Maker-checker: the
 * person who uploaded the statement may not confirm its lines over STATEMENT_SELF_CONFIRM_LIMIT_CENTS (403).
 */
export const confirmStatementMatch = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function confirmStatementMatch(opts: { actor: StaffActor; lineId: number }) {
    const { actor } = opts
    const { line, uploadedBy } = await lockStatementLine(getDb(), opts.lineId)
    const target = assertConfirmable(line)
    const limit = config().STATEMENT_SELF_CONFIRM_LIMIT_CENTS
    if (uploadedBy === actor.identityId && Math.abs(line.amount_cents) > limit)
      throw forbidden(uploaderOverLimit(limit))
    // The approval serialises on its record and refuses a second decision (409), so two
    // confirmations of one line, or two lines matched to one payment, cannot both verify it.
    const { line: confirmed, ...approved } =
      target.kind === 'policy_payment'
        ? await confirmPremiumLine(actor, line.id)
        : await confirmOtherLine(actor, line, target)
    return {
      line_id: confirmed.id,
      state: confirmed.state,
      matched_kind: target.kind,
      matched_id: target.id,
      ...approved,
    }
  },
)
