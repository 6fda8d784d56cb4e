// The steps of the commissionPayout workflow (its activities call these): load the payout, open
// its inbox task, remind staff, and apply a decision. Each checks the database first, so a retried
// activity changes nothing twice.
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import {
  agencies,
  clawbacks,
  commissionPayoutItems,
  commissionPayouts,
  commissions,
  financeRequestHistories,
  invoices,
} from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { isoDate } from '../../shared/clock'
import { financeTeamEmail } from '../../shared/config'
import { invalidTransition, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { financeRecipient } from '../../mail/finance-mails'
import { payoutMails } from '../../mail/payout-mails'
import { notify } from '../../notifications/notify'
import { remindOnce } from '../../tasks/remind-once'
import { closeWorkflowTasks, syncWorkflowTasks } from '../../tasks/workflow-tasks'
import { recordInvoiceHistory, recordInvoicePayment } from '../invoice-payments'
import { setInvoiceStatus } from '../invoices'
import { postBalanceEntry } from '../ledger'
import { staffAsNow } from '../../money/authority'
import { account } from '../../money/accounts'
import { postTransfers } from '../../money/journal'
import { assertNotMaker } from '../finance-guards'
import { recordPayoutHistory } from './payout-history'
import { PAYOUT_PAYMENT_TYPE_LABELS } from '../../shared/labels'
import { statusAfter, type PayoutDecision, type PayoutState } from './payouts.rules'
import { settleClawbackByPayout } from '../../clawbacks/clawback-workflow-steps'
import { clawbackProcess, type ClawbackDeps } from '../../clawbacks/clawback-process'
import { logError } from '../../shared/log'
import { sharedStepDeps, type StepDeps } from '../../shared/step-deps'

type PayoutRow = typeof commissionPayouts.$inferSelect

const stateOf = (p: PayoutRow): PayoutState => ({
  payoutId: p.id,
  agencyId: p.agency_id,
  status: p.status,
  totalCents: p.total_amount,
  paymentType: p.payment_type,
})

/** The staff link of a payout (inbox task, reminders). */
export const staffPayoutPath = (payoutId: number) => `/staff/finance/payouts/${payoutId}`

async function payoutWithAgency(db: Db, payoutId: number) {
  const [row] = await db
    .select({ payout: commissionPayouts, name: agencies.full_company_name, email: agencies.email })
    .from(commissionPayouts)
    .innerJoin(agencies, eq(agencies.id, commissionPayouts.agency_id))
    .where(eq(commissionPayouts.id, payoutId))
  if (!row) throw notFound('Commission payout')
  return { payout: row.payout, agencyName: row.name ?? row.email }
}

export async function loadPayoutState(payoutId: number, { db }: Pick<StepDeps, 'db'> = sharedStepDeps()) {
  return stateOf((await payoutWithAgency(db, payoutId)).payout)
}

/** Opens the staff task `payout` of a REQUESTED payout (idempotent: an open task keeps its due date). */
export async function openPayoutTask(
  input: { payoutId: number; workflowId: string; dueInMs: number },
  { db, clock }: Pick<StepDeps, 'db' | 'clock'> = sharedStepDeps(),
) {
  const { payout, agencyName } = await payoutWithAgency(db, input.payoutId)
  if (payout.status !== 'REQUESTED') return
  await syncWorkflowTasks(input.workflowId, {
    kind: 'payout',
    audience: 'staff',
    subject: `Decide commission payout #${payout.id} of ${formatCents(payout.total_amount)} for ${agencyName}`,
    agencyId: payout.agency_id,
    link: staffPayoutPath(payout.id),
    dueAt: new Date(clock.now().getTime() + input.dueInMs),
    amount: payout.total_amount,
  })
}

/**
 * A deadline passed on a REQUESTED payout: a history row and a notification to staff holding
 * finance, and a mail to the finance team; the second time an escalation (the task is marked
 * escalated). Once per `key`, however often the activity is retried.
 */
export async function remindPayout(
  input: { payoutId: number; workflowId: string; escalate: boolean; key: string },
  { db, mail }: Pick<StepDeps, 'db' | 'mail'> = sharedStepDeps(),
) {
  const { payout, agencyName } = await payoutWithAgency(db, input.payoutId)
  if (payout.status !== 'REQUESTED') return
  const what = `commission payout #${payout.id} of ${formatCents(payout.total_amount)} for ${agencyName} is waiting for a decision`
  const path = staffPayoutPath(payout.id)
  await remindOnce(
    {
      key: input.key,
      workflowId: input.workflowId,
      escalate: input.escalate,
      history: {
        table: financeRequestHistories,
        of: and(
          eq(financeRequestHistories.request_type, 'COMMISSION_PAYOUT'),
          eq(financeRequestHistories.request_id, payout.id),
        ),
      },
      record: async (tx) => {
        await recordPayoutHistory(tx, {
          payoutId: payout.id,
          agencyId: payout.agency_id,
          action: input.escalate ? 'ESCALATED' : 'REMINDER_SENT',
          by: `workflow:${input.workflowId}`,
          note: what,
          agencyVisible: false,
          meta: { key: input.key },
        })
        await notify(
          tx,
          {
            eventType: input.escalate ? 'COMMISSION_PAYOUT_ESCALATED' : 'COMMISSION_PAYOUT_REMINDER',
            title: input.escalate ? 'Commission payout escalated' : 'Commission payout waiting',
            message: what,
            link: path,
            meta: { payout_id: payout.id },
          },
          { staffPermission: 'finance' },
        )
      },
      mail: { to: financeTeamEmail(), what, path },
    },
    { db, mail },
  )
}

/**
 * Applies a staff decision in one transaction (the activity of the `decide` update). The payout
 * must be REQUESTED; one already at the decision's outcome is answered as it is (a retried
 * activity), anything else is refused (409). Maker-checker is checked again here.
 *
 * Approve: commissions PAID, payout APPROVED with receipt and payment date, its COMMISSION invoice
 * paid through recordInvoicePayment (BANK for a bank transfer, AGENCY_BALANCE otherwise). BANK
 * moves no balance ledger (the money leaves by transfer; the journal posts commission payable ->
 * clearing:bank, PAYOUT). The journal adds the invoice's GST to commission payable first
 * (house:gst, GST), and an offset against a clawback pays policy:P:clawback from it (CLAWBACK). AGENCY_BALANCE credits the whole total to the
 * balance (COMMISSION_RECEIVED). SETTLED_WITH_CLAWBACK first offsets the agency's open clawbacks
 * (INITIATED, REQUESTED or REJECTED with something outstanding, oldest first) up to the total,
 * completing those it covers in full, and credits the rest to the balance (COMMISSION_RECEIVED).
 * Reject: payout REJECTED with the reason, commissions back to COMMISSION_BANKED (requestable
 * again), invoice CANCELLED. Both close the inbox task, notify the agency in the transaction and
 * mail it after commit (once per payout and outcome).
 */
export async function applyCommissionPayoutDecision(
  input: { payoutId: number; decision: PayoutDecision },
  deps: StepDeps & ClawbackDeps = sharedStepDeps(),
): Promise<PayoutState> {
  const { payoutId, decision } = input
  const staff: StaffActor = {
    kind: 'Oshc',
    identityId: decision.by.identityId,
    userId: decision.by.userId,
    email: decision.by.email,
    permissions: new Set(),
  }
  const by = `Oshc:${decision.by.email}`
  const target = statusAfter(decision)
  const outcome = await deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(commissionPayouts)
      .where(eq(commissionPayouts.id, payoutId))
      .for('update')
    if (!p) throw notFound('Commission payout')
    if (p.status === target)
      return { payout: p, credited: p.total_amount - p.clawback_offset_amount, offsets: [] }
    if (p.status !== 'REQUESTED')
      throw invalidTransition(`This payout is already ${p.status}; only a REQUESTED payout can be decided`)
    assertNotMaker(staff.identityId, p)
    const now = deps.clock.now()
    const commissionIds = tx
      .select({ id: commissionPayoutItems.commission_id })
      .from(commissionPayoutItems)
      .where(eq(commissionPayoutItems.payout_id, p.id))
    const common = { decided_by: staff.identityId, decided_at: now, updated_at: now }

    if (decision.kind === 'reject') {
      await tx
        .update(commissions)
        .set({ status: 'COMMISSION_BANKED', updated_at: now })
        .where(and(inArray(commissions.id, commissionIds), eq(commissions.status, 'PAYOUT_REQUESTED')))
      if (p.invoice_id) {
        const [inv] = await tx
          .select({ status: invoices.status })
          .from(invoices)
          .where(eq(invoices.id, p.invoice_id))
        await setInvoiceStatus(tx, p.invoice_id, {
          status: 'CANCELLED',
          cancellation_reasons: decision.rejection_reason,
        })
        await recordInvoiceHistory(tx, {
          invoiceId: p.invoice_id,
          action: 'CANCELLED',
          message: `Commission payout #${p.id} rejected; invoice cancelled`,
          note: decision.rejection_reason,
          fromStatus: inv?.status ?? null,
          toStatus: 'CANCELLED',
          actor: staff,
        })
      }
      const [payout] = await tx
        .update(commissionPayouts)
        .set({ status: 'REJECTED', rejection_reason: decision.rejection_reason, ...common })
        .where(eq(commissionPayouts.id, p.id))
        .returning()
      await recordPayoutHistory(tx, {
        payoutId: p.id,
        agencyId: p.agency_id,
        action: 'REJECTED',
        by,
        byIdentityId: staff.identityId,
        fromStatus: 'REQUESTED',
        toStatus: 'REJECTED',
        note: decision.rejection_reason,
      })
      await closeWorkflowTasks(`payout-${p.id}`, 'rejected', tx)
      await notify(
        tx,
        {
          eventType: 'COMMISSION_PAYOUT_REJECTED',
          title: `Commission payout #${p.id} rejected`,
          message: `${formatCents(p.total_amount)} was not paid: ${decision.rejection_reason}`,
          link: '/agency/finance/payouts',
          meta: { payout_id: p.id },
        },
        { agencyId: p.agency_id },
      )
      return { payout, credited: 0, offsets: [] }
    }

    const receiptId = `PO-${p.id}-${isoDate(now).replaceAll('-', '')}`
    const total = p.total_amount
    const payable = account.agencyCommissionPayable(p.agency_id)
    const journalLinks = { agencyId: p.agency_id, payoutId: p.id, invoiceId: p.invoice_id, actor: staff }
    // The agency's invoice adds GST to the banked commission: the house owes it on top, so it
    // joins what is payable before the payout takes the whole total out (issue 22).
    if (p.gst_amount > 0)
      await postTransfers(tx, [
        {
          key: `payout:${p.id}:gst`,
          debit: account.house('gst'),
          credit: payable,
          amount: p.gst_amount,
          code: 'GST',
          note: `GST on commission payout #${p.id}`,
          ...journalLinks,
        },
      ])
    let offset = 0
    const offsets: { clawback_id: number; amount: number; completed: boolean }[] = []
    if (decision.payment_type === 'SETTLED_WITH_CLAWBACK') {
      const open = await tx
        .select()
        .from(clawbacks)
        .where(
          and(
            eq(clawbacks.agency_id, p.agency_id),
            // A clawback the agency is paying another way (REQUESTED by bank, balance or banked
            // commission) waits for its own decision; one it chose to net against payouts is taken.
            or(
              inArray(clawbacks.status, ['INITIATED', 'REJECTED']),
              and(
                eq(clawbacks.status, 'REQUESTED'),
                or(eq(clawbacks.clawback_method, 'COMMISSION'), isNull(clawbacks.clawback_method)),
              ),
            ),
            gt(clawbacks.outstanding_amount, 0),
          ),
        )
        .orderBy(asc(clawbacks.created_at), asc(clawbacks.id))
        .for('update')
      for (const c of open) {
        if (offset >= total) break
        const take = Math.min(c.outstanding_amount, total - offset)
        const left = c.outstanding_amount - take
        offset += take
        offsets.push({ clawback_id: c.id, amount: take, completed: left === 0 })
        await tx
          .update(clawbacks)
          .set({
            outstanding_amount: left,
            updated_at: now,
            ...(left === 0
              ? {
                  status: 'COMPLETED' as const,
                  clawback_method: 'COMMISSION' as const,
                  clawback_completed_at: now,
                  receipt_id: receiptId,
                  decided_by: staff.identityId,
                }
              : {}),
          })
          .where(eq(clawbacks.id, c.id))
        await tx.insert(financeRequestHistories).values({
          request_type: 'CLAWBACK',
          request_id: c.id,
          agency_id: p.agency_id,
          action: 'OFFSET_BY_PAYOUT',
          from_status: c.status,
          to_status: left === 0 ? 'COMPLETED' : c.status,
          actor: by,
          actor_id: staff.identityId,
          note: `${formatCents(take)} offset by commission payout #${p.id}; ${formatCents(left)} outstanding`,
          meta: { payout_id: p.id, amount: take },
        })
        // The offset part of the payout pays the clawback out of commission payable.
        await postTransfers(tx, [
          {
            key: `payout:${p.id}:clawback:${c.id}`,
            debit: payable,
            credit: account.policyClawback(c.policy_id),
            amount: take,
            code: 'CLAWBACK',
            note: `Clawback #${c.id} offset by commission payout #${p.id}`,
            policyId: c.policy_id,
            clawbackId: c.id,
            ...journalLinks,
          },
        ])
        await settleClawbackByPayout(tx, {
          clawback: c,
          amount: take,
          left,
          payoutId: p.id,
          receiptId,
          actor: staff,
        })
      }
    }
    const credited = decision.payment_type === 'BANK' ? 0 : total - offset
    // Paid by bank transfer: the money leaves commission payable through the bank's clearing
    // account (by balance it goes through postBalanceEntry, COMMISSION_RECEIVED, below).
    if (decision.payment_type === 'BANK' && total - offset > 0)
      await postTransfers(tx, [
        {
          key: `payout:${p.id}`,
          debit: payable,
          credit: account.clearing('bank'),
          amount: total - offset,
          code: 'PAYOUT',
          note: `Commission payout #${p.id} by bank transfer, receipt ${receiptId}`,
          ...journalLinks,
        },
      ])
    const entry =
      credited > 0
        ? await postBalanceEntry(tx, {
            agencyId: p.agency_id,
            type: 'COMMISSION_RECEIVED',
            amount: credited,
            actor: staff,
            invoiceId: p.invoice_id,
            note: `Commission payout #${p.id}${offset ? ` (after ${formatCents(offset)} offset against clawbacks)` : ''}`,
            // The writer's backstop: the decider as they are now (holding finance), not the maker.
            decision: { by: (await staffAsNow(tx, staff.identityId)) ?? staff, makers: [p.created_by] },
          })
        : null
    if (p.invoice_id && total > 0) {
      await recordInvoicePayment(tx, {
        invoiceId: p.invoice_id,
        method: decision.payment_type === 'BANK' ? 'BANK' : 'AGENCY_BALANCE',
        amount: total,
        status: 'COMPLETED',
        actor: staff,
        ref: receiptId,
        notes: `${PAYOUT_PAYMENT_TYPE_LABELS[decision.payment_type]}${
          offset ? `: ${formatCents(offset)} against clawbacks, ${formatCents(credited)} to the balance` : ''
        }`,
        meta: {
          payout_id: p.id,
          payment_type: decision.payment_type,
          bank_document: decision.bank_document,
          clawback_offsets: offsets,
          ledger_id: entry?.id ?? null,
        },
      })
    }
    await tx
      .update(commissions)
      .set({ status: 'PAID', updated_at: now })
      .where(and(inArray(commissions.id, commissionIds), eq(commissions.status, 'PAYOUT_REQUESTED')))
    const [payout] = await tx
      .update(commissionPayouts)
      .set({
        status: 'APPROVED',
        payment_type: decision.payment_type,
        bank_document: decision.payment_type === 'BANK' ? decision.bank_document : null,
        receipt_id: receiptId,
        payment_date: now,
        clawback_offset_amount: offset,
        ...common,
      })
      .where(eq(commissionPayouts.id, p.id))
      .returning()
    await recordPayoutHistory(tx, {
      payoutId: p.id,
      agencyId: p.agency_id,
      action: 'APPROVED',
      by,
      byIdentityId: staff.identityId,
      fromStatus: 'REQUESTED',
      toStatus: 'APPROVED',
      note: `${PAYOUT_PAYMENT_TYPE_LABELS[decision.payment_type]}, receipt ${receiptId}`,
      meta: { offsets, credited, ledger_id: entry?.id ?? null },
    })
    await closeWorkflowTasks(`payout-${p.id}`, 'approved', tx)
    await notify(
      tx,
      {
        eventType: 'COMMISSION_PAID',
        title: `Commission payout #${p.id} approved`,
        message: `${formatCents(total)} paid (${PAYOUT_PAYMENT_TYPE_LABELS[decision.payment_type]}), receipt ${receiptId}`,
        link: '/agency/finance/payouts',
        meta: { payout_id: p.id },
      },
      { agencyId: p.agency_id },
    )
    return { payout, credited, offsets }
  })
  await mailDecision(outcome.payout, outcome.credited, deps)
  for (const o of outcome.offsets ?? []) {
    // The clawback's workflow reloads it (and ends when this payout settled it).
    await (deps.clawbacks ?? clawbackProcess())
      .changed(o.clawback_id)
      .catch((err: unknown) => logError('clawback workflow not told of a payout offset', err))
  }
  return stateOf(outcome.payout)
}

/** The agency's mail about a decision, once per payout and outcome (retries send nothing more). */
async function mailDecision(p: PayoutRow, credited: number, { db, mail }: Pick<StepDeps, 'db' | 'mail'>) {
  const [agency] = await db
    .select({ email: agencies.email, finance_comms_email: agencies.finance_comms_email })
    .from(agencies)
    .where(eq(agencies.id, p.agency_id))
  if (!agency) return
  const body =
    p.status === 'APPROVED'
      ? payoutMails.approved({
          id: p.id,
          externalInvoiceId: p.external_invoice_id,
          totalCents: p.total_amount,
          paymentType: p.payment_type ?? 'BANK',
          receiptId: p.receipt_id ?? '',
          offsetCents: p.clawback_offset_amount,
          creditedCents: p.payment_type === 'BANK' ? 0 : credited,
        })
      : payoutMails.rejected({
          id: p.id,
          externalInvoiceId: p.external_invoice_id,
          totalCents: p.total_amount,
          reason: p.rejection_reason ?? '',
        })
  await mail({ to: financeRecipient(agency), ...body }, { idempotencyKey: `payout-${p.id}-${p.status}` })
}
