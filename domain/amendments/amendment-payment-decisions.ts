// The payment decisions of an amendment whose premium rose: the agency pays (bank transfer to
// verify, its balance, or a confirmed card payment) and staff approve or reject a bank transfer.
import { and, desc, eq } from 'drizzle-orm'
import { amendmentPayments, cardPayments } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { isoDate } from '../shared/clock'
import { conflict, forbidden, invalidTransition, notFound } from '../shared/errors'
import { formatCents } from '../shared/format'
import { postAmendmentPaid } from '../money/money-postings'
import { assertNotMaker } from '../finance/finance-guards'
import { recordInvoicePayment } from '../finance/invoices/invoice-payments'
import { postBalanceEntry } from '../finance/ledger/ledger'
import {
  closeTask,
  history,
  identityOf,
  invoiceOf,
  settled,
  tell,
  update,
  type Applied,
  type Ctx,
} from './amendment-decision-effects'

/** Records the agency's payment of the amendment (amendment_payments), answering its id. */
async function addPayment(
  ctx: Ctx,
  p: Omit<typeof amendmentPayments.$inferInsert, 'amendment_id' | 'agency_id' | 'created_by'>,
) {
  const [row] = await ctx.tx
    .insert(amendmentPayments)
    .values({ amendment_id: ctx.a.id, agency_id: ctx.a.agency_id, ...p, created_by: identityOf(ctx) })
    .returning({ id: amendmentPayments.id })
  return row.id
}

/** The agency pays the rise: a bank transfer waits for staff, its balance settles at once. */
export async function pay(
  ctx: Ctx,
  method: 'BANK' | 'AGENCY_BALANCE',
  bankDocument: string | null,
): Promise<Applied> {
  const invoiceId = await invoiceOf(ctx)
  await closeTask(ctx, 'paid')
  return method === 'BANK' ? payByBank(ctx, bankDocument) : payFromBalance(ctx, invoiceId)
}

async function payByBank(ctx: Ctx, bankDocument: string | null): Promise<Applied> {
  const amount = ctx.a.payable_amount
  await addPayment(ctx, {
    status: 'REQUESTED',
    payment_method: 'BANK',
    amount,
    bank_document: bankDocument,
  })
  const a = await update(ctx, { status: 'REQUESTED' })
  await history(
    ctx,
    'AMENDMENT_PAYMENT_REQUESTED',
    `Bank transfer of ${formatCents(amount)} submitted for verification`,
    { bank_document: bankDocument },
  )
  await tell(
    ctx,
    'staff',
    'AMENDMENT_PAYMENT_REQUESTED',
    'Amendment payment to verify',
    `Verify the bank transfer of ${formatCents(amount)} for the amendment of policy ${ctx.policy.ref}`,
    'finance',
  )
  return { a, clawbackId: null }
}

async function payFromBalance(ctx: Ctx, invoiceId: number): Promise<Applied> {
  const amount = ctx.a.payable_amount
  const entry = await postBalanceEntry(ctx.tx, {
    agencyId: ctx.a.agency_id,
    type: 'AMENDMENT_PAYMENT',
    amount: -amount,
    actor: ctx.actor,
    policyId: ctx.a.policy_id,
    invoiceId,
    note: `Amendment #${ctx.a.id} of policy ${ctx.policy.ref}`,
  })
  const { payment } = await recordInvoicePayment(ctx.tx, {
    invoiceId,
    method: 'AGENCY_BALANCE',
    amount,
    status: 'COMPLETED',
    actor: ctx.actor,
    ref: `AMD-${ctx.a.id}`,
    meta: { amendment_id: ctx.a.id, ledger_id: entry.id },
  })
  await addPayment(ctx, {
    status: 'COMPLETED',
    payment_method: 'AGENCY_BALANCE',
    amount,
    invoice_payment_id: payment.id,
    paid_on: isoDate(ctx.clock.now()),
  })
  await history(ctx, 'AMENDMENT_PAYMENT_COMPLETED', `${formatCents(amount)} paid from the agency balance`)
  return settled(ctx, {})
}

