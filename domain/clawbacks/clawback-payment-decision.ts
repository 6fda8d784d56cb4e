// The effects of a staff decision on a clawback payment, composed by applyClawbackDecision in its
// one transaction (the clawback and its policy locked, the decision checked): the payment taken
// (or given back), the clawback's row, the policy's status, the history, the task and the agency's
// notification. Money goes through its writers: the journal (clawback-money), the balance ledger,
// the invoice payments.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { clawbacks, commissions, type policies } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { businessDate } from '../shared/business-date'
import { conflict, invalidTransition } from '../shared/errors'
import { formatCents } from '../shared/format'
import { notify } from '../notifications/notify'
import { closeWorkflowTasks } from '../tasks/workflow-tasks'
import { followPolicy } from '../policies/policy-history'
import { recordInvoicePayment } from '../finance/invoices/invoice-payments'
import { postBalanceEntry } from '../finance/ledger/ledger'
import { BANKED_COMMISSION_STATUSES } from '../finance/finance.rules'
import { markCommissionsPaid } from '../finance/payouts/commission-changes'
import { giveBackClawbackPayment, postClawbackBankPayment, postClawbackPayment } from './clawback-money'
import { agencyClawbackPath, recordClawbackHistory } from './clawback-history'
import { METHOD_LABELS, netAgainstBanked, type ClawbackMethod } from './clawbacks.rules'
import { processKeys } from '../shared/process-keys.rules'

type ClawbackRow = typeof clawbacks.$inferSelect

/** A decision being applied: the locked clawback and policy, the decider, its time, what was paid. */
export type ClawbackCtx = {
  tx: DbOrTx
  c: ClawbackRow
  policy: typeof policies.$inferSelect | undefined
  staff: StaffActor
  now: Date
  method: ClawbackMethod
  amount: number
}

/**
 * Reject -> REJECTED with the reason, payable again; an AGENCY_BALANCE payment is given back
 * (CLAWBACK_PAYMENT credit, its reservation voided). Policy, history, task, the agency told.
 */
export async function rejectClawbackPayment(ctx: ClawbackCtx, reason: string) {
  const { c, method, amount } = ctx
  if (method === 'AGENCY_BALANCE' && amount > 0) await giveBackClawbackPayment(ctx.tx, c, amount, ctx.staff)
  const after = await updateClawback(ctx, { status: 'REJECTED', rejection_reason: reason })
  if (ctx.policy)
    await followPolicy(ctx.tx, ctx.policy, 'rejectClawback', {
      actor: ctx.staff,
      note: reason,
      meta: { clawback_id: c.id },
    })
  await recordClawbackHistory(ctx.tx, {
    clawbackId: c.id,
    agencyId: c.agency_id,
    action: 'REJECTED',
    actor: ctx.staff,
    fromStatus: 'REQUESTED',
    toStatus: 'REJECTED',
    note: reason,
    meta: { method, given_back: method === 'AGENCY_BALANCE' ? amount : 0 },
  })
  await closeWorkflowTasks(processKeys.clawback(c.id), 'rejected', ctx.tx)
  await notify(
    ctx.tx,
    {
      eventType: 'CLAWBACK_REJECTED',
      title: `Clawback payment on policy ${ctx.policy?.ref ?? c.policy_id} rejected`,
      message: `${formatCents(amount)} (${METHOD_LABELS[method]}) was not accepted: ${reason}. Please pay again.`,
      link: agencyClawbackPath(c.policy_id),
      meta: { clawback_id: c.id },
    },
    { agencyId: c.agency_id },
  )
  return after
}

/**
 * Approve -> COMPLETED (clawback_completed_at, receipt, policy CLAWBACK_COMPLETED, its CLAWBACK
 * invoice paid). COMMISSION: only a payout settles it (refused while something is outstanding).
 */
export async function completeClawbackPayment(ctx: ClawbackCtx) {
  const { c, method, amount } = ctx
  if (method === 'COMMISSION' && amount > 0)
    throw invalidTransition(
      'This clawback is settled by the next commission payout (SETTLED_WITH_CLAWBACK); it cannot be approved before',
    )
  const receiptId = `CB-${c.id}-${businessDate(ctx.now).replaceAll('-', '')}`
  const taken = await takeClawbackPayment(ctx, receiptId)
  if (c.invoice_id && amount > 0)
    await recordInvoicePayment(ctx.tx, {
      invoiceId: c.invoice_id,
      method: method === 'BANK' ? 'BANK' : 'AGENCY_BALANCE',
      amount,
      status: 'COMPLETED',
      actor: ctx.staff,
      ref: receiptId,
      notes: `Clawback #${c.id}: ${METHOD_LABELS[method]}`,
      meta: { clawback_id: c.id, method, bank_document: c.bank_document_url, ...taken },
    })
  const after = await updateClawback(ctx, {
    status: 'COMPLETED',
    outstanding_amount: 0,
    receipt_id: receiptId,
    clawback_completed_at: ctx.now,
  })
  await tellCompleted(ctx, receiptId, taken)
  return after
}

