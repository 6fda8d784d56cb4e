// The effects of a staff decision on a commission payout, composed by applyCommissionPayoutDecision
// in its one transaction (the payout row locked, the decision checked). Each writes the payouts
// area's own rows or calls the writer of the area that owns the rest: the journal, the balance
// ledger, the invoices, the clawbacks (offsetClawbacksByPayout).
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { commissionPayoutItems, commissionPayouts, commissions, invoices } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { businessDate } from '../../shared/business-date'
import { formatCents } from '../../shared/format'
import { PAYOUT_PAYMENT_TYPE_LABELS } from '../../shared/labels'
import { notify } from '../../notifications/notify'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { offsetClawbacksByPayout, type ClawbackOffset } from '../../clawbacks/offset-clawbacks-by-payout'
import { recordInvoiceHistory, recordInvoicePayment } from '../invoices/invoice-payments'
import { setInvoiceStatus } from '../invoices/invoices'
import { creditPayoutToBalance, postPayoutByBank, postPayoutGst } from './payout-money'
import { recordPayoutHistory } from './payout-history'
import type { PayoutDecision } from './payouts.rules'
import { processKeys } from '../../shared/process-keys.rules'
import { agencyLinks } from '../../shared/links'

export type PayoutRow = typeof commissionPayouts.$inferSelect

/** A decision being applied: the locked payout, the decider (and their label), the decision's time. */
export type PayoutCtx = { tx: DbOrTx; p: PayoutRow; staff: StaffActor; by: string; now: Date }

/** What the decision did: the payout after it, what reached the balance, the clawbacks it offset. */
export type PayoutOutcome = { payout: PayoutRow; credited: number; offsets: ClawbackOffset[] }

type Approval = Extract<PayoutDecision, { kind: 'approve' }>

/**
 * Reject: commissions back to COMMISSION_BANKED (requestable again), the COMMISSION invoice
 * CANCELLED, payout REJECTED with the reason, its history, the inbox task closed, the agency told.
 */
export async function rejectPayout(ctx: PayoutCtx, reason: string): Promise<PayoutOutcome> {
  const { p } = ctx
  await moveCommissions(ctx, 'COMMISSION_BANKED')
  if (p.invoice_id) await cancelPayoutInvoice(ctx, p.invoice_id, reason)
  const payout = await updatePayout(ctx, { status: 'REJECTED', rejection_reason: reason })
  await recordPayoutHistory(ctx.tx, {
    payoutId: p.id,
    agencyId: p.agency_id,
    action: 'REJECTED',
    by: ctx.by,
    byIdentityId: ctx.staff.identityId,
    fromStatus: 'REQUESTED',
    toStatus: 'REJECTED',
    note: reason,
  })
  await closeWorkflowTasks(processKeys.commissionPayout(p.id), 'rejected', ctx.tx)
  await notify(
    ctx.tx,
    {
      eventType: 'COMMISSION_PAYOUT_REJECTED',
      title: `Commission payout #${p.id} rejected`,
      message: `${formatCents(p.total_amount)} was not paid: ${reason}`,
      link: agencyLinks.payouts,
      meta: { payout_id: p.id },
    },
    { agencyId: p.agency_id },
  )
  return { payout, credited: 0, offsets: [] }
}

/**
 * Approve: the invoice's GST joins commission payable; SETTLED_WITH_CLAWBACK offsets the agency's
 * open clawbacks first; BANK pays the rest out through the bank's clearing account, the other types
 * credit it to the balance (COMMISSION_RECEIVED); the COMMISSION invoice is paid, commissions PAID,
 * payout APPROVED with receipt and payment date, its history, the task closed, the agency told.
 */
export async function approvePayout(ctx: PayoutCtx, d: Approval): Promise<PayoutOutcome> {
  const { p } = ctx
  const receiptId = `PO-${p.id}-${businessDate(ctx.now).replaceAll('-', '')}`
  const total = p.total_amount
  await postPayoutGst(ctx)
  const { offset, offsets } =
    d.payment_type === 'SETTLED_WITH_CLAWBACK'
      ? await offsetClawbacksByPayout(ctx.tx, { payout: p, total, receiptId, actor: ctx.staff, now: ctx.now })
      : { offset: 0, offsets: [] }
  const credited = d.payment_type === 'BANK' ? 0 : total - offset
  if (d.payment_type === 'BANK') await postPayoutByBank(ctx, total - offset, receiptId)
  const entry = credited > 0 ? await creditPayoutToBalance(ctx, credited, offset) : null
  const ledgerId = entry?.id ?? null
  if (p.invoice_id && total > 0)
    await payCommissionInvoice(ctx, p.invoice_id, d, { receiptId, offset, credited, offsets, ledgerId })
  await moveCommissions(ctx, 'PAID')
  const payout = await updatePayout(ctx, {
    status: 'APPROVED',
    payment_type: d.payment_type,
    bank_document: d.payment_type === 'BANK' ? d.bank_document : null,
    receipt_id: receiptId,
    payment_date: ctx.now,
    clawback_offset_amount: offset,
  })
  await tellApproved(ctx, d, { receiptId, offsets, credited, ledgerId })
  return { payout, credited, offsets }
}