/** A card payment of the AMENDMENT invoice was confirmed: recorded and posted to the journal. */
export async function cardPaid(ctx: Ctx, cardPaymentId: number): Promise<Applied> {
  const invoiceId = await invoiceOf(ctx)
  const [card] = await ctx.tx.select().from(cardPayments).where(eq(cardPayments.id, cardPaymentId))
  if (!card || card.invoice_id !== invoiceId || card.agency_id !== ctx.a.agency_id)
    throw notFound('Card payment')
  if (card.status !== 'PAID') throw conflict('The card payment is not confirmed yet')
  await closeTask(ctx, 'paid')
  const paidId = await addPayment(ctx, {
    status: 'COMPLETED',
    payment_method: 'CARD',
    amount: ctx.a.payable_amount,
    paid_on: isoDate(ctx.clock.now()),
  })
  // The money journal receives it for the policy (clearing:card -> premium received).
  await postAmendmentPaid(ctx.tx, {
    amendmentPaymentId: paidId,
    amendmentId: ctx.a.id,
    policyId: ctx.a.policy_id,
    agencyId: ctx.a.agency_id,
    amount: ctx.a.payable_amount,
    method: 'CARD',
    actor: ctx.actor,
  })
  await history(
    ctx,
    'AMENDMENT_PAYMENT_COMPLETED',
    `${formatCents(ctx.a.payable_amount)} paid by card (${card.ref})`,
  )
  return settled(ctx, {})
}

/** The bank transfer waiting for staff; its payer may not decide it (maker-checker). */
async function waitingPayment(ctx: Ctx) {
  const [p] = await ctx.tx
    .select()
    .from(amendmentPayments)
    .where(and(eq(amendmentPayments.amendment_id, ctx.a.id), eq(amendmentPayments.status, 'REQUESTED')))
    .orderBy(desc(amendmentPayments.id))
    .limit(1)
    .for('update')
  if (!p) throw invalidTransition('This amendment has no payment waiting for verification')
  if (ctx.actor.kind !== 'Oshc') throw forbidden()
  assertNotMaker(ctx.actor.identityId, p)
  return { p, staff: ctx.actor as StaffActor }
}

/** Staff verified the transfer: the invoice is paid, the journal receives it, the premium is settled. */
export async function approvePayment(ctx: Ctx): Promise<Applied> {
  const { p, staff } = await waitingPayment(ctx)
  const invoiceId = await invoiceOf(ctx)
  const { payment } = await recordInvoicePayment(ctx.tx, {
    invoiceId,
    method: 'BANK',
    amount: p.amount,
    status: 'COMPLETED',
    actor: staff,
    ref: `AMD-${ctx.a.id}`,
    meta: { amendment_id: ctx.a.id, amendment_payment_id: p.id, bank_document: p.bank_document },
  })
  await ctx.tx
    .update(amendmentPayments)
    .set({
      status: 'COMPLETED',
      decided_by: staff.identityId,
      invoice_payment_id: payment.id,
      paid_on: isoDate(ctx.clock.now()),
      updated_at: ctx.clock.now(),
    })
    .where(eq(amendmentPayments.id, p.id))
  // The money journal receives it for the policy (clearing:bank -> premium received).
  await postAmendmentPaid(ctx.tx, {
    amendmentPaymentId: p.id,
    amendmentId: ctx.a.id,
    policyId: ctx.a.policy_id,
    agencyId: ctx.a.agency_id,
    amount: p.amount,
    method: p.payment_method === 'CARD' ? 'CARD' : 'BANK',
    actor: staff,
  })
  await history(ctx, 'AMENDMENT_PAYMENT_APPROVED', `Bank transfer of ${formatCents(p.amount)} verified`)
  await closeTask(ctx, 'approved')
  await tell(
    ctx,
    'agency',
    'AMENDMENT_PAYMENT_APPROVED',
    'Amendment payment approved',
    `Your payment of ${formatCents(p.amount)} for policy ${ctx.policy.ref} was approved`,
  )
  return settled(ctx, {})
}

/** Staff rejected the transfer: the agency pays again. */
export async function rejectPayment(ctx: Ctx, reason: string): Promise<Applied> {
  const { p, staff } = await waitingPayment(ctx)
  await ctx.tx
    .update(amendmentPayments)
    .set({
      status: 'REJECTED',
      rejection_reason: reason,
      decided_by: staff.identityId,
      updated_at: ctx.clock.now(),
    })
    .where(eq(amendmentPayments.id, p.id))
  const a = await update(ctx, { status: 'REJECTED' })
  await history(
    ctx,
    'AMENDMENT_PAYMENT_REJECTED',
    `Bank transfer of ${formatCents(p.amount)} rejected: ${reason}`,
  )
  await closeTask(ctx, 'rejected')
  await tell(
    ctx,
    'agency',
    'AMENDMENT_PAYMENT_REJECTED',
    'Amendment payment rejected',
    `Your payment of ${formatCents(p.amount)} for policy ${ctx.policy.ref} was rejected: ${reason}. Please pay again.`,
  )
  return { a, clawbackId: null }
}