type Taken = { ledger_id: number | null; netted: unknown }

/**
 * BANKED_COMMISSION: netted now against banked commission (netBankedCommission). AGENCY_BALANCE:
 * the balance was debited when the agency paid, reserved until now: posted. BANK: the transfer came
 * in, posted from the bank clearing account to the policy's clawback account (no ledger row).
 */
async function takeClawbackPayment(ctx: ClawbackCtx, receiptId: string): Promise<Taken> {
  const { tx, c, method, amount } = ctx
  let taken: Taken = { ledger_id: null, netted: null }
  if (method === 'BANKED_COMMISSION' && amount > 0) {
    const r = await netBankedCommission(ctx)
    taken = { ledger_id: r.ledgerId, netted: r.net.used }
  }
  if (method === 'AGENCY_BALANCE' && amount > 0) await postClawbackPayment(tx, c)
  if (method === 'BANK' && amount > 0) await postClawbackBankPayment(tx, c, amount, ctx.staff, receiptId)
  return taken
}

async function tellCompleted(ctx: ClawbackCtx, receiptId: string, taken: Taken) {
  const { c, method, amount } = ctx
  if (ctx.policy)
    await followPolicy(ctx.tx, ctx.policy, 'approveClawback', {
      actor: ctx.staff,
      note: `Clawback of ${formatCents(c.clawback_commission_amount)} settled (${METHOD_LABELS[method]}), receipt ${receiptId}`,
      meta: { clawback_id: c.id },
    })
  await recordClawbackHistory(ctx.tx, {
    clawbackId: c.id,
    agencyId: c.agency_id,
    action: 'APPROVED',
    actor: ctx.staff,
    fromStatus: 'REQUESTED',
    toStatus: 'COMPLETED',
    note: `${formatCents(amount)} ${METHOD_LABELS[method]}, receipt ${receiptId}`,
    meta: { amount, method, ...taken },
  })
  await closeWorkflowTasks(processKeys.clawback(c.id), 'approved', ctx.tx)
  await notify(
    ctx.tx,
    {
      eventType: 'CLAWBACK_COMPLETED',
      title: `Clawback on policy ${ctx.policy?.ref ?? c.policy_id} settled`,
      message: `${formatCents(amount)} accepted (${METHOD_LABELS[method]}), receipt ${receiptId}`,
      link: agencyClawbackPath(c.policy_id),
      meta: { clawback_id: c.id },
    },
    { agencyId: c.agency_id },
  )
}

async function updateClawback(ctx: ClawbackCtx, set: Partial<typeof clawbacks.$inferInsert>) {
  const [after] = await ctx.tx
    .update(clawbacks)
    .set({ ...set, decided_by: ctx.staff.identityId, updated_at: ctx.now })
    .where(eq(clawbacks.id, ctx.c.id))
    .returning()
  return after
}

/**
 * Nets the clawback's amount against the agency's COMMISSION_BANKED commissions, taken whole and
 * oldest first (BANKED_COMMISSION): the used commissions become PAID; the balance ledger shows them
 * credited (COMMISSION_RECEIVED, their whole amount) and the clawback debited (CLAWBACK_PAYMENT), so
 * the agency keeps what was left over. 409 when the banked commission does not cover the amount.
 */
async function netBankedCommission(ctx: ClawbackCtx) {
  const { tx, c, amount, staff, now } = ctx
  const banked = await tx
    .select({ id: commissions.id, amount: commissions.amount })
    .from(commissions)
    .where(
      and(
        eq(commissions.agency_id, c.agency_id),
        inArray(commissions.status, [...BANKED_COMMISSION_STATUSES]),
      ),
    )
    .orderBy(asc(commissions.updated_at), asc(commissions.id))
    .for('update')
  const net = netAgainstBanked(amount, banked)
  if (net.short > 0)
    throw conflict(
      `Not enough banked commission to net this clawback: ${formatCents(net.usedTotal)} banked, ${formatCents(amount)} owed`,
    )
  await markCommissionsPaid(
    tx,
    net.used.map((u) => u.id),
    now,
  )
  await postBalanceEntry(tx, {
    agencyId: c.agency_id,
    type: 'COMMISSION_RECEIVED',
    amount: net.usedTotal,
    actor: staff,
    policyId: c.policy_id,
    invoiceId: c.invoice_id,
    note: `Banked commission #${net.used.map((u) => u.id).join(', #')} released to net clawback #${c.id}`,
  })
  const debit = await postBalanceEntry(tx, {
    agencyId: c.agency_id,
    type: 'CLAWBACK_PAYMENT',
    amount: -amount,
    actor: staff,
    policyId: c.policy_id,
    invoiceId: c.invoice_id,
    note: `Clawback #${c.id} netted against banked commission`,
  })
  return { net, ledgerId: debit.id }
}