/** The payout's commissions still PAYOUT_REQUESTED move to `status`. */
async function moveCommissions(ctx: PayoutCtx, status: 'COMMISSION_BANKED' | 'PAID') {
  const commissionIds = ctx.tx
    .select({ id: commissionPayoutItems.commission_id })
    .from(commissionPayoutItems)
    .where(eq(commissionPayoutItems.payout_id, ctx.p.id))
  await ctx.tx
    .update(commissions)
    .set({ status, updated_at: ctx.now })
    .where(and(inArray(commissions.id, commissionIds), eq(commissions.status, 'PAYOUT_REQUESTED')))
}

async function updatePayout(ctx: PayoutCtx, set: Partial<typeof commissionPayouts.$inferInsert>) {
  const [payout] = await ctx.tx
    .update(commissionPayouts)
    .set({ ...set, decided_by: ctx.staff.identityId, decided_at: ctx.now, updated_at: ctx.now })
    .where(eq(commissionPayouts.id, ctx.p.id))
    .returning()
  return payout
}

async function cancelPayoutInvoice(ctx: PayoutCtx, invoiceId: number, reason: string) {
  const [inv] = await ctx.tx
    .select({ status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
  await setInvoiceStatus(ctx.tx, invoiceId, { status: 'CANCELLED', cancellation_reasons: reason })
  await recordInvoiceHistory(ctx.tx, {
    invoiceId,
    action: 'CANCELLED',
    message: `Commission payout #${ctx.p.id} rejected; invoice cancelled`,
    note: reason,
    fromStatus: inv?.status ?? null,
    toStatus: 'CANCELLED',
    actor: ctx.staff,
  })
}

type Paid = {
  receiptId: string
  offset: number
  credited: number
  offsets: ClawbackOffset[]
  ledgerId: number | null
}

/** The COMMISSION invoice paid in full: BANK for a bank transfer, AGENCY_BALANCE otherwise. */
async function payCommissionInvoice(ctx: PayoutCtx, invoiceId: number, d: Approval, paid: Paid) {
  const { receiptId, offset, credited } = paid
  await recordInvoicePayment(ctx.tx, {
    invoiceId,
    method: d.payment_type === 'BANK' ? 'BANK' : 'AGENCY_BALANCE',
    amount: ctx.p.total_amount,
    status: 'COMPLETED',
    actor: ctx.staff,
    ref: receiptId,
    notes: `${PAYOUT_PAYMENT_TYPE_LABELS[d.payment_type]}${
      offset ? `: ${formatCents(offset)} against clawbacks, ${formatCents(credited)} to the balance` : ''
    }`,
    meta: {
      payout_id: ctx.p.id,
      payment_type: d.payment_type,
      bank_document: d.bank_document,
      clawback_offsets: paid.offsets,
      ledger_id: paid.ledgerId,
    },
  })
}

async function tellApproved(ctx: PayoutCtx, d: Approval, paid: Omit<Paid, 'offset'>) {
  const { p } = ctx
  const label = PAYOUT_PAYMENT_TYPE_LABELS[d.payment_type]
  await recordPayoutHistory(ctx.tx, {
    payoutId: p.id,
    agencyId: p.agency_id,
    action: 'APPROVED',
    by: ctx.by,
    byIdentityId: ctx.staff.identityId,
    fromStatus: 'REQUESTED',
    toStatus: 'APPROVED',
    note: `${label}, receipt ${paid.receiptId}`,
    meta: { offsets: paid.offsets, credited: paid.credited, ledger_id: paid.ledgerId },
  })
  await closeWorkflowTasks(processKeys.commissionPayout(p.id), 'approved', ctx.tx)
  await notify(
    ctx.tx,
    {
      eventType: 'COMMISSION_PAID',
      title: `Commission payout #${p.id} approved`,
      message: `${formatCents(p.total_amount)} paid (${label}), receipt ${paid.receiptId}`,
      link: agencyLinks.payouts,
      meta: { payout_id: p.id },
    },
    { agencyId: p.agency_id },
  )
}
