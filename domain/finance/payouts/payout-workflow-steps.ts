// The steps of the commissionPayout workflow (its activities call these): load the payout, open
// its inbox task, remind staff, and apply a decision. Each checks the database first, so a retried
// activity changes nothing twice.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { agencies, commissionPayouts, financeRequestHistories } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { financeTeamEmail } from '../../shared/config'
import { invalidTransition, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { financeRecipient } from '../../mail/finance-mails'
import { payoutMails } from '../../mail/payout-mails'
import { payoutMailAttachments } from './payout-documents'
import { processKeys } from '../../shared/process-keys.rules'
import { notify } from '../../notifications/notify'
import { remindOnce } from '../../tasks/remind-once'
import { syncWorkflowTasks } from '../../tasks/workflow-tasks'
import { assertNotMaker } from '../finance-guards'
import { approvedOffsets, recordPayoutHistory } from './payout-history'
import { approvePayout, rejectPayout, type PayoutOutcome, type PayoutRow } from './payout-decision'
import { statusAfter, type PayoutDecision, type PayoutState } from './payouts.rules'
import { clawbackProcess, type ClawbackDeps } from '../../clawbacks/clawback-process'
import { logError } from '../../shared/log'
import { traceIds } from '../../shared/trace-ids'
import { sharedStepDeps, type StepDeps } from '../../shared/step-deps'
import { staffLinks } from '../../shared/links'
import { assertBatchAllows } from '../payout-batches/payout-batch-guard'

const stateOf = (p: PayoutRow): PayoutState => ({
  payoutId: p.id,
  agencyId: p.agency_id,
  status: p.status,
  totalCents: p.total_amount,
  paymentType: p.payment_type,
})

/** The staff link of a payout (inbox task, reminders). */
export const staffPayoutPath = staffLinks.payout

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
 * activity), anything else is refused (409). Maker-checker is checked again here. The decision
 * itself is rejectPayout or approvePayout (payout-decision.ts), whose offsets against clawbacks are
 * the clawbacks area's own effect (offsetClawbacksByPayout).
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
  const target = statusAfter(decision)
  const outcome = await deps.db.transaction(async (tx): Promise<PayoutOutcome> => {
    const [p] = await tx
      .select()
      .from(commissionPayouts)
      .where(eq(commissionPayouts.id, payoutId))
      .for('update')
    if (!p) throw notFound('Commission payout')
    traceIds({ payout: p.id, agency: p.agency_id })
    if (p.status === target)
      return {
        payout: p,
        credited: p.total_amount - p.clawback_offset_amount,
        // Told again: a first attempt may have died between its commit and telling them.
        offsets: target === 'APPROVED' ? await approvedOffsets(tx, p.id) : [],
      }
    if (p.status !== 'REQUESTED')
      throw invalidTransition(`This payout is already ${p.status}; only a REQUESTED payout can be decided`)
    assertNotMaker(staff.identityId, p)
    await assertBatchAllows(tx, p.id, decision.kind === 'approve' ? decision.batch_id : undefined)
    const ctx = { tx, p, staff, by: `Oshc:${decision.by.email}`, now: deps.clock.now() }
    return decision.kind === 'reject'
      ? rejectPayout(ctx, decision.rejection_reason)
      : approvePayout(ctx, decision)
  })
  await mailDecision(outcome.payout, outcome.credited, deps)
  for (const o of outcome.offsets) {
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
  const to = financeRecipient(agency)
  await mail({ to, ...body }, { idempotencyKey: `payout-${p.id}-${p.status}` })
  if (p.status !== 'APPROVED') return
  // Then the paid payout's documents, in a mail of their own: the remittance advice, and the RCTI
  // for an agency registered for GST (none when they cannot be written: they stay downloadable).
  const attachments = await payoutMailAttachments(db, p.id)
  if (!attachments.length) return
  const rcti = attachments.some((a) => a.filename.startsWith('rcti-'))
  await mail(
    {
      to,
      ...payoutMails.documents({ id: p.id, externalInvoiceId: p.external_invoice_id, rcti }),
      attachments,
    },
    { idempotencyKey: `documents-of-${processKeys.commissionPayout(p.id)}` },
  )
}
